import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';
import * as initial from './001-initial.ts';
import * as accounts from './002-accounts.ts';
import * as search from './003-search.ts';
import * as playCounts from './004-play-counts.ts';
import * as catalogVersion from './005-catalog-version.ts';
import * as playlistSongsVersion from './006-playlist-songs-version.ts';
import * as searchRanked from './007-search-ranked.ts';
import * as listedFlag from './008-listed-flag.ts';
import * as searchVisibleOnly from './009-search-visible-only.ts';
import * as searchTerms from './010-search-terms.ts';
import * as playsByListener from './011-plays-by-listener.ts';
import * as albumsNewest from './012-albums-newest.ts';
import * as sharedLimits from './013-shared-limits.ts';
import * as mediaChecks from './014-media-checks.ts';
import * as playlistCoverBytes from './015-playlist-cover-bytes.ts';
import * as subsonicAppKeys from './016-subsonic-app-keys.ts';
import * as subsonicStarsAndQueues from './017-subsonic-stars-and-queues.ts';
import * as searchSongsAcrossFields from './018-search-songs-across-fields.ts';
import * as recentSearches from './019-recent-searches.ts';
import * as songsByGenre from './020-songs-by-genre.ts';
import * as searchTermsDeleteByKey from './021-search-terms-delete-by-key.ts';
import * as bitratesInBits from './022-bitrates-in-bits.ts';
import * as nowPlaying from './023-now-playing.ts';
import * as catalogChangedAt from './024-catalog-changed-at.ts';
import * as albumTitlesAnyCase from './025-album-titles-any-case.ts';
import * as casefold from './026-casefold.ts';
import * as albumsListed from './027-albums-listed.ts';

export type { Dialect };

export interface Migration {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema's types hold
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

/** In order; append only. A migration that has shipped is never edited. */
export const migrations: Migration[] = [
  { name: '001-initial', up: initial.up },
  { name: '002-accounts', up: accounts.up },
  { name: '003-search', up: search.up },
  { name: '004-play-counts', up: playCounts.up },
  { name: '005-catalog-version', up: catalogVersion.up },
  { name: '006-playlist-songs-version', up: playlistSongsVersion.up },
  { name: '007-search-ranked', up: searchRanked.up },
  { name: '008-listed-flag', up: listedFlag.up },
  { name: '009-search-visible-only', up: searchVisibleOnly.up },
  { name: '010-search-terms', up: searchTerms.up },
  { name: '011-plays-by-listener', up: playsByListener.up },
  { name: '012-albums-newest', up: albumsNewest.up },
  { name: '013-shared-limits', up: sharedLimits.up },
  { name: '014-media-checks', up: mediaChecks.up },
  { name: '015-playlist-cover-bytes', up: playlistCoverBytes.up },
  { name: '016-subsonic-app-keys', up: subsonicAppKeys.up },
  { name: '017-subsonic-stars-and-queues', up: subsonicStarsAndQueues.up },
  { name: '018-search-songs-across-fields', up: searchSongsAcrossFields.up },
  { name: '019-recent-searches', up: recentSearches.up },
  { name: '020-songs-by-genre', up: songsByGenre.up },
  { name: '021-search-terms-delete-by-key', up: searchTermsDeleteByKey.up },
  { name: '022-bitrates-in-bits', up: bitratesInBits.up },
  { name: '023-now-playing', up: nowPlaying.up },
  { name: '024-catalog-changed-at', up: catalogChangedAt.up },
  { name: '025-album-titles-any-case', up: albumTitlesAnyCase.up },
  { name: '026-casefold', up: casefold.up },
  { name: '027-albums-listed', up: albumsListed.up },
];
