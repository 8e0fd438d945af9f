import type { Page } from '@playwright/test';
import { imageHashOf } from '../../contract/media.ts';
import { makeJpeg, makePngBomb } from '../fixtures/media.ts';
import { expect, expectAudioAdvancing, test } from './fixtures.ts';
import { createListener, pageErrors, signIn } from './support.ts';

const player = (page: Page) => page.getByRole('region', { name: 'Player' });
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Your Library' });
const rowTitles = (page: Page) => page.getByTestId('song-row').getByTestId('song-title');

/** A playlist of `owner`'s made through the API, holding `songIds` in order; answers its id. */
async function playlistOf(
  page: Page,
  owner: { token: string },
  data: { name: string; isPublic?: boolean },
  songIds: number[] = [],
): Promise<number> {
  const headers = { authorization: `Bearer ${owner.token}` };
  const created = await page.request.post('/api/user/addPlaylist', { headers, data });
  const id = (await created.json()).data._id as number;
  for (const songId of songIds) {
    await page.request.post(`/api/user/addSongPlaylist/${id}`, { headers, data: { songId } });
  }
  return id;
}

async function addCurrentSongTo(page: Page, playlist: string) {
  await player(page).getByRole('button', { name: 'Add to playlist' }).click();
  const popup = page.getByRole('dialog', { name: 'Add to playlist' });
  await expect(popup.getByRole('heading', { name: 'Add to playlist' })).toBeVisible();
  const choice = popup.getByRole('menuitemcheckbox', { name: new RegExp(playlist) });
  await expect(choice).toHaveAttribute('aria-checked', 'false');
  await choice.click();
  await expect(choice).toHaveAttribute('aria-checked', 'true');
  return { popup, choice };
}

test('a listener builds a playlist from the player, plays, reorders, trims, likes and deletes it', async ({
  page,
  context,
}) => {
  const listener = await createListener({ name: 'Journey Listener' });
  await signIn(context, listener);

  // Create: Save stays disabled until the name has text; saving goes home and shows it at once.
  await page.goto('/addPlaylist');
  const dialog = page.getByRole('dialog', { name: 'Edit details' });
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await dialog.getByPlaceholder('Add a name').fill('   ');
  await expect(save).toBeDisabled();
  await dialog.getByPlaceholder('Add a name').fill('Journey mix');
  await dialog.getByPlaceholder('Add an optional description').fill('Made by a test\nfor the road');
  await save.click();
  await expect(page).toHaveURL(/\/$/);
  const link = sidebar(page).getByRole('link', { name: /Journey mix/ });
  await expect(link).toBeVisible();

  // Add two songs from the player's popup; the check marks show which playlists hold the song.
  await page
    .getByRole('button', { name: /^Play / })
    .first()
    .click({ force: true });
  await expect(page.getByTestId('now-playing-title')).not.toBeEmpty();
  const first = await page.getByTestId('now-playing-title').textContent();
  const { popup, choice } = await addCurrentSongTo(page, 'Journey mix');
  await expect(choice).toContainText('1 song');
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();

  await player(page).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('now-playing-title')).not.toHaveText(first ?? '');
  const second = await page.getByTestId('now-playing-title').textContent();
  await addCurrentSongTo(page, 'Journey mix');
  await page.keyboard.press('Escape');

  // Back on the first song, its check mark is still there.
  await player(page).getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByTestId('now-playing-title')).toHaveText(first ?? '');
  await player(page).getByRole('button', { name: 'Add to playlist' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Add to playlist' })
      .getByRole('menuitemcheckbox', { name: /Journey mix/ }),
  ).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await player(page).getByRole('button', { name: 'Pause' }).click();

  // Open it and play it: the playlist is the queue.
  await link.click();
  await expect(page.getByRole('heading', { name: 'Journey mix' })).toBeVisible();
  await expect(page.getByText('Public Playlist')).toBeVisible();
  // The description keeps the lines it was written in.
  // The text as drawn (a pattern, as text is compared with its spaces and breaks folded).
  await expect(page.getByText('Made by a test')).toHaveText(/^Made by a test\nfor the road$/, {
    useInnerText: true,
  });
  await expect(page.getByText('Journey Listener', { exact: true })).toBeVisible();
  await expect(page.getByTestId('playlist-stats')).toContainText('2 songs');
  await expect(rowTitles(page)).toHaveText([first ?? '', second ?? '']);
  await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByTestId('now-playing-title')).toHaveText(first ?? '');
  await expectAudioAdvancing(page, 0.3);

  // Reorder with the keyboard: the first song moves down, and the order is kept on the server.
  await page.getByRole('button', { name: `Move ${first}`, exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(rowTitles(page)).toHaveText([second ?? '', first ?? '']);
  await expect(page.getByRole('button', { name: `Move ${first}`, exact: true })).toBeFocused();
  await page.reload();
  await expect(rowTitles(page)).toHaveText([second ?? '', first ?? '']);

  // And back by dragging.
  await page.getByTestId('song-row').nth(1).dragTo(page.getByTestId('song-row').nth(0));
  await expect(rowTitles(page)).toHaveText([first ?? '', second ?? '']);
  await page.reload();
  await expect(rowTitles(page)).toHaveText([first ?? '', second ?? '']);

  // Like a song from its row and find it in Liked Songs.
  await page
    .getByTestId('song-row')
    .nth(1)
    .getByRole('button', { name: `Save ${second} to Liked Songs` })
    .click();
  await expect(
    page
      .getByTestId('song-row')
      .nth(1)
      .getByRole('button', { name: `Remove ${second} from Liked Songs` }),
  ).toBeVisible();

  // Remove a song.
  await page.getByRole('button', { name: `Remove ${first} from this playlist` }).click();
  await expect(rowTitles(page)).toHaveText([second ?? '']);
  await expect(page.getByTestId('playlist-stats')).toContainText('1 song');

  await sidebar(page)
    .getByRole('link', { name: /Liked Songs/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Liked Songs' })).toBeVisible();
  await expect(rowTitles(page)).toHaveText([second ?? '']);
  await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByTestId('now-playing-title')).toHaveText(second ?? '');

  // Delete through the confirm dialog.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Journey mix' })).toBeVisible();
  const row = sidebar(page).getByTestId('library-playlist').filter({ hasText: 'Journey mix' });
  await row.hover();
  await row.getByRole('button', { name: 'More options for Journey mix' }).click();
  await page.getByRole('menuitem', { name: 'Delete playlist' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete "Journey mix"?');
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
  await row.hover();
  await row.getByRole('button', { name: 'More options for Journey mix' }).click();
  await page.getByRole('menuitem', { name: 'Delete playlist' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test('the create dialog goes back on close and shows the server error in a red box', async ({
  page,
  context,
}) => {
  const listener = await createListener();
  await signIn(context, listener);
  await page.goto('/likedSongs');
  // "+" opens the dialog over the page; closing it leaves the page as it was.
  await sidebar(page).getByRole('button', { name: 'Create a new playlist' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit details' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit details' })).toBeHidden();
  await expect(page).toHaveURL(/\/likedSongs$/);

  // A save the server refuses shows its message in the dialog, which stays open. (The server is
  // stood in for: nothing the form lets through is refused by the real one.)
  await page.route('**/api/user/addPlaylist', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'This name cannot be used' }),
    }),
  );
  await page.goto('/addPlaylist');
  await page.getByPlaceholder('Add a name').fill('Never saved');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error: This name cannot be used');
  await expect(page).toHaveURL(/\/addPlaylist$/);
  await page.unroute('**/api/user/addPlaylist');

  // The session ends while the dialog is open: the tab is a visitor's from then on, home and
  // asked to log in, with the server's word of why.
  await context.clearCookies();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please log in to continue', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'Please Login' })).toContainText(
    'You need to be logged in to create a playlist.',
  );
  await expect(page.getByRole('dialog', { name: 'Edit details' })).toHaveCount(0);
});

test('the playlist cover takes the images the server takes, and says why it refuses another', async ({
  page,
  context,
}) => {
  const owner = await createListener();
  await signIn(context, owner);
  const id = await playlistOf(page, owner, { name: 'Pictured mix' });
  await page.goto(`/viewPlaylist/${id}`);
  await page
    .getByRole('main')
    .getByRole('button', { name: 'More options for Pictured mix' })
    .click();
  await page.getByRole('menuitem', { name: 'Change cover' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit details' });
  const photo = dialog.getByLabel('Choose photo');
  await photo.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'),
  });
  await expect(dialog.getByRole('alert')).toHaveText(
    'Error: Please select a valid image file (JPEG, PNG, or GIF)',
  );

  // A JPEG its system labels 'image/jpg' is taken: the server reads the bytes, not the label.
  await photo.setInputFiles({
    name: 'face.jpg',
    mimeType: 'image/jpg',
    buffer: await makeJpeg(48, '#cc8844'),
  });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const { data } = await (await page.request.get(`/api/playlists/${id}`)).json();
  expect(data.coverImage).toMatch(/^\/api\/images\/[a-f0-9]{64}\//);
});

test('a refused cover drops the one chosen before it: the dialog shows the current cover again, and Save keeps it', async ({
  page,
  context,
}) => {
  const owner = await createListener();
  await signIn(context, owner);
  const id = await playlistOf(page, owner, { name: 'Recovered mix' });
  const coverImage = async () =>
    (await (await page.request.get(`/api/playlists/${id}`)).json()).data.coverImage as string;
  await page.goto(`/viewPlaylist/${id}`);
  const dialog = page.getByRole('dialog', { name: 'Edit details' });
  const photo = dialog.getByLabel('Choose photo');
  const cover = dialog.getByRole('img', { name: 'Playlist cover' });
  const openDialog = async () => {
    await page
      .getByRole('main')
      .getByRole('button', { name: 'More options for Recovered mix' })
      .click();
    await page.getByRole('menuitem', { name: 'Change cover' }).click();
    await expect(dialog).toBeVisible();
  };

  await openDialog();
  await photo.setInputFiles({
    name: 'first.jpg',
    mimeType: 'image/jpeg',
    buffer: await makeJpeg(),
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const saved = await coverImage();
  expect(saved).toMatch(/^\/api\/images\//);

  await openDialog();
  // The dialog opens on the saved cover.
  const current = (await cover.getAttribute('src')) ?? '';
  expect(current).toMatch(/^\/api\/images\//);
  const refused = [
    {
      file: { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) },
      message: 'Image size must be less than 5MB',
    },
    {
      file: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('no picture') },
      message: 'Please select a valid image file (JPEG, PNG, or GIF)',
    },
    // Labelled a PNG, so the type check lets it through; the browser cannot draw it.
    {
      file: { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('no picture') },
      message: 'Please select a valid image file (JPEG, PNG, or GIF)',
    },
  ];
  for (const { file, message } of refused) {
    await photo.setInputFiles({
      name: 'second.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg(48, '#22aa88'),
    });
    await expect(cover).toHaveAttribute('src', /^blob:/);
    await photo.setInputFiles(file);
    await expect(dialog.getByRole('alert')).toHaveText(`Error: ${message}`);
    await expect(cover).toHaveAttribute('src', current);
    await expect(photo).toHaveValue('');
  }
  // Save sends what the dialog shows: no new cover.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(await coverImage()).toBe(saved);
});

test('a cover the server refuses at Save is let go of: Save then keeps the details and sends no file', async ({
  page,
  context,
}) => {
  const owner = await createListener();
  await signIn(context, owner);
  const id = await playlistOf(page, owner, { name: 'Unpictured mix' });
  const saved = async () => (await (await page.request.get(`/api/playlists/${id}`)).json()).data;
  await page.goto(`/viewPlaylist/${id}`);
  const dialog = page.getByRole('dialog', { name: 'Edit details' });
  const photo = dialog.getByLabel('Choose photo');
  const cover = dialog.getByRole('img', { name: 'Playlist cover' });
  const openDialog = async (name: string) => {
    await page
      .getByRole('main')
      .getByRole('button', { name: `More options for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Change cover' }).click();
    await expect(dialog).toBeVisible();
  };
  // A real PNG, so the dialog shows it; only the server reads that it is too large to take.
  const tall = { name: 'tall.png', mimeType: 'image/png', buffer: makePngBomb(1, 8_001) };

  await openDialog('Unpictured mix');
  await dialog.getByPlaceholder('Add a name').fill('Renamed mix');
  await photo.setInputFiles(tall);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/^Error: The image is 1×8001 pixels/);
  await expect(cover).toHaveCount(0);
  await expect(photo).toHaveValue('');
  // The details were saved before the cover was sent: the page and the library behind the
  // dialog (hidden from assistive technology while it is open) show them.
  await expect(
    page
      .getByRole('complementary', { name: 'Your Library', includeHidden: true })
      .getByRole('link', { name: /Renamed mix/, includeHidden: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Renamed mix', level: 1, includeHidden: true }),
  ).toBeVisible();
  // Choosing another file answers the refusal: its message goes.
  await photo.setInputFiles({
    name: 'face.jpg',
    mimeType: 'image/jpeg',
    buffer: await makeJpeg(48, '#cc8844'),
  });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await photo.setInputFiles([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const playlist = await saved();
  expect(playlist.name).toBe('Renamed mix');
  expect(playlist.coverImage).toBeFalsy();

  // A busy server (503) says nothing against the file: it stays, to be sent again. While the
  // cover is on its way no other can be chosen, as Save would never send it.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(`**/api/playlists/${id}/cover`, async (route) => {
    await answered;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Chorus is busy', field: 'imageFile' }),
    });
  });
  await openDialog('Renamed mix');
  await photo.setInputFiles(tall);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(photo).toBeDisabled();
  answer();
  await expect(dialog.getByRole('alert')).toHaveText('Error: Chorus is busy');
  await expect(photo).toBeEnabled();
  await expect(cover).toHaveAttribute('src', /^blob:/);
});

test('Edit details shows the cover the playlist shows, made of its songs, while it has none of its own', async ({
  page,
  context,
}) => {
  const owner = await createListener();
  await signIn(context, owner);
  const songs = (await (await page.request.get('/api/songs?limit=100')).json()).items as {
    _id: number;
    coverImage: string | null;
  }[];
  const covered = songs.find((song) => song.coverImage)!;
  const id = await playlistOf(page, owner, { name: 'Borrowed cover' }, [covered._id]);
  await page.goto(`/viewPlaylist/${id}`);
  const header = page.getByRole('main').locator('header img').first();
  await expect(header).toBeVisible();
  const shown = await header.getAttribute('src');
  // The mosaic's one tile is the song's own cover.
  const songCover = imageHashOf(covered.coverImage);
  expect(songCover).toMatch(/^[a-f0-9]{64}$/);
  expect(imageHashOf(shown)).toBe(songCover);

  await page
    .getByRole('main')
    .getByRole('button', { name: 'More options for Borrowed cover' })
    .click();
  await page.getByRole('menuitem', { name: 'Edit details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit details' });
  const photo = dialog.locator('label[title="Choose photo"]');
  await expect(photo.locator('img')).toHaveAttribute('src', shown!);
  await expect(photo.locator('svg.lucide-image-plus')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test("a playlist page's Back goes home when the tab opened on it, and back otherwise", async ({
  page,
  context,
}) => {
  const owner = await createListener();
  await signIn(context, owner);
  const id = await playlistOf(page, owner, { name: 'Linked to', isPublic: true });
  // Opened from a link: a step back would leave Chorus.
  await page.goto(`/viewPlaylist/${id}`);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Opened from another page of the app: back to it.
  await page.goto('/AllArtist');
  await sidebar(page)
    .getByRole('link', { name: /Linked to/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/viewPlaylist/${id}$`));
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/AllArtist$/);
});

test('a visitor sees a public playlist, with the mosaic of its song covers, but not a private one', async ({
  page,
  browser,
}) => {
  const owner = await createListener({ name: 'Sharing Owner' });
  // Five songs with covers of their own: the newest songs are often other journeys' bare ones.
  const seen = new Map<string, number>();
  for (let listPage = 1; seen.size < 5 && listPage <= 10; listPage++) {
    const response = await page.request.get(`/api/songs?limit=100&page=${listPage}`);
    const songs = (await response.json()).items as { _id: number; coverImage: string | null }[];
    if (songs.length === 0) break;
    for (const song of songs) {
      if (!song.coverImage || seen.has(song.coverImage) || seen.size >= 5) continue;
      seen.set(song.coverImage, song._id);
    }
  }
  expect(seen.size).toBe(5);
  const open = await playlistOf(page, owner, { name: 'Shared with all', isPublic: true }, [
    ...seen.values(),
  ]);
  const hidden = await playlistOf(page, owner, { name: 'Only mine', isPublic: false });

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const problems = pageErrors(visitorPage);
  // A shared link comes drawn by the server: its rows are in the HTML itself.
  const opened = await visitorPage.goto(`/viewPlaylist/${open}`);
  const html = (await opened?.text()) ?? '';
  expect(html).toContain('Shared with all');
  expect(html.match(/data-testid="song-row"/g)).toHaveLength(seen.size);
  await expect(visitorPage.getByRole('heading', { name: 'Shared with all' })).toBeVisible();
  await expect(visitorPage.getByText('Sharing Owner', { exact: true })).toBeVisible();
  await expect(visitorPage.getByTestId('song-row')).toHaveCount(seen.size);
  if (seen.size >= 4) await expect(visitorPage.getByTestId('cover-mosaic')).toBeVisible();
  // Not the owner: no remove buttons, no drag handles.
  await expect(visitorPage.getByRole('button', { name: /from this playlist$/ })).toHaveCount(0);
  await expect(visitorPage.getByRole('button', { name: /^Move / })).toHaveCount(0);

  // The browser took the drawn page over: its rows play.
  const row = visitorPage.getByTestId('song-row').first();
  const title = (await row.getByTestId('song-title').textContent()) ?? '';
  await row.hover();
  await row.getByRole('button', { name: `Play ${title}` }).click();
  await expectAudioAdvancing(visitorPage);
  // Reloaded with that song saved in the player, the drawn page is taken over as cleanly, and
  // the player bar then shows the saved song.
  await visitorPage.reload();
  await expect(visitorPage.getByTestId('now-playing-title')).toHaveText(title);
  expect(problems).toEqual([]);

  // Someone else's private playlist is not found, asked for once.
  const asked: string[] = [];
  visitorPage.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/playlists/${hidden}`) asked.push(request.url());
  });
  await visitorPage.goto(`/viewPlaylist/${hidden}`);
  await expect(visitorPage.getByText('No playlist found')).toBeVisible();
  expect(asked).toHaveLength(1);
  await visitor.close();
});

test('an empty playlist says so and its play button is disabled', async ({ page, context }) => {
  const listener = await createListener();
  await signIn(context, listener);
  const created = await page.request.post('/api/user/addPlaylist', {
    headers: { authorization: `Bearer ${listener.token}` },
    data: { name: 'Nothing yet' },
  });
  const id = (await created.json()).data._id as number;
  await page.goto(`/viewPlaylist/${id}`);
  await expect(page.getByText('No songs in this playlist')).toBeVisible();
  await expect(page.getByText('Add some songs to get started!')).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('button', { name: 'Play', exact: true }),
  ).toBeDisabled();
  await expect(page.getByTestId('cover-placeholder')).toBeVisible();
});

test('a drawn playlist stays on screen while its code is slow to arrive, then plays', async ({
  page,
}) => {
  const owner = await createListener({ name: 'Slow Network Owner' });
  const songs = (await (await page.request.get('/api/songs?limit=3')).json()).items as {
    _id: number;
    title: string;
  }[];
  const id = await playlistOf(
    page,
    owner,
    { name: 'Over a slow line', isPublic: true },
    songs.map((song) => song._id),
  );
  const problems = pageErrors(page);
  // The page's own code takes 2 s to come, far longer than the app's usual wait for it.
  let codeHere = false;
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/playlist-page-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
    codeHere = true;
    release();
  });
  const started = Date.now();
  await page.goto(`/viewPlaylist/${id}`, { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { name: 'Over a slow line' });
  await expect(heading).toBeVisible();
  // Meanwhile the app has started and hydrated what it could: the drawn page stays as drawn.
  await page.waitForTimeout(Math.max(0, 1300 - (Date.now() - started)));
  await expect(heading).toBeVisible();
  await expect(page.getByTestId('song-row')).toHaveCount(songs.length);
  expect(codeHere).toBe(false);
  await arrived;
  const row = page.getByTestId('song-row').first();
  await row.hover();
  await row.getByRole('button', { name: `Play ${songs[0]!.title}` }).click();
  await expectAudioAdvancing(page);
  expect(problems).toEqual([]);
});

test('a session the browser had no hints for is picked up from a drawn page', async ({
  page,
  context,
}) => {
  const listener = await createListener({ name: 'Cookie Only' });
  const id = await playlistOf(page, listener, { name: 'Mine, hints or not', isPublic: false });
  // The session cookie alone: storage was cleared, or the login happened elsewhere.
  await context.addCookies([
    { name: 'chorus_session', value: listener.token, url: process.env.CHORUS_URL!, httpOnly: true },
  ]);
  const problems = pageErrors(page);
  await page.goto(`/viewPlaylist/${id}`);
  await expect(page.getByRole('heading', { name: 'Mine, hints or not' })).toBeVisible();
  // The page the server drew knew the session; the app asks for it and keeps the hints.
  await expect(page.getByRole('button', { name: 'Profile menu' })).toHaveText('C');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('isAuth'))).toBe('true');
  expect(problems).toEqual([]);
});

test('a song row removed from the keyboard hands the focus to the row taking its place', async ({
  page,
  context,
}) => {
  const owner = await createListener();
  await signIn(context, owner);
  const songs = (await (await page.request.get('/api/songs?limit=3')).json()).items as {
    _id: number;
    title: string;
  }[];
  const [a, b, c] = songs.map((song) => song.title) as [string, string, string];
  const id = await playlistOf(
    page,
    owner,
    { name: 'Trimmed by keys' },
    songs.map((song) => song._id),
  );
  await page.goto(`/viewPlaylist/${id}`);
  const remove = (title: string) =>
    page.getByRole('button', { name: `Remove ${title} from this playlist` });
  await remove(b).focus();
  await page.keyboard.press('Enter');
  await expect(rowTitles(page)).toHaveText([a, c]);
  // The next row's same control, so Enter again goes on trimming.
  await expect(remove(c)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rowTitles(page)).toHaveText([a]);
  // The last row gone: the row before it.
  await expect(remove(a)).toBeFocused();

  // Liked Songs: unliking a row takes it off the list, and the focus goes on the same way.
  for (const song of songs) {
    await page.request.put(`/api/songs/${song._id}/like`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
  }
  await page.goto('/likedSongs');
  await expect(page.getByTestId('song-row')).toHaveCount(3);
  const unlike = (title: string) =>
    page.getByRole('main').getByRole('button', { name: `Remove ${title} from Liked Songs` });
  const [first, second] = await rowTitles(page).allTextContents();
  await unlike(first!).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('song-row')).toHaveCount(2);
  await expect(unlike(second!)).toBeFocused();
});

test("the player's popup creates a playlist with the song in it, and the focus stays in the popup", async ({
  page,
  context,
}) => {
  const listener = await createListener();
  await signIn(context, listener);
  await page.goto('/');
  await page
    .getByRole('button', { name: /^Play / })
    .first()
    .click({ force: true });
  await expect(page.getByTestId('now-playing-title')).not.toBeEmpty();
  await player(page).getByRole('button', { name: 'Add to playlist' }).click();
  const popup = page.getByRole('dialog', { name: 'Add to playlist' });
  const create = popup.getByRole('button', { name: 'Create playlist' });

  // Cancel: the form goes, and "Create playlist" has the focus, not the page's body.
  await create.click();
  await expect(popup.getByLabel('Playlist name')).toBeFocused();
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await expect(create).toBeFocused();

  // Created with Enter: the new playlist holds the song, and the focus is still in the popup.
  await page.keyboard.press('Enter');
  await page.keyboard.type('Made in the popup');
  await page.keyboard.press('Enter');
  const made = popup.getByRole('menuitemcheckbox', { name: /Made in the popup/ });
  await expect(made).toHaveAttribute('aria-checked', 'true');
  await expect(made).toContainText('1 song');
  await expect(create).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(player(page).getByRole('button', { name: 'Add to playlist' })).toBeFocused();
});
