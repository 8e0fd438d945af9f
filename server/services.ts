import type { DatabaseHandle, Db } from './db/database.ts';
import type { Dialect } from './db/dialect.ts';
import type { PreparedStatements } from './db/prepared-statements.ts';
import type { CacheBudgets } from './lib/cache-budget.ts';
import { loadServerSecret, type ServerSecret } from './lib/server-secret.ts';
import { SharedResponseCache } from './lib/shared-responses.ts';
import { ArtistStatsRepository, CatalogRepository } from './modules/catalog/catalog.repository.ts';
import { CatalogService } from './modules/catalog/catalog.service.ts';
import { FollowsRepository } from './modules/follows/follows.repository.ts';
import { FollowsService } from './modules/follows/follows.service.ts';
import { LikesRepository } from './modules/likes/likes.repository.ts';
import { LikesService } from './modules/likes/likes.service.ts';
import { PlaylistsRepository } from './modules/playlists/playlists.repository.ts';
import { LONG_PLAYLIST_SONGS, PlaylistsService } from './modules/playlists/playlists.service.ts';
import { PlaylistSongsCache } from './modules/playlists/songs-cache.ts';
import { PlaysRepository } from './modules/plays/plays.repository.ts';
import { PlaysService } from './modules/plays/plays.service.ts';
import { RelatedRepository } from './modules/related/related.repository.ts';
import { RelatedService } from './modules/related/related.service.ts';
import { createSearchRepository, playlistCards } from './modules/search/search.repository.ts';
import { SearchService } from './modules/search/search.service.ts';
import { AppKeysRepository } from './modules/subsonic/app-keys.repository.ts';
import { AppKeysService } from './modules/subsonic/app-keys.service.ts';
import type { RateLimiter } from './plugins/rate-limit.ts';

/** How long the home rankings and search's monthly listeners serve before they are re-read. */
export const RANKING_CACHE_MS = 10_000;

/** What the shared services are built from: part of the app's deps. */
export interface ServiceParts {
  db: Db;
  /** For queries whose plan their text decides (search: DatabaseHandle.genericPlanDb). */
  genericPlanDb: Db;
  /** The texts the database runs as named prepared statements. */
  statements: PreparedStatements;
  dialect: Dialect;
  caches: CacheBudgets;
  limiter: RateLimiter;
  secret: ServerSecret;
}

/**
 * The services more than one feature uses (the web app's routes, the Subsonic API, the pages the
 * server renders), each built once per app so they share one set of caches and rules.
 */
export interface Services {
  catalog: CatalogService;
  playlists: PlaylistsService;
  likes: LikesService;
  follows: FollowsService;
  plays: PlaysService;
  search: SearchService;
  /** Releases and artists to go on to: "Fans also like" on the web, `similarArtist` for apps. */
  related: RelatedService;
  appKeys: AppKeysService;
  /** The public unpaged lists, rendered once for every caller (getAllArtist, getAllSongs). */
  publicLists: SharedResponseCache;
}

export function createServices(parts: ServiceParts): Services {
  const { db, dialect, caches } = parts;
  const catalogRows = new CatalogRepository(parts);
  const catalog = new CatalogService(catalogRows, new ArtistStatsRepository(parts), {
    rankingCacheMs: RANKING_CACHE_MS,
    caches,
  });
  return {
    catalog,
    playlists: new PlaylistsService(
      new PlaylistsRepository(db, dialect),
      catalogRows,
      new PlaylistSongsCache({ minSongs: LONG_PLAYLIST_SONGS, budget: caches.playlistSongs }),
    ),
    likes: new LikesService(new LikesRepository(db), catalogRows, catalog),
    follows: new FollowsService(new FollowsRepository(db)),
    plays: new PlaysService(new PlaysRepository(db), parts.limiter, parts.secret),
    search: new SearchService(
      createSearchRepository(parts),
      // Monthly listeners of the artists found may lag a few seconds, as on the home page.
      catalog,
      (ids) => playlistCards(db, ids),
      RANKING_CACHE_MS,
      caches.searchCards,
    ),
    related: new RelatedService(new RelatedRepository(db), catalog, caches.catalogCounts),
    appKeys: new AppKeysService(new AppKeysRepository(parts), parts.secret),
    // Their counts (listeners, followers) lag as the catalog's cached ones do.
    publicLists: new SharedResponseCache(caches.sharedResponses, RANKING_CACHE_MS),
  };
}

/**
 * App keys alone, for scripts that make them without an app (the benchmarks): under the secret a
 * server started on `dataDir` without SECRET takes.
 */
export async function createAppKeysService(
  database: DatabaseHandle,
  dataDir: string,
): Promise<AppKeysService> {
  const secret = await loadServerSecret(null, dataDir, database);
  return new AppKeysService(new AppKeysRepository(database), secret);
}
