import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { createArtist, createSong, recordPlays } from '../../../tests/helpers/factories.ts';
import { ArtistStatsRepository, CatalogRepository } from './catalog.repository.ts';
import { RANKING_CACHE_MS } from './catalog.routes.ts';
import { CatalogService } from './catalog.service.ts';

describe('the room kept for built artist pages', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const service = (artistPageSongsKept: number) =>
    new CatalogService(
      new CatalogRepository(t.deps.db, t.deps.dialect),
      new ArtistStatsRepository(t.deps.db),
      {
        rankingCacheMs: RANKING_CACHE_MS,
        artistPageSongsKept,
      },
    );

  /** Builds A's page, adds plays A's page does not show yet, then builds B's. */
  async function visitBoth(catalog: CatalogService) {
    const a = await createArtist(t.deps);
    const b = await createArtist(t.deps);
    const song = await createSong(t.deps, { artistIds: [a.id] });
    await createSong(t.deps, { artistIds: [b.id] });
    expect((await catalog.artistDetail(a.id, null)).songs[0]?.plays).toBe(0);
    await recordPlays(t.deps, song.id, 2);
    await catalog.artistDetail(b.id, null);
    return (await catalog.artistDetail(a.id, null)).songs[0]?.plays;
  }

  it('keeps pages while their songs fit: the second visit is served as built', async () => {
    expect(await visitBoth(service(100))).toBe(0);
  });

  it('lets the oldest page go when a new one needs the room: it is built again', async () => {
    // Each page holds one song and counts one for its artist: room for one page only.
    expect(await visitBoth(service(3))).toBe(2);
  });
});
