import { createAlbum, createArtist, createSong, recordPlays } from '../helpers/factories.ts';
import { seriousViolations } from './axe.ts';
import { expect, expectAudioAdvancing, test } from './fixtures.ts';
import { serverDeps } from './support.ts';

/**
 * An artist with an album of four songs and a single, a second artist the same listeners play,
 * and a disabled one they play too (which must not show).
 */
async function catalog() {
  const deps = await serverDeps();
  const stamp = Date.now().toString(36);
  const main = await createArtist(deps, { name: `Depth Artist ${stamp}` });
  const friend = await createArtist(deps, { name: `Depth Friend ${stamp}` });
  const hidden = await createArtist(deps, { name: `Depth Hidden ${stamp}` });
  await deps.db
    .updateTable('artists')
    .set({ description: 'Born by the sea.\nSings of it since.' })
    .where('id', '=', main.id)
    .execute();
  // Dated long ago from the start, so the home page's album row (newest and most played) never
  // shows them, even for a moment, to the journeys that play from it.
  const longAgo = new Date('2001-01-01T00:00:00.000Z');
  const album = await createAlbum(deps, main.id, `Long Player ${stamp}`, longAgo);
  const single = await createAlbum(deps, main.id, `Short One ${stamp}`, longAgo);
  const songs = [];
  for (let i = 1; i <= 4; i++) {
    songs.push(
      await createSong(deps, {
        title: `Depth Track ${i} ${stamp}`,
        artistIds: [main.id],
        albumId: album.id,
        genre: 'Country',
      }),
    );
  }
  const singleSong = await createSong(deps, {
    title: `Depth Single ${stamp}`,
    artistIds: [main.id, friend.id],
    albumId: single.id,
    genre: 'Country',
  });
  // Listening goes to a song on no album, so the albums stay out of the most played, and it
  // happened 40 days ago: inside Fans also like's 90 days, outside the home page's trending (7)
  // and popular (28) windows, which other journeys play from.
  const agoMs = 40 * 86_400_000;
  const fans = (i: number) => `a:depth-${stamp}-${i}`;
  const looseSong = await createSong(deps, { artistIds: [main.id], genre: 'Country' });
  await recordPlays(deps, looseSong.id, 4, { listener: fans, agoMs });
  const friendSong = await createSong(deps, { artistIds: [friend.id], genre: 'Country' });
  await recordPlays(deps, friendSong.id, 4, { listener: fans, agoMs });
  const hiddenSong = await createSong(deps, { artistIds: [hidden.id], genre: 'Country' });
  await recordPlays(deps, hiddenSong.id, 4, { listener: fans, agoMs });
  await deps.db
    .updateTable('artists')
    .set({ is_disabled: 1 })
    .where('id', '=', hidden.id)
    .execute();
  return { main, friend, hidden, album, single, songs, singleSong };
}

test('an artist page lists the discography and fans also like; an album shows More by', async ({
  page,
}) => {
  const { main, friend, hidden, album, single } = await catalog();
  await page.goto(`/viewArtistSongs/${main.id}`);
  await expect(page.getByRole('heading', { name: main.name, level: 1 })).toBeVisible();

  const discography = page.getByRole('region', { name: 'Discography' });
  await expect(discography.getByRole('button', { name: 'Albums' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(discography.getByRole('link', { name: new RegExp(album.title) })).toBeVisible();
  await expect(discography.getByRole('link', { name: new RegExp(single.title) })).toHaveCount(0);
  await discography.getByRole('button', { name: 'Singles and EPs' }).click();
  await expect(discography.getByRole('link', { name: new RegExp(single.title) })).toBeVisible();

  const fans = page.locator('section', {
    has: page.getByRole('heading', { name: 'Fans also like' }),
  });
  await expect(fans.getByRole('link', { name: new RegExp(friend.name) })).toBeVisible();
  await expect(fans.getByRole('link', { name: new RegExp(hidden.name) })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  // The description keeps the lines it was written in.
  const about = page.locator('section', { has: page.getByRole('heading', { name: 'About' }) });
  // The text as drawn (a pattern, as text is compared with its spaces and breaks folded).
  await expect(about.getByText('Born by the sea.')).toHaveText(
    /^Born by the sea\.\nSings of it since\.$/,
    { useInnerText: true },
  );

  // An album's "More by" leads to the artist's other release.
  await discography.getByRole('link', { name: new RegExp(single.title) }).click();
  await expect(page.getByRole('heading', { name: single.title, level: 1 })).toBeVisible();
  const more = page.locator('section', {
    has: page.getByRole('heading', { name: `More by ${main.name}` }),
  });
  await expect(more.getByRole('link', { name: new RegExp(album.title) })).toBeVisible();
  await expect(more.getByRole('link', { name: new RegExp(single.title) })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await more.getByRole('link', { name: new RegExp(album.title) }).click();
  await expect(page.getByRole('heading', { name: album.title, level: 1 })).toBeVisible();

  // The artist on fans also like opens that artist.
  await page.goto(`/viewArtistSongs/${main.id}`);
  await page
    .locator('section', { has: page.getByRole('heading', { name: 'Fans also like' }) })
    .getByRole('link', { name: new RegExp(friend.name) })
    .click();
  await expect(page.getByRole('heading', { name: friend.name, level: 1 })).toBeVisible();
});

test('artist and album names in song rows and in the players are links', async ({ page }) => {
  const { main, friend, album, single, singleSong } = await catalog();

  // A row on the single's page credits two artists, each a link.
  await page.goto(`/album/${single.id}`);
  const row = page.getByTestId('song-row').filter({ hasText: singleSong.title });
  await row.getByRole('link', { name: friend.name }).click();
  await expect(page).toHaveURL(new RegExp(`/viewArtistSongs/${friend.id}$`));

  // On the artist page a row's album links to the album.
  await page.goto(`/viewArtistSongs/${main.id}`);
  const popular = page.getByRole('list', { name: `Popular songs by ${main.name}` });
  await popular.getByRole('link', { name: album.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/album/${album.id}$`));

  // The bottom player names the artist as a link.
  await page.getByRole('button', { name: `Play ${album.title}` }).click();
  await expectAudioAdvancing(page, 0.2);
  const player = page.getByRole('region', { name: 'Player' });
  await player.getByRole('link', { name: main.name }).click();
  await expect(page).toHaveURL(new RegExp(`/viewArtistSongs/${main.id}$`));

  // So does the full-screen player, with the album too.
  await page.goto('/SongFullScreen');
  await page.getByRole('main').getByRole('link', { name: album.title }).click();
  await expect(page).toHaveURL(new RegExp(`/album/${album.id}$`));
});

test("an album's song list does not repeat the album on every row; an artist's list shows it", async ({
  page,
}) => {
  const { main, album, songs } = await catalog();
  await page.goto(`/album/${album.id}`);
  const tracks = page.getByRole('list', { name: `Songs of ${album.title}` });
  await expect(tracks.getByTestId('song-row')).toHaveCount(songs.length);
  // The column headings sit just before the list.
  const headings = (list: typeof tracks) => list.locator('xpath=preceding-sibling::div[1]');
  await expect(headings(tracks)).toContainText('Title');
  await expect(headings(tracks)).not.toContainText('Album');
  await expect(tracks.getByRole('link', { name: album.title })).toHaveCount(0);
  // The keyboard goes from a row's artist straight to its heart, not through the album.
  const first = tracks.getByTestId('song-row').first();
  await first.getByRole('link', { name: main.name }).focus();
  await page.keyboard.press('Tab');
  await expect(first.getByRole('button', { name: /^Save .* to Liked Songs$/ })).toBeFocused();

  await page.goto(`/viewArtistSongs/${main.id}`);
  const popular = page.getByRole('list', { name: `Popular songs by ${main.name}` });
  await expect(headings(popular)).toContainText('Album');
  await expect(popular.getByRole('link', { name: album.title }).first()).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap on an artist name in a row opens the artist, not the song', async ({ page }) => {
    const { friend, single, singleSong } = await catalog();
    await page.goto(`/album/${single.id}`);
    const row = page.getByTestId('song-row').filter({ hasText: singleSong.title });
    await row.getByRole('link', { name: friend.name }).tap();
    await expect(page).toHaveURL(new RegExp(`/viewArtistSongs/${friend.id}$`));
  });
});
