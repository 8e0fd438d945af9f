import { audioTime, expect, expectAudioAdvancing, test } from './fixtures.ts';

test('the home page shows demo artists and songs, and a demo song plays', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Popular artists' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trending songs' })).toBeVisible();
  const artistLinks = page.locator('a[href^="/viewArtistSongs/"]');
  await expect(artistLinks.first()).toBeVisible();
  expect(await artistLinks.count()).toBeGreaterThanOrEqual(10);
  const playButtons = page.getByRole('button', { name: /^Play / });
  await expect(playButtons.first()).toBeAttached();
  expect(await playButtons.count()).toBeGreaterThanOrEqual(10);

  expect(await audioTime(page)).toBeLessThanOrEqual(0);
  await playButtons.first().click({ force: true });
  await expectAudioAdvancing(page, 0.5);
  await expect(page.getByTestId('now-playing-title')).not.toBeEmpty();
});

test('every client route answers with the app, unknown ones with its 404 page', async ({
  page,
  request,
}) => {
  for (const route of ['/terms&conditions', '/SongFullScreen', '/login', '/AllArtist']) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    expect(await response.text(), route).toContain('<div id="root">');
  }
  // A playlist that does not exist is the app too (it says "No playlist found"), as a 404.
  const noPlaylist = await request.get('/viewPlaylist/2147483647');
  expect(noPlaylist.status()).toBe(404);
  expect(await noPlaylist.text()).toContain('<div id="root">');
  const missing = await request.get('/no/such/page');
  expect(missing.status()).toBe(404);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
