import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { createArtist, createSong, recordPlays } from '../../../tests/helpers/factories.ts';
import { ByteBudget } from '../../lib/cache-budget.ts';
import { RANKING_CACHE_MS } from '../../services.ts';
import { ArtistStatsRepository, CatalogRepository } from './catalog.repository.ts';
import { CatalogService } from './catalog.service.ts';

describe('the room kept for built artist pages', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const service = (artistPages: ByteBudget) =>
    new CatalogService(new CatalogRepository(t.deps), new ArtistStatsRepository(t.deps), {
      rankingCacheMs: RANKING_CACHE_MS,
      caches: { artistPages, catalogCounts: new ByteBudget(1e6) },
    });

  /** What one cached page of one song weighs, as the budget counts it. */
  async function onePageBytes(): Promise<number> {
    const budget = new ByteBudget(1e6);
    const artist = await createArtist(t.deps);
    await createSong(t.deps, { artistIds: [artist.id] });
    await service(budget).artistDetail(artist.id, null);
    return budget.used;
  }

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

  it('keeps pages while they fit: the second visit is served as built', async () => {
    expect(await visitBoth(service(new ByteBudget(1e6)))).toBe(0);
  });

  it('lets the oldest page go when a new one needs the room: it is built again', async () => {
    const page = await onePageBytes();
    expect(page).toBeGreaterThan(0);
    // Room for one page of one song only.
    expect(await visitBoth(service(new ByteBudget(Math.floor(page * 1.5))))).toBe(2);
  });

  it('keeps no page when the budget is nothing (CACHE_MB=0): every visit is built', async () => {
    expect(await visitBoth(service(new ByteBudget(0)))).toBe(2);
  });
});
