import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { createArtist, createSong, recordPlays } from '../../../tests/helpers/factories.ts';
import { ArtistStatsRepository, CatalogRepository } from './catalog.repository.ts';

/** More ids than either database takes bound variables in one statement (32,766 and 65,535). */
const MANY = 70_000;

describe('queries over lists of ids', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('count statistics over any number of artists, each figure its own', async () => {
    const artist = await createArtist(t.deps);
    const song = await createSong(t.deps, { artistIds: [artist.id] });
    await recordPlays(t.deps, song.id, 3, { listener: (i) => `a:${i % 2}` });
    const ids = Array.from({ length: MANY }, (_, i) => i + 1);
    const stats = await new ArtistStatsRepository(t.deps).forArtists(
      ids,
      new Date(Date.now() - 86_400_000).toISOString(),
    );
    expect(stats.monthlyListeners.get(artist.id)).toBe(2);
    expect(stats.songCounts.get(artist.id)).toBe(1);
    expect(stats.monthlyListeners.size).toBe(1);
  });

  it('read songs and their play counts for any number of ids', async () => {
    const artist = await createArtist(t.deps);
    const song = await createSong(t.deps, { artistIds: [artist.id] });
    await recordPlays(t.deps, song.id, 4);
    const catalog = new CatalogRepository(t.deps);
    const ids = Array.from({ length: MANY }, (_, i) => MANY - i);
    expect((await catalog.playCounts(ids)).get(song.id)).toBe(4);
    expect((await catalog.songsByIds(ids)).map((row) => row.id)).toContain(song.id);
    expect((await catalog.artistsOfSongs(ids)).map((row) => row.artist_id)).toContain(artist.id);
  });
});
