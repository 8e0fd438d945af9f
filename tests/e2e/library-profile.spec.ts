import { expect, test } from './fixtures.ts';
import { createListener, serverDeps, signIn } from './support.ts';

test('the profile shows the listener, their public playlists and their own tops', async ({
  page,
  context,
}) => {
  const listener = await createListener({ name: 'Profile Person' });
  const auth = { authorization: `Bearer ${listener.token}` };
  for (const [name, isPublic] of [
    ['Open one', true],
    ['Open two', true],
    ['Kept private', false],
  ] as const) {
    await page.request.post('/api/user/addPlaylist', { headers: auth, data: { name, isPublic } });
  }
  // Plays of this listener: one song clearly on top.
  const songs = (await (await page.request.get('/api/songs?limit=3')).json()).items as {
    _id: number;
    title: string;
  }[];
  const deps = await serverDeps();
  const at = new Date(Date.now() - 60_000).toISOString();
  await deps.db
    .insertInto('plays')
    .values([
      ...Array.from({ length: 4 }, () => ({
        song_id: songs[2]!._id,
        user_id: listener.id,
        listener_key: `u:${listener.id}`,
        played_at: at,
      })),
      {
        song_id: songs[1]!._id,
        user_id: listener.id,
        listener_key: `u:${listener.id}`,
        played_at: at,
      },
    ])
    .execute();

  await signIn(context, listener);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile Person' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Profile', { exact: true })).toBeVisible();
  await expect(page.getByTestId('public-playlist-count')).toHaveText('2 Public Playlists');

  await expect(page.getByRole('heading', { name: 'Top artists this month' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top tracks this month' })).toBeVisible();
  await expect(page.getByText('Only visible to you')).toHaveCount(2);
  const tracks = page.getByTestId('top-track');
  await expect(tracks).toHaveCount(2);
  await expect(tracks.first()).toContainText(songs[2]!.title);
  await expect(page.getByTestId('top-artist').first()).toBeVisible();

  // Hover shows play; the playing song shows pause in green.
  const play = tracks.first().getByRole('button', { name: `Play ${songs[2]!.title}` });
  await expect(play).toHaveCSS('opacity', '0');
  await tracks.first().hover();
  await expect(play).toHaveCSS('opacity', '1');
  await play.click();
  const pause = tracks.first().getByRole('button', { name: `Pause ${songs[2]!.title}` });
  await expect(pause).toBeVisible();
  await expect(pause).toHaveClass(/text-brand/);
  await expect(page.getByTestId('now-playing-title')).toHaveText(songs[2]!.title);

  const cards = page.getByTestId('public-playlist');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'Kept private' })).toHaveCount(0);
  await expect(cards.first()).toContainText('Profile Person');
  await cards.filter({ hasText: 'Open two' }).click();
  await expect(page).toHaveURL(/\/viewPlaylist\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Open two' })).toBeVisible();
});

test('a new listener’s profile shows the catalog’s tops until they play something', async ({
  page,
  context,
}) => {
  const listener = await createListener({ name: 'Brand New' });
  await signIn(context, listener);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Brand New' })).toBeVisible();
  await expect(page.getByTestId('public-playlist-count')).toHaveText('0 Public Playlists');
  await expect(page.getByTestId('top-track')).toHaveCount(5);
  await expect(page.getByTestId('top-artist')).toHaveCount(5);
  await page.getByRole('link', { name: 'Show all' }).click();
  await expect(page).toHaveURL(/\/AllArtist$/);

  // On a phone the whole name shows.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/profile');
  const name = page.getByRole('heading', { name: 'Brand New' });
  await expect(name).toBeInViewport({ ratio: 1 });
  expect(await name.evaluate((heading) => heading.scrollWidth <= heading.clientWidth)).toBe(true);
  // A top track is number, song and actions, as every song list is on a phone: the title has
  // most of the row, not the sliver the duration column left it.
  const track = page.getByTestId('top-track').first();
  await expect(track.getByText(/^\d+:\d{2}$/)).toBeHidden();
  const row = (await track.boundingBox())!;
  // The cell of cover, title and artist.
  const cell = track.getByTestId('song-title').locator('xpath=../..');
  expect((await cell.boundingBox())!.width).toBeGreaterThan(row.width / 2);
});

test('the Apps panel makes an app key that a Subsonic app signs in with, and revokes it', async ({
  page,
  context,
}) => {
  const listener = await createListener({ name: 'App Person' });
  await signIn(context, listener);
  await page.goto('/profile');
  const panel = page.getByTestId('apps-panel');
  await expect(panel.getByRole('heading', { name: 'Apps' })).toBeVisible();
  await expect(panel).toContainText(`User: ${listener.email}`);
  // From the keyboard: the button is disabled while the key is made, and has the focus after.
  await expect(panel.getByRole('button', { name: 'Create', exact: true })).toBeEnabled();
  await panel.getByRole('button', { name: 'Create', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('app-key')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Create a new key' })).toBeFocused();
  const key = (await panel.getByTestId('app-key').textContent())!.trim();
  expect(key.length).toBeGreaterThan(20);

  const ping = async (appKey: string) =>
    (
      await (
        await page.request.get(`/rest/ping.view?f=json&apiKey=${encodeURIComponent(appKey)}`)
      ).json()
    )['subsonic-response'];
  expect((await ping(key)).status).toBe('ok');

  // A new key signs the apps out, so the panel asks first; Cancel keeps the key.
  const dialog = page.getByRole('alertdialog');
  await panel.getByRole('button', { name: 'Create a new key' }).click();
  await expect(dialog).toContainText('Replace your app key?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await ping(key)).status).toBe('ok');
  await panel.getByRole('button', { name: 'Create a new key' }).click();
  await dialog.getByRole('button', { name: 'Create a new key' }).click();
  await expect(panel.getByTestId('app-key')).not.toHaveText(key);
  const replaced = (await panel.getByTestId('app-key').textContent())!.trim();
  expect((await ping(key)).error.code).toBe(44);
  expect((await ping(replaced)).status).toBe('ok');

  await panel.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toContainText('Revoke your app key?');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(panel.getByRole('button', { name: 'Create', exact: true })).toBeVisible();
  // Revoke went with the key; the focus is on Create, not the page's body.
  await expect(panel.getByRole('button', { name: 'Create', exact: true })).toBeFocused();
  await expect(panel.getByTestId('app-key')).toHaveCount(0);
  const refused = await ping(replaced);
  expect(refused.status).toBe('failed');
  expect(refused.error.code).toBe(44);
});

test('Copy puts the shown app key on the clipboard, or selects it where there is no clipboard', async ({
  page,
  context,
  browser,
}) => {
  const listener = await createListener({ name: 'Key Copier' });
  await signIn(context, listener);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/profile');
  const panel = page.getByTestId('apps-panel');
  await panel.getByRole('button', { name: 'Create', exact: true }).click();
  const key = (await panel.getByTestId('app-key').textContent())!.trim();
  await panel.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // An http:// address other than localhost has no clipboard API: the key is selected instead,
  // ready for Ctrl+C, and the toast says so.
  const insecure = await browser.newContext({ baseURL: process.env.CHORUS_URL });
  await signIn(insecure, listener);
  await insecure.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }),
  );
  const other = await insecure.newPage();
  await other.goto('/profile');
  const otherPanel = other.getByTestId('apps-panel');
  await otherPanel.getByRole('button', { name: 'Create a new key' }).click();
  await other.getByRole('alertdialog').getByRole('button', { name: 'Create a new key' }).click();
  const replaced = (await otherPanel.getByTestId('app-key').textContent())!.trim();
  await otherPanel.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(other.getByText('Key selected: press Ctrl+C to copy it')).toBeVisible();
  expect(await other.evaluate(() => window.getSelection()?.toString().trim())).toBe(replaced);
  await insecure.close();
});
