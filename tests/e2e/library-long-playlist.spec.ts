import { createArtist, createSong } from '../helpers/factories.ts';
import { expect, test } from './fixtures.ts';
import { createListener, pageErrors, serverDeps, signIn } from './support.ts';

/** More songs than the page's first answer holds (50), so the rest arrives afterwards. */
const LENGTH = 75;
/** Years back: these songs must not become the catalog's newest, which other journeys show. */
const LONG_AGO_MS = 5 * 365 * 24 * 3_600_000;

test('a long playlist opens rendered by the server at its first rows, then has every song to scroll to and play', async ({
  page,
  context,
}) => {
  const deps = await serverDeps();
  const owner = await createListener({ name: 'Long Listener' });
  const artist = await createArtist(deps, {
    name: `Long Haul ${Date.now()}`,
    createdAgoMs: LONG_AGO_MS,
  });
  const songIds: number[] = [];
  for (let i = 0; i < LENGTH; i++) {
    const song = await createSong(deps, {
      artistIds: [artist.id],
      title: `Mile ${i + 1}`,
      duration: 60 + i,
      createdAgoMs: LONG_AGO_MS,
    });
    songIds.push(song.id);
  }
  const created = await page.request.post('/api/user/addPlaylist', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { name: 'The long road', isPublic: false },
  });
  const playlistId = (await created.json()).data._id as number;
  const now = new Date().toISOString();
  await deps.db
    .insertInto('playlist_songs')
    .values(
      songIds.map((songId, position) => ({
        playlist_id: playlistId,
        song_id: songId,
        position,
        added_at: now,
      })),
    )
    .execute();

  await signIn(context, owner);
  const problems = pageErrors(page);
  const opened = await page.goto(`/viewPlaylist/${playlistId}`);
  // The page comes rendered in its HTML, with the header and first rows, for the owner (whose
  // cookie the server read: the playlist is private)...
  const html = (await opened?.text()) ?? '';
  expect(html).toContain('The long road');
  expect(html).toContain('Mile 1');
  expect(html).toContain('data-testid="song-row"');
  await expect(page.getByRole('heading', { name: 'The long road' })).toBeVisible();
  // ...and the browser takes it over with the data it came with: the first answer is neither
  // hinted nor asked for.
  const first = `/api/playlists/${playlistId}?limit=50`;
  expect(opened?.headers().link ?? '').not.toContain('rel=preload; as=fetch');
  expect(
    await page.evaluate(
      (url) =>
        performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith(url)).length,
      first,
    ),
  ).toBe(0);
  await expect(page.getByTestId('playlist-stats')).toContainText(`${LENGTH} songs`);
  await expect(page.getByTestId('song-row').first()).toContainText('Mile 1');
  // Only rows on screen are in the page, not all of them.
  expect(await page.getByTestId('song-row').count()).toBeLessThan(LENGTH);

  // The last song, beyond the first answer, is there once scrolled to.
  await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
  const last = page.locator(`[data-testid="song-row"][data-song-id="${songIds[LENGTH - 1]}"]`);
  await expect(last).toContainText(`Mile ${LENGTH}`);
  await expect(page.getByTestId('song-row-pending')).toHaveCount(0);

  // Playing a row beyond the first answer queues the whole playlist, in order.
  const row = page.locator(`[data-testid="song-row"][data-song-id="${songIds[LENGTH - 2]}"]`);
  await row.hover();
  await row.getByRole('button', { name: `Play Mile ${LENGTH - 1}` }).click();
  await expect(page.getByTestId('now-playing-title')).toHaveText(`Mile ${LENGTH - 1}`);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const saved = JSON.parse(localStorage.getItem('chorus-player') ?? '{}').state;
        return (saved?.source ?? []).map((song: { _id: number }) => song._id);
      }),
    )
    .toEqual(songIds);
  // Taking over the server's markup went without a mismatch (React reports one as an error).
  expect(problems).toEqual([]);
});
