import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createListener, holdRequests, signIn } from './support.ts';

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Your Library' });

test('a visitor is asked to log in before creating a playlist', async ({ page }) => {
  await page.goto('/');
  const library = sidebar(page);
  await expect(library.getByText('Create your first playlist')).toBeVisible();
  await expect(library.getByText("Let's find some podcasts to follow")).toBeVisible();
  await expect(library.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();

  await library.getByRole('button', { name: 'Create playlist' }).click();
  const popover = page.getByRole('dialog').filter({ hasText: 'Please Login' });
  await expect(popover).toContainText(
    'You need to be logged in to create a playlist. Please log in to continue.',
  );
  await popover.getByRole('button', { name: 'Cancel' }).click();
  await expect(popover).toBeHidden();

  await library.getByRole('button', { name: 'Create playlist' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // On a phone the tab bar's Your Library opens the same library as a drawer.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Tabs' })
    .getByRole('button', { name: 'Your Library' })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Your Library' });
  await expect(drawer.getByText('Create your first playlist')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('library search filters case-insensitively and says when nothing matches', async ({
  page,
  context,
}) => {
  const listener = await createListener();
  const auth = { authorization: `Bearer ${listener.token}` };
  for (const name of ['Rock Anthems', 'Chill evening', 'rocky road']) {
    await page.request.post('/api/user/addPlaylist', { headers: auth, data: { name } });
  }
  await signIn(context, listener);
  await page.goto('/');
  const library = sidebar(page);
  const rows = library.getByTestId('library-playlist');
  await expect(rows).toHaveCount(3);
  await expect(library.getByRole('link', { name: /Liked Songs/ })).toBeVisible();

  const search = library.getByRole('searchbox', { name: 'Search in Your Library' });
  await search.fill('ROCK');
  // Newest first, as the list is ordered.
  await expect(rows).toHaveText([/rocky road/, /Rock Anthems/]);
  await expect(library.getByRole('link', { name: /Liked Songs/ })).toHaveCount(0);

  await search.fill('jazz hands');
  await expect(rows).toHaveCount(0);
  await expect(library.getByText('No results found for "jazz hands"')).toBeVisible();

  await search.fill('');
  await expect(rows).toHaveCount(3);
  await rows.filter({ hasText: 'Chill evening' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/viewPlaylist\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Chill evening' })).toBeVisible();
});

test('the Artists tab lists followed artists; Edit details renames and makes private', async ({
  page,
  context,
}) => {
  const listener = await createListener();
  const auth = { authorization: `Bearer ${listener.token}` };
  const artists = (await (await page.request.get('/api/artists?limit=6')).json()).items as {
    _id: number;
    name: string;
  }[];
  const { serverDeps } = await import('./support.ts');
  const deps = await serverDeps();
  const now = Date.now();
  await deps.db
    .insertInto('follows')
    .values(
      artists.slice(0, 5).map((artist, index) => ({
        user_id: listener.id,
        artist_id: artist._id,
        created_at: new Date(now - index * 1000).toISOString(),
      })),
    )
    .execute();
  await page.request.post('/api/user/addPlaylist', { headers: auth, data: { name: 'Old name' } });
  await signIn(context, listener);
  await page.goto('/');
  const library = sidebar(page);
  await library.getByRole('tab', { name: 'Artists' }).click();
  const artistLinks = library.getByRole('list', { name: 'Artists' }).getByRole('link');
  await expect(artistLinks).toHaveCount(4);
  await expect(artistLinks.first()).toContainText(artists[0]!.name);

  await library.getByRole('tab', { name: 'Playlists' }).click();
  const row = library.getByTestId('library-playlist').filter({ hasText: 'Old name' });
  await row.hover();
  await row.getByRole('button', { name: 'More options for Old name' }).click();
  await page.getByRole('menuitem', { name: 'Edit details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit details' });
  await dialog.getByPlaceholder('Add a name').fill('New name');
  await dialog.getByRole('checkbox', { name: 'Public playlist' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const renamed = library.getByTestId('library-playlist').filter({ hasText: 'New name' });
  await expect(renamed).toBeVisible();
  await renamed.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'New name' })).toBeVisible();
  await expect(page.getByText('Private Playlist')).toBeVisible();
});

test("a dialog opened from a library row's menu gives the focus back to the menu's button, or to the list once the row is deleted", async ({
  page,
  context,
}) => {
  const listener = await createListener();
  const auth = { authorization: `Bearer ${listener.token}` };
  await page.request.post('/api/user/addPlaylist', { headers: auth, data: { name: 'Focus mix' } });
  await signIn(context, listener);
  await page.goto('/');
  const button = sidebar(page).getByRole('button', { name: 'More options for Focus mix' });
  for (const [item, dialog] of [
    ['Delete playlist', page.getByRole('alertdialog')],
    ['Edit details', page.getByRole('dialog', { name: 'Edit details' })],
  ] as const) {
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: item }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Not the page's body: the keyboard carries on from the row.
    await expect(button).toBeFocused();
  }

  // Deleted, the row and its button are gone: the Playlists tab, at the head of the list, has it.
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Delete playlist' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveCount(0);
  await expect(sidebar(page).getByRole('tab', { name: 'Playlists' })).toBeFocused();
});

test('the library collapses to a rail and, on a phone, opens as a drawer', async ({
  page,
  context,
}) => {
  const listener = await createListener();
  await page.request.post('/api/user/addPlaylist', {
    headers: { authorization: `Bearer ${listener.token}` },
    data: { name: 'Pocket list' },
  });
  await signIn(context, listener);
  await page.goto('/');
  const library = sidebar(page);
  await library.getByRole('button', { name: 'Collapse Your Library' }).click();
  await expect(library.getByRole('searchbox')).toHaveCount(0);
  await expect(library.getByRole('link', { name: 'Pocket list' })).toBeVisible();
  const width = await library.evaluate((element) => element.getBoundingClientRect().width);
  expect(width).toBeLessThan(100);
  await library.getByRole('button', { name: 'Expand Your Library' }).click();
  await expect(library.getByRole('searchbox', { name: 'Search in Your Library' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 800 });
  await expect(library).toBeHidden();
  await page
    .getByRole('navigation', { name: 'Tabs' })
    .getByRole('button', { name: 'Your Library' })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Your Library' });
  await expect(drawer.getByText('Pocket list')).toBeVisible();
  await drawer.getByText('Pocket list').click();
  await expect(page.getByRole('heading', { name: 'Pocket list' })).toBeVisible();
  await expect(drawer).toBeHidden();
});

test('Liked Songs names its count once the likes have come, never a zero before', async ({
  page,
  context,
}) => {
  const listener = await createListener();
  const [song] = (await (await page.request.get('/api/songs?limit=1')).json()).items as {
    _id: number;
  }[];
  await page.request.put(`/api/songs/${song!._id}/like`, {
    headers: { authorization: `Bearer ${listener.token}` },
  });
  await signIn(context, listener);
  const likes = await holdRequests(page, /\/api\/me\/likes\/ids$/);
  await page.goto('/');
  const liked = sidebar(page).getByRole('link', { name: /Liked Songs/ });
  await expect.poll(() => likes.sent.length).toBeGreaterThan(0);
  await expect(liked).toContainText('Playlist');
  await expect(liked).not.toContainText('songs');
  likes.release();
  await expect(liked).toContainText('Playlist · 1 song');
  await likes.stop();
});
