import type { Song } from '../../../contract/catalog.ts';
import { PLAY_THRESHOLD_SECONDS } from '../../../contract/listening.ts';
import { imageUrl } from '../../../contract/media.ts';
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX } from '../../../contract/rules/playlists.ts';
import { SEARCH_QUERY_MAX } from '../../../contract/rules/search.ts';
import type { TranscodeSettings } from '../../config.ts';
import type { ByteBudget } from '../../lib/cache-budget.ts';
import { notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/policies.ts';
import type { SongRecord } from '../catalog/catalog.repository.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { FollowsService } from '../follows/follows.service.ts';
import type { LikesService } from '../likes/likes.service.ts';
import type { PlaylistsService } from '../playlists/playlists.service.ts';
import type { PlaysService } from '../plays/plays.service.ts';
import type { RelatedService } from '../related/related.service.ts';
import type { SearchService } from '../search/search.service.ts';
import { CardShelf, EntryCardCache } from './entry-cards.ts';
import {
  CODES,
  FilledNode,
  type Format,
  formatOf,
  heardAt,
  type Node,
  OpenEntry,
  openedText,
  type Params,
  type RenderedNode,
  type RenderedResponse,
  Slot,
  SubsonicError,
} from './protocol.ts';
import { pickAtRandom } from './random-picks.ts';
import { SongBlockCache, type WrittenSong } from './song-blocks.ts';
import { defaultTranscode } from './stream-plan.ts';
import { CatalogResponseCache } from './subsonic.cache.ts';
import {
  albumEntry,
  albumFolderEntry,
  albumFolderId,
  albumIdOf,
  albumOfFolder,
  artistEntry,
  artistFolderEntry,
  artistFolderId,
  artistIdOf,
  byIndexLetter,
  IGNORED_ARTICLES,
  itemOf,
  type NamedItem,
  playlistEntry,
  singleEntry,
  songCatalogFields,
  songEntry,
  songListeningFields,
  songOfSingle,
} from './subsonic.presenter.ts';
import type {
  AlbumCardRecord,
  AlbumListRequest,
  AlbumListType,
  ArtistCardRecord,
  CatalogOrder,
  Page,
  SongFileRecord,
  SongListening,
  SubsonicRepository,
} from './subsonic.repository.ts';

/** The one music folder Chorus has: the whole catalog. */
export const MUSIC_FOLDER = { id: 1, name: 'Music' };
/** Largest page of any list (search3's song pages of 500 are how Symfonium syncs). */
export const MAX_PAGE = 500;
/** Hits of each kind a search2 or search3 query reads from Chorus's search, at most. */
const SEARCH_MAX = 200;
/** Songs an artist's folder lists at most. */
const MAX_DIRECTORY = 5_000;
/** Songs a saved play queue holds at most. */
const MAX_QUEUE = 1_000;
/**
 * Songs one scrobble may report: a day and more of listening offline. Each is a play checked and
 * written on its own, so the bound is what keeps one call from holding the server for seconds.
 */
const MAX_SCROBBLES = 1_000;
/** A "now playing" report is shown this long. */
const NOW_PLAYING_MS = 15 * 60_000;

/** getAlbumList2's types: the repository's lists, and `highest`, which Chorus answers empty. */
type AlbumListName = AlbumListType | 'highest';

export const ALBUM_LIST_TYPES: readonly AlbumListName[] = [
  'random',
  'newest',
  'frequent',
  'recent',
  'starred',
  'alphabeticalByName',
  'alphabeticalByArtist',
  'byYear',
  'byGenre',
  'highest',
];

/** The album lists that are the same for everyone, paged from the cache. */
const CATALOG_ORDER_OF_LIST: Partial<Record<AlbumListType, (genre: string) => CatalogOrder>> = {
  newest: () => 'albumsNewest',
  alphabeticalByName: () => 'albumsByTitle',
  alphabeticalByArtist: () => 'albumsByArtist',
  frequent: () => 'albumsByPlays',
  byGenre: (genre) => ({ albumsOfGenre: genre }),
};

/** The latest year a bound may name: a larger one means the same and overflows no integer. */
const MAX_YEAR = 9999;

/** A year bound (`fromYear`, `toYear`) when it is a number, clamped to 0–MAX_YEAR. */
const optionalYear = (params: Params, name: string) => {
  const value = Number.parseInt(params.get(name) ?? '', 10);
  return Number.isFinite(value) ? Math.min(MAX_YEAR, Math.max(0, value)) : undefined;
};

/** A song's file as its row carries it (`songRows` reads the file's fields with the song). */
function fileOfRow(row: SongRecord): SongFileRecord {
  return {
    id: row.id,
    audio_key: row.audio_key,
    audio_mime: row.audio_mime,
    audio_codec: row.audio_codec ?? null,
    audio_size: row.audio_size ?? 0,
    audio_bitrate: row.audio_bitrate ?? null,
    duration: row.duration,
    cover_key: row.cover_key,
    album_cover_key: row.album_cover_key ?? null,
    year: row.album_year ?? null,
  };
}

/** search3's query: the two quote characters (Symfonium's sync) or nothing mean everything. */
export function searchQueryOf(raw: string | undefined): string {
  const text = (raw ?? '').trim();
  return text.replace(/^"(.*)"$/s, '$1').trim();
}

/** Entries of the rows found, in the order of `ids`, each with the caller's star of it. */
function entriesInOrder<Row extends { id: number }>(
  ids: number[],
  rows: Row[],
  starred: Map<number, string>,
  entry: (row: Row, starred?: string) => Node,
): Node[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [entry(row, starred.get(id))] : [];
  });
}

/** A search's pages: ids, and the songs as the search found them or as ids to read. */
interface SearchHits {
  artistIds: number[];
  albumIds: number[];
  /** Songs by id (found by the search, or the sync order's), or a page of the sync order's blocks. */
  songs: { ids: number[] } | { syncPage: Page };
  /** The catalog version the hits were read at. */
  version: number;
}

export interface SubsonicServices {
  catalog: CatalogService;
  likes: LikesService;
  follows: FollowsService;
  plays: PlaysService;
  playlists: PlaylistsService;
  search: SearchService;
  related: RelatedService;
}

/** Song entries written up to their end, each finished with its plays now and the caller's like. */
function finishedWith(listening: Map<number, SongListening>, written: WrittenSong[]): OpenEntry[] {
  return written.map(({ id, head }) => {
    const now = listening.get(id);
    return new OpenEntry(head, songListeningFields(now?.plays ?? 0, now?.likedAt));
  });
}

/** The entries among `entries` in the order of `ids`, each with the caller's star in `starred`. */
function filledInOrder(
  ids: number[],
  entries: Map<number, RenderedNode>,
  starred: ReadonlyMap<number, string>,
): FilledNode[] {
  return ids.flatMap((id) => {
    const entry = entries.get(id);
    return entry ? [new FilledNode(entry, starred)] : [];
  });
}

/**
 * The Subsonic API over Chorus's own services: what a listener may see, like, follow, play and
 * change is decided there, exactly as for the web app; this class only maps calls and shapes.
 */
export class SubsonicService {
  /** The catalog's ids in fixed orders and whole-catalog responses, per catalog version. */
  private readonly cache: CatalogResponseCache;

  /** Album cards, per catalog version (play counts `playsMaxAgeMs`). */
  private readonly albumCards: EntryCardCache<AlbumCardRecord>;

  /** Artist cards of the lists, per catalog version. */
  private readonly artistCards: EntryCardCache<ArtistCardRecord>;

  /** Song entries of search hits, per catalog version, without their listening fields. */
  private readonly songCards: EntryCardCache<{ id: number; fields: Node }>;

  /** Song entries of the sync order, written ahead per catalog version. */
  private readonly songBlocks: SongBlockCache;

  constructor(
    private readonly repository: SubsonicRepository,
    private readonly services: SubsonicServices,
    /** Chorus's public URL: info responses carry absolute image addresses. */
    private readonly publicUrl: string,
    /**
     * What the caches may hold (the app's `caches.subsonicCatalog`, `…Genres`, `…Cards`,
     * `…SongBlocks`).
     */
    budgets: { catalog: ByteBudget; genres: ByteBudget; cards: ByteBudget; songBlocks: ByteBudget },
    /** TRANSCODE_DEFAULT, or null when there is no ffmpeg (every stream is then the file). */
    private readonly transcoding: Pick<TranscodeSettings, 'defaultFormat' | 'defaultKbps'> | null,
    /** How long an album's play count is shown before it is read again. */
    playsMaxAgeMs: number,
  ) {
    this.cache = new CatalogResponseCache(
      {
        version: () => services.catalog.catalogVersion(),
        idsInOrder: (order, page) => repository.idsInOrder(order, page),
      },
      { catalog: budgets.catalog, genres: budgets.genres },
      playsMaxAgeMs,
    );
    // Both kinds on one shelf, so neither keeps the other out of the share.
    const shelf = new CardShelf(budgets.cards);
    this.albumCards = new EntryCardCache(
      {
        name: 'album',
        cards: (ids) => repository.albumCards(ids),
        entry: albumEntry,
        maxAgeMs: playsMaxAgeMs,
        cacheName: 'subsonic-album-cards',
      },
      shelf,
    );
    // An artist card shows nothing that moves without the catalog.
    this.artistCards = new EntryCardCache(
      {
        name: 'artist',
        cards: (ids) => repository.artistCards(ids),
        entry: artistEntry,
        maxAgeMs: Number.POSITIVE_INFINITY,
        cacheName: 'subsonic-artist-cards',
      },
      shelf,
    );
    // A song card holds what the catalog decides of its entry; each response adds the play count
    // now and the caller's like after it, as pages of the sync order do.
    this.songCards = new EntryCardCache(
      {
        name: 'song',
        cards: async (ids) =>
          [...(await this.catalogFieldsOf(ids))].map(([id, fields]) => ({ id, fields })),
        entry: (card) => card.fields,
        maxAgeMs: Number.POSITIVE_INFINITY,
        cacheName: 'subsonic-song-cards',
      },
      shelf,
    );
    this.songBlocks = new SongBlockCache(
      {
        idsAt: (page, version) => this.cache.page('songsById', page, version),
        entries: (ids) => this.catalogFieldsOf(ids),
      },
      budgets.songBlocks,
    );
  }

  /** What `stream` sends a song's file as when nothing is asked, when that is not the file. */
  private transcodedOf(file: SongFileRecord): { contentType: string; suffix: string } | null {
    return defaultTranscode(this.transcoding, {
      key: file.audio_key,
      mime: file.audio_mime,
      codec: file.audio_codec,
      bitrate: file.audio_bitrate,
      duration: file.duration,
    });
  }

  /**
   * The entry fields that follow from the catalog of the listed songs among `ids`, by id in their
   * order: what song cards and blocks of the sync order hold.
   */
  private async catalogFieldsOf(ids: number[]): Promise<Map<number, Node>> {
    const rows = await this.services.catalog.songsAndRowsInOrder(ids);
    return new Map(
      rows.map(({ song, row }) => {
        const file = fileOfRow(row);
        return [song._id, songCatalogFields(song, file, this.transcodedOf(file))];
      }),
    );
  }

  /**
   * Song entries for presented songs, with their files and the caller's stars. `files`, when the
   * songs' rows carried them, spares reading them.
   */
  async songEntries(
    caller: Caller,
    songs: Song[],
    files?: Map<number, SongFileRecord>,
  ): Promise<Node[]> {
    const ids = songs.map((song) => song._id);
    const [byId, liked] = await Promise.all([
      files ??
        this.repository.songFiles(ids).then((rows) => new Map(rows.map((file) => [file.id, file]))),
      this.repository.likedAt(caller.userId, ids),
    ]);
    return songs.map((song) => {
      const file = byId.get(song._id);
      return songEntry(song, file, liked.get(song._id), file ? this.transcodedOf(file) : null);
    });
  }

  /** Song entries by id: one read for the songs with their files. */
  private async songsById(caller: Caller, ids: number[]): Promise<Node[]> {
    const rows = await this.services.catalog.songsAndRowsInOrder(ids);
    const files = new Map(rows.map(({ row }) => [row.id, fileOfRow(row)]));
    return this.songEntries(
      caller,
      rows.map(({ song }) => song),
      files,
    );
  }

  /**
   * Entries of `cards` in the order of `ids` (at catalog `version`, when the caller has read it),
   * as lists send them: each card's entry written once, the caller's stars (`starredAt`) put in.
   */
  private async entriesById<R extends { id: number }>(
    cards: EntryCardCache<R>,
    starredAt: (userId: number, ids: number[]) => Promise<Map<number, string>>,
    caller: Caller,
    format: Format,
    ids: number[],
    version?: number,
  ): Promise<FilledNode[]> {
    if (ids.length === 0) return [];
    const [entries, starred] = await Promise.all([
      cards.entries(ids, version ?? (await this.services.catalog.catalogVersion()), format),
      starredAt(caller.userId, ids),
    ]);
    return filledInOrder(ids, entries, starred);
  }

  private albumsById(
    caller: Caller,
    format: Format,
    ids: number[],
    version?: number,
  ): Promise<FilledNode[]> {
    const starredAt = (userId: number, albumIds: number[]) =>
      this.repository.albumStarredAt(userId, albumIds);
    return this.entriesById(this.albumCards, starredAt, caller, format, ids, version);
  }

  /** Artist entries of lists (getArtist shows its artist with its albums, not as a card). */
  private artistEntriesById(
    caller: Caller,
    format: Format,
    ids: number[],
    version?: number,
  ): Promise<FilledNode[]> {
    const followedAt = (userId: number, artistIds: number[]) =>
      this.repository.followedAt(userId, artistIds);
    return this.entriesById(this.artistCards, followedAt, caller, format, ids, version);
  }

  /**
   * Artist entries read now, as plain nodes: getArtist adds the albums it lists and counts them,
   * and getArtistInfo2 lists them as `similarArtist` elements, not the lists' `artist`.
   */
  private async artistsById(caller: Caller, ids: number[]): Promise<Node[]> {
    const [rows, followed] = await Promise.all([
      this.repository.artistCards(ids),
      this.repository.followedAt(caller.userId, ids),
    ]);
    return entriesInOrder(ids, rows, followed, artistEntry);
  }

  /**
   * getScanStatus and startScan: Chorus has no library to scan, as an upload or an import is in
   * the catalog the moment it is stored, so a scan is never running and none is started; apps
   * that ask (to refresh after one) are told how many songs there are.
   */
  async scanStatus(): Promise<Node> {
    return {
      scanStatus: { scanning: false, count: await this.services.catalog.listedSongCount() },
    };
  }

  musicFolders(): Node {
    return { musicFolders: { musicFolder: [MUSIC_FOLDER] } };
  }

  /**
   * getArtists: every enabled artist under its letter, with album counts. The response follows from
   * the catalog alone, so it is rendered once per catalog version and format; the caller's
   * follows are spliced in as `starred`.
   */
  async artists(caller: Caller, format: Format): Promise<RenderedResponse> {
    const followed = await this.repository.followsOf(caller.userId);
    return this.cache.response(
      'getArtists',
      format,
      async () => {
        const rows = await this.repository.artistsByName();
        const index = byIndexLetter(
          rows.map((row) => ({ name: row.name, node: artistEntry(row, new Slot(row.id)) })),
        );
        return { artists: { ignoredArticles: IGNORED_ARTICLES, index } };
      },
      followed,
    );
  }

  /**
   * getIndexes (folder mode): every enabled artist's folder under its letter, cached as
   * getArtists is. Below them are their albums' folders, then songs (getMusicDirectory).
   */
  async indexes(caller: Caller, params: Params): Promise<RenderedResponse | Node> {
    // An app that holds the index as of the `lastModified` it was sent asks with it as
    // `ifModifiedSince`, and is then sent only the time, not 10,000 artists again.
    const since = Number.parseInt(params.get('ifModifiedSince') ?? '', 10);
    if (Number.isFinite(since)) {
      const { changedAt } = await this.services.catalog.catalogChange();
      if (since >= changedAt) {
        return { indexes: { lastModified: changedAt, ignoredArticles: IGNORED_ARTICLES } };
      }
    }
    const followed = await this.repository.followsOf(caller.userId);
    return this.cache.response(
      'getIndexes',
      formatOf(params),
      async (version) => {
        const change = await this.services.catalog.catalogChange();
        const rows = await this.repository.artistsWithSongsByName();
        const index = byIndexLetter(
          rows.map((row) => ({
            name: row.name,
            node: artistFolderEntry(row, new Slot(row.id)),
          })),
        );
        // The time of a later version would tell an app holding this index that it is current
        // after the change it misses; 0 has it ask again in full.
        const lastModified = change.version === version ? change.changedAt : 0;
        return { indexes: { lastModified, ignoredArticles: IGNORED_ARTICLES, index } };
      },
      followed,
    );
  }

  /**
   * getMusicDirectory: an artist's folder holds its albums' folders, then its songs on no album
   * (newest first); an album's folder holds its songs.
   */
  async musicDirectory(caller: Caller, params: Params): Promise<Node> {
    const folder = itemOf(params.required('id'));
    if (folder.kind === 'album') return this.albumFolder(caller, folder.id);
    if (folder.kind !== 'artist') throw notFound('Folder not found');
    const [artist] = await this.repository.artistCards([folder.id]);
    if (!artist) throw notFound('Artist not found');
    const [followed, albums, songs] = await Promise.all([
      this.repository.followedAt(caller.userId, [artist.id]),
      // An album with no song to list would be an empty folder, which these apps take for an
      // error.
      this.repository
        .albumIdsOfArtist(artist.id)
        .then((ids) => this.albumFolders(caller, ids, (row) => Number(row.song_count ?? 0) > 0)),
      this.repository
        .songIdsWithoutAlbum(artist.id, MAX_DIRECTORY)
        .then((ids) => this.songsById(caller, ids)),
    ]);
    return {
      directory: {
        ...artistFolderEntry(artist, followed.get(artist.id)),
        child: [...albums, ...songs],
      },
    };
  }

  /** An album's folder: its songs in album order. */
  private async albumFolder(caller: Caller, id: number): Promise<Node> {
    const [[card], starred] = await Promise.all([
      this.repository.albumCards([id]),
      this.repository.albumStarredAt(caller.userId, [id]),
    ]);
    if (!card) throw notFound('Album not found');
    const detail = await this.services.catalog.albumDetail(id);
    return {
      directory: {
        id: albumFolderId(id),
        parent: artistFolderId(card.artist_id),
        name: card.title,
        starred: starred.get(id),
        playCount: Number(card.play_count ?? 0),
        child: await this.songEntries(caller, detail.songs),
      },
    };
  }

  /**
   * Album folders in the order of `ids` (those whose cards `keep`), with the caller's stars
   * (folder mode's lists).
   */
  private async albumFolders(
    caller: Caller,
    ids: number[],
    keep: (card: AlbumCardRecord) => boolean = () => true,
  ): Promise<Node[]> {
    if (ids.length === 0) return [];
    const [rows, starred] = await Promise.all([
      this.repository.albumCards(ids),
      this.repository.albumStarredAt(caller.userId, ids),
    ]);
    return entriesInOrder(ids, rows.filter(keep), starred, albumFolderEntry);
  }

  /** Artists' and albums' folders, then songs: how folder mode's search and stars list them. */
  private async folderLists(
    caller: Caller,
    artistIds: number[],
    albumIds: number[],
    songs: Promise<(Node | OpenEntry)[]>,
  ): Promise<Node> {
    const [artist, album, song] = await Promise.all([
      this.artistFolders(caller, artistIds),
      this.albumFolders(caller, albumIds),
      songs,
    ]);
    return { artist, album, song };
  }

  /** Artist folders in the order of `ids`, with the caller's follows (folder mode's lists). */
  private async artistFolders(caller: Caller, ids: number[]): Promise<Node[]> {
    if (ids.length === 0) return [];
    const [rows, followed] = await Promise.all([
      this.repository.artistCards(ids),
      this.repository.followedAt(caller.userId, ids),
    ]);
    return entriesInOrder(ids, rows, followed, artistFolderEntry);
  }

  /** getArtist: the artist's albums, then its songs on no album as singles, newest first. */
  async artist(caller: Caller, params: Params): Promise<Node> {
    const id = artistIdOf(params.required('id'));
    const [artist] = await this.artistsById(caller, [id]);
    if (!artist) throw notFound('Artist not found');
    const [albums, singles] = await Promise.all([
      this.repository
        .albumIdsOfArtist(id)
        .then((ids) => this.albumsById(caller, formatOf(params), ids)),
      this.repository.songIdsWithoutAlbum(id, MAX_PAGE).then((ids) => this.songsById(caller, ids)),
    ]);
    // The lists' cards count albums only: counting an artist's songs on no album would read
    // every song of the artist for each card. Here the count is of what the page lists.
    const album = [...albums, ...singles.map(singleEntry)];
    return { artist: { ...artist, albumCount: album.length, album } };
  }

  /**
   * The song entry of the single `id` names (`singleId`), if it names one; not found when its
   * song is not listed or is on an album.
   */
  private async single(caller: Caller, id: string): Promise<Node | undefined> {
    const songId = songOfSingle(id);
    if (songId === undefined) return undefined;
    const [song] = await this.songsById(caller, [songId]);
    if (!song || song.albumId !== id) throw notFound('Album not found');
    return song;
  }

  async album(caller: Caller, params: Params): Promise<Node> {
    const requested = params.required('id');
    const song = await this.single(caller, requested);
    if (song) return { album: { ...singleEntry(song), song: [song] } };
    const id = albumIdOf(requested);
    const [[card], starred] = await Promise.all([
      this.repository.albumCards([id]),
      this.repository.albumStarredAt(caller.userId, [id]),
    ]);
    if (!card) throw notFound('Album not found');
    const album = albumEntry(card, starred.get(id));
    const detail = await this.services.catalog.albumDetail(id);
    return { album: { ...album, song: await this.songEntries(caller, detail.songs) } };
  }

  async song(caller: Caller, params: Params): Promise<Node> {
    const song = await this.services.catalog.getSong(params.id());
    const [entry] = await this.songEntries(caller, [song]);
    return { song: entry };
  }

  async albumList2(caller: Caller, params: Params): Promise<Node> {
    const list = await this.albumListIds(caller, params);
    return {
      albumList2: {
        album: await this.albumsById(caller, formatOf(params), list.ids, list.version),
      },
    };
  }

  /** getAlbumList (folder mode): getAlbumList2's lists, as album folders. */
  async albumList(caller: Caller, params: Params): Promise<Node> {
    const { ids } = await this.albumListIds(caller, params);
    return { albumList: { album: await this.albumFolders(caller, ids) } };
  }

  /** The album ids a getAlbumList or getAlbumList2 call asks for, at catalog `version`. */
  private async albumListIds(
    caller: Caller,
    params: Params,
  ): Promise<{ ids: number[]; version: number }> {
    const type = params.required('type') as AlbumListName;
    if (!ALBUM_LIST_TYPES.includes(type)) {
      throw new SubsonicError(
        CODES.missingParameter,
        `Unknown type: use one of ${ALBUM_LIST_TYPES.join(', ')}`,
      );
    }
    const version = await this.services.catalog.catalogVersion();
    // A size of 0 asks for no album, as search3's counts of 0 do (and as gonic answers it).
    const size = params.int('size', 10, 0, MAX_PAGE);
    const genre = type === 'byGenre' ? params.required('genre') : undefined;
    // Chorus keeps no ratings, so no album is rated highest; "Top rated" screens show empty.
    if (type === 'highest' || size === 0) return { ids: [], version };
    const fromYear = optionalYear(params, 'fromYear');
    const toYear = optionalYear(params, 'toYear');
    const offset = params.int('offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const order = CATALOG_ORDER_OF_LIST[type];
    // Random albums are picked by position among the listed ones as held (an offset means
    // nothing for them), where the database would order every album at random.
    const held = type === 'random' ? await this.cache.whole('albumsNewest', version) : null;
    if (held) return { ids: pickAtRandom([held], size), version };
    if (order) {
      return {
        ids: await this.cache.page(order(genre ?? ''), { offset, limit: size }, version),
        version,
      };
    }
    const ids = await this.repository.albumIds({
      type: type as AlbumListRequest['type'],
      size,
      offset,
      userId: caller.userId,
      ...(fromYear !== undefined ? { fromYear } : {}),
      ...(toYear !== undefined ? { toYear } : {}),
    });
    return { ids, version };
  }

  /**
   * getGenres, rendered once per catalog version and format: counting every listed song by
   * genre reads the whole catalog.
   */
  genres(format: Format): Promise<RenderedResponse> {
    return this.cache.response(
      'getGenres',
      format,
      async () => {
        const rows = await this.repository.genres();
        return {
          genres: {
            genre: rows.map((row) => ({
              songCount: Number(row.songs),
              albumCount: Number(row.albums),
              value: row.genre,
            })),
          },
        };
      },
      new Map(),
    );
  }

  async randomSongs(caller: Caller, params: Params): Promise<Node> {
    const genre = params.get('genre');
    const fromYear = optionalYear(params, 'fromYear');
    const toYear = optionalYear(params, 'toYear');
    // A size of 0 asks for no song, as it asks for no album of the album lists.
    const size = params.int('size', 10, 0, MAX_PAGE);
    let ids: number[] = [];
    if (size > 0) {
      // Picked from the songs' order as held, where no year narrows them: SQL would order every
      // song of the catalog at random for a page of them.
      const held =
        fromYear === undefined && toYear === undefined
          ? await this.cache.whole(genre ? { songsOfGenre: genre } : 'songsById')
          : null;
      ids = held
        ? pickAtRandom([held], size)
        : await this.repository.randomSongIds(size, {
            ...(genre ? { genre } : {}),
            ...(fromYear !== undefined ? { fromYear } : {}),
            ...(toYear !== undefined ? { toYear } : {}),
          });
    }
    return { randomSongs: { song: await this.songsById(caller, ids) } };
  }

  /**
   * `count` songs of a radio at random: the songs of `seed`'s artists and of its genres (see
   * `radioSeed`), but the song it starts from. Picked from the genres' songs as held; where a
   * genre's do not fit the cache, the database orders the candidates at random instead.
   */
  private async radio(
    seed: { artistId: number } | { songId: number },
    count: number,
  ): Promise<number[]> {
    const { songIds, genres } = await this.repository.radioSeed(seed);
    const version = await this.services.catalog.catalogVersion();
    const lists: ArrayLike<number>[] = [songIds];
    for (const genre of genres) {
      const held = await this.cache.whole({ songsOfGenre: genre }, version);
      if (!held) {
        return 'artistId' in seed
          ? this.repository.similarSongIds(seed.artistId, count)
          : this.repository.songIdsLike(seed.songId, count);
      }
      lists.push(held);
    }
    return pickAtRandom(lists, count, 'songId' in seed ? seed.songId : undefined);
  }

  async songsByGenre(caller: Caller, params: Params): Promise<Node> {
    const genre = params.required('genre');
    const limit = params.int('count', 10, 0, MAX_PAGE);
    const ids =
      limit === 0
        ? []
        : await this.cache.page(
            { songsOfGenre: genre },
            { offset: params.int('offset', 0, 0, Number.MAX_SAFE_INTEGER), limit },
          );
    return { songsByGenre: { song: await this.songsById(caller, ids) } };
  }

  /**
   * search3. An empty query, or `""`, pages through the whole library in a fixed order (artists
   * and albums by name, songs by id), which is how apps sync. Other queries go to Chorus's
   * search, which ranks at most SEARCH_MAX results of each kind. The entries are written ahead;
   * what the caller starred among them, and the songs' plays, are read together once they are.
   */
  async search3(caller: Caller, params: Params): Promise<Node> {
    const format = formatOf(params);
    const hits = await this.searchHits(params);
    const [artists, albums, songs] = await Promise.all([
      this.artistCards.entries(hits.artistIds, hits.version, format),
      this.albumCards.entries(hits.albumIds, hits.version, format),
      this.writtenSongsOf(format, hits),
    ]);
    const listening = await this.repository.listeningOfHits(caller.userId, {
      artists: hits.artistIds,
      albums: hits.albumIds,
      songs: songs.map((song) => song.id),
    });
    return {
      searchResult3: {
        artist: filledInOrder(hits.artistIds, artists, listening.followedAt),
        album: filledInOrder(hits.albumIds, albums, listening.albumStarredAt),
        song: finishedWith(listening.songs, songs),
      },
    };
  }

  /** search2 (folder mode): search3's pages, with artists' and albums' folders. */
  async search2(caller: Caller, params: Params): Promise<Node> {
    const hits = await this.searchHits(params);
    const songs = this.writtenSongsOf(formatOf(params), hits).then(async (written) => {
      const listening = await this.repository.listeningOfHits(caller.userId, {
        artists: [],
        albums: [],
        songs: written.map((song) => song.id),
      });
      return finishedWith(listening.songs, written);
    });
    return { searchResult2: await this.folderLists(caller, hits.artistIds, hits.albumIds, songs) };
  }

  /** The pages of artists, albums and songs a search2 or search3 call asks for. */
  private async searchHits(params: Params): Promise<SearchHits> {
    const query = searchQueryOf(params.get('query')).slice(0, SEARCH_QUERY_MAX);
    const page = (kind: 'artist' | 'album' | 'song') => ({
      offset: params.int(`${kind}Offset`, 0, 0, Number.MAX_SAFE_INTEGER),
      limit: params.int(`${kind}Count`, 20, 0, MAX_PAGE),
    });
    const pages = { artist: page('artist'), album: page('album'), song: page('song') };
    if (query === '') {
      // The three pages come from one catalog version, read once.
      const version = await this.services.catalog.catalogVersion();
      const [artistIds, albumIds, songIds] = await Promise.all([
        pages.artist.limit > 0 ? this.cache.page('artistsByName', pages.artist, version) : [],
        pages.album.limit > 0 ? this.cache.page('albumsByTitle', pages.album, version) : [],
        pages.song.limit > 0 && !this.songBlocks.serves
          ? this.cache.page('songsById', pages.song, version)
          : [],
      ]);
      const songs = this.songBlocks.serves ? { syncPage: pages.song } : { ids: songIds };
      return { artistIds, albumIds, songs, version };
    }
    const want = Math.min(
      SEARCH_MAX,
      Math.max(...Object.values(pages).map((p) => p.offset + p.limit), 1),
    );
    // One read of the version serves the search and the entries of its hits.
    const version = await this.services.catalog.catalogVersion();
    const found = await this.services.search.searchIds(query, want, version);
    const slice = (ids: number[], p: { offset: number; limit: number }) =>
      ids.slice(p.offset, p.offset + p.limit);
    return {
      artistIds: slice(found.artists, pages.artist),
      albumIds: slice(found.albums, pages.album),
      songs: { ids: slice(found.songs, pages.song) },
      version,
    };
  }

  /**
   * The song entries of `hits`, written up to where each response's own fields go: a page of the
   * sync order from its blocks, or each card's entry, written once per catalog version.
   */
  private async writtenSongsOf(
    format: Format,
    { songs, version }: SearchHits,
  ): Promise<WrittenSong[]> {
    if ('syncPage' in songs) return this.songBlocks.page(format, songs.syncPage, version);
    if (songs.ids.length === 0) return [];
    const entries = await this.songCards.entries(songs.ids, version, format);
    return songs.ids.flatMap((id) => {
      const entry = entries.get(id);
      return entry ? [{ id, head: openedText(format, entry.output(format).text) }] : [];
    });
  }

  /**
   * star/unstar: a song is a like, an artist a follow, an album a star of its own. Folder mode
   * stars an artist's or album's folder by its id in `id`; a single, by its id in `albumId`, is
   * its song.
   */
  async star(caller: Caller, params: Params, starred: boolean): Promise<Node> {
    const named: NamedItem[] = [
      ...params.all('id').map(itemOf),
      ...params.all('albumId').map((id): NamedItem => {
        const songId = songOfSingle(id);
        return songId === undefined
          ? { kind: 'album', id: albumIdOf(id) }
          : { kind: 'song', id: songId };
      }),
      ...params.all('artistId').map((id): NamedItem => ({ kind: 'artist', id: artistIdOf(id) })),
    ];
    const idsOf = (kind: NamedItem['kind']) =>
      named.filter((item) => item.kind === kind).map((item) => item.id);
    const songIds = idsOf('song');
    const albumIds = idsOf('album');
    const artistIds = idsOf('artist');
    if (songIds.length + albumIds.length + artistIds.length === 0) {
      throw new SubsonicError(CODES.missingParameter, 'Required parameter is missing: id');
    }
    // Every id is checked before anything changes: a call naming one unknown id changes nothing.
    for (const id of artistIds) await this.services.follows.assertFollowable(id, starred);
    if (starred) {
      await this.assertListed(songIds);
      for (const id of albumIds) {
        if (!(await this.repository.albumIsVisible(id))) throw notFound('Album not found');
      }
    }
    for (const id of songIds) {
      if (starred) await this.services.likes.like(caller.userId, id);
      else await this.services.likes.unlike(caller.userId, id);
    }
    for (const id of artistIds) await this.services.follows.set(caller.userId, id, starred);
    for (const id of albumIds) {
      if (starred) await this.repository.starAlbum(caller.userId, id, nowIso());
      else await this.repository.unstarAlbum(caller.userId, id);
    }
    return {};
  }

  async starred2(caller: Caller, format: Format): Promise<Node> {
    const stars = await this.starsOf(caller);
    return {
      starred2: {
        artist: await this.artistEntriesById(caller, format, stars.artistIds),
        album: await this.albumsById(caller, format, stars.albumIds),
        song: await this.songEntries(caller, stars.songs),
      },
    };
  }

  /** getStarred (folder mode): getStarred2's stars, with artists' and albums' folders. */
  async starred(caller: Caller): Promise<Node> {
    const stars = await this.starsOf(caller);
    const songs = this.songEntries(caller, stars.songs);
    return { starred: await this.folderLists(caller, stars.artistIds, stars.albumIds, songs) };
  }

  /** The caller's liked songs, followed artists and starred albums. */
  private async starsOf(caller: Caller) {
    const [liked, artistIds, albumIds] = await Promise.all([
      this.services.likes.songs(caller.userId),
      this.repository.followedArtistIds(caller.userId),
      this.repository.starredAlbumIds(caller.userId),
    ]);
    return { songs: liked.items, artistIds, albumIds };
  }

  /**
   * scrobble: `submission=true` (the default) reports a finished listen, counted as the web
   * player's 30 seconds are, once per listener within the song's cool-down; `false` sets "now
   * playing". A song that is not listed is not found either way.
   */
  async scrobble(caller: Caller, params: Params, address: string): Promise<Node> {
    const ids = params.ids('id');
    if (ids.length === 0)
      throw new SubsonicError(CODES.missingParameter, 'Required parameter is missing: id');
    if (ids.length > MAX_SCROBBLES) {
      throw new SubsonicError(
        CODES.missingParameter,
        `A scrobble reports at most ${MAX_SCROBBLES} songs: send the rest in another`,
      );
    }
    const submission = params.flag('submission') ?? true;
    // An app that played offline sends each song's time with it, the i-th time for the i-th id.
    const times = params.all('time');
    await this.assertListed(ids);
    for (const [i, id] of ids.entries()) {
      if (submission) {
        await this.services.plays.record(
          id,
          { seconds: PLAY_THRESHOLD_SECONDS, completed: true },
          { userId: caller.userId },
          address,
          heardAt(times[i]),
        );
      } else {
        await this.repository.setNowPlaying(
          caller.userId,
          id,
          (params.get('c') ?? 'app').slice(0, 60),
          nowIso(),
        );
      }
    }
    return {};
  }

  /** The caller's own "now playing": other listeners' listening is theirs to share. */
  async nowPlayingOf(caller: Caller): Promise<Node> {
    const entry = await this.repository.nowPlaying(caller.userId);
    // Another instance's clock may run a little ahead of this one's.
    const agoMs = entry
      ? Math.max(0, Date.now() - Date.parse(entry.reported_at))
      : Number.POSITIVE_INFINITY;
    if (!entry || agoMs > NOW_PLAYING_MS) return { nowPlaying: {} };
    const [song] = await this.songsById(caller, [entry.song_id]);
    if (!song) return { nowPlaying: {} };
    return {
      nowPlaying: {
        entry: [
          {
            ...song,
            username: caller.email,
            minutesAgo: Math.floor(agoMs / 60_000),
            playerId: 1,
            playerName: entry.player,
          },
        ],
      },
    };
  }

  async playlists(caller: Caller): Promise<Node> {
    const mine = await this.services.playlists.listMine(caller);
    return { playlists: { playlist: mine.map((summary) => playlistEntry(summary, caller.email)) } };
  }

  async playlist(caller: Caller, id: number): Promise<Node> {
    const playlist = await this.services.playlists.get(id, caller);
    const owner = playlist.isOwner ? caller.email : playlist.creator.name;
    return {
      playlist: {
        ...playlistEntry(playlist, owner),
        entry: await this.songEntries(caller, playlist.songs),
      },
    };
  }

  /** createPlaylist: a new playlist of `songId`s, or (with `playlistId`) a playlist's songs replaced. */
  async createPlaylist(caller: Caller, params: Params): Promise<Node> {
    const songIds = params.ids('songId');
    if (params.get('playlistId') !== undefined) {
      const id = params.id('playlistId');
      await this.services.playlists.assertOwner(id, caller);
      const given = params.get('name');
      const name = given === undefined ? undefined : this.name(given);
      await this.assertListed(songIds);
      // Songs and name change together or not at all.
      await this.services.playlists.replaceSongs(
        id,
        caller,
        songIds,
        name === undefined ? {} : { name },
      );
      return this.playlist(caller, id);
    }
    const name = this.name(params.required('name'));
    await this.assertListed(songIds);
    const created = await this.services.playlists.create(
      caller,
      { name, isPublic: false },
      songIds,
    );
    return this.playlist(caller, created._id);
  }

  /**
   * Refuses a call naming a song listeners may not see (error 70) before it changes anything, so
   * a call that fails leaves no half-made playlist or half-counted scrobbles behind.
   */
  private async assertListed(songIds: number[]): Promise<void> {
    const wanted = new Set(songIds);
    if (wanted.size === 0) return;
    const listed = new Set(await this.repository.listedSongIds([...wanted]));
    const unknown = [...wanted].find((id) => !listed.has(id));
    if (unknown !== undefined) throw notFound(`Song not found: ${unknown}`);
  }

  private name(text: string): string {
    if (text.length > PLAYLIST_NAME_MAX) {
      throw new SubsonicError(
        CODES.missingParameter,
        `The name may be ${PLAYLIST_NAME_MAX} characters at most`,
      );
    }
    return text;
  }

  async updatePlaylist(caller: Caller, params: Params): Promise<Node> {
    const id = params.id('playlistId');
    const name = params.get('name');
    const comment = params.get('comment');
    const isPublic = params.flag('public');
    if (comment !== undefined && comment.length > PLAYLIST_DESCRIPTION_MAX) {
      throw new SubsonicError(
        CODES.missingParameter,
        `The comment may be ${PLAYLIST_DESCRIPTION_MAX} characters at most`,
      );
    }
    await this.services.playlists.assertOwner(id, caller);
    const songIdsToAdd = params.ids('songIdToAdd');
    await this.assertListed(songIdsToAdd);
    // Indexes count the songs as getPlaylist lists them (songs listeners may see).
    const removeListedAt = params.all('songIndexToRemove').map((text) => Number.parseInt(text, 10));
    // Fields and songs change together or not at all.
    await this.services.playlists.edit(id, caller, {
      ...(name !== undefined ? { name: this.name(name) } : {}),
      ...(comment !== undefined ? { description: comment } : {}),
      ...(isPublic !== undefined ? { isPublic } : {}),
      removeListedAt,
      addSongIds: songIdsToAdd,
    });
    return {};
  }

  async deletePlaylist(caller: Caller, params: Params): Promise<Node> {
    await this.services.playlists.remove(params.id(), caller);
    return {};
  }

  /** getUser: a listener may read their own record only. */
  user(caller: Caller, params: Params): Node {
    const username = params.required('username');
    if (username.trim().toLowerCase() !== caller.email.toLowerCase()) {
      throw new SubsonicError(CODES.notAuthorized, 'You may only read your own user');
    }
    const admin = caller.role === 'admin';
    return {
      user: {
        folder: [MUSIC_FOLDER.id],
        username: caller.email,
        email: caller.email,
        scrobblingEnabled: true,
        adminRole: admin,
        settingsRole: false,
        downloadRole: true,
        uploadRole: false,
        playlistRole: true,
        coverArtRole: false,
        commentRole: false,
        podcastRole: false,
        streamRole: true,
        jukeboxRole: false,
        shareRole: false,
      },
    };
  }

  /**
   * getTopSongs: the artist's songs most played of all time first, over all its songs (the artist
   * page ranks its newest ones).
   */
  async topSongs(caller: Caller, params: Params): Promise<Node> {
    const artistId = await this.repository.artistIdByName(params.required('artist'));
    if (artistId === undefined) return { topSongs: {} };
    const ids = await this.repository.topSongIds(artistId, params.int('count', 50, 1, MAX_PAGE));
    return { topSongs: { song: await this.songsById(caller, ids) } };
  }

  /** getSimilarSongs2: songs by the artist or in the artist's genres. */
  async similarSongs2(caller: Caller, params: Params): Promise<Node> {
    const artistId = artistIdOf(params.required('id'));
    if ((await this.repository.artistCards([artistId])).length === 0) {
      throw notFound('Artist not found');
    }
    const ids = await this.radio({ artistId }, params.int('count', 50, 1, MAX_PAGE));
    return { similarSongs2: { song: await this.songsById(caller, ids) } };
  }

  /**
   * getSimilarSongs: what apps call a song's radio or instant mix. For a song, songs of its
   * artists or in its genre; for an artist's folder, as getSimilarSongs2; for an album's folder,
   * as for its artist.
   */
  async similarSongs(caller: Caller, params: Params): Promise<Node> {
    const item = itemOf(params.required('id'));
    const count = params.int('count', 50, 1, MAX_PAGE);
    let ids: number[];
    if (item.kind === 'song') {
      // Not found unless listed; the song itself is where the radio starts, not one of its songs.
      await this.services.catalog.getSong(item.id);
      ids = await this.radio({ songId: item.id }, count);
    } else {
      const artistId =
        item.kind === 'artist'
          ? item.id
          : (await this.repository.albumCards([item.id]))[0]?.artist_id;
      if (artistId === undefined || (await this.repository.artistCards([artistId])).length === 0) {
        throw notFound(item.kind === 'artist' ? 'Artist not found' : 'Album not found');
      }
      ids = await this.radio({ artistId }, count);
    }
    return { similarSongs: { song: await this.songsById(caller, ids) } };
  }

  private images(hash: string | null | undefined): Node {
    if (!hash) return {};
    const url = (width: number) => ({ value: new URL(imageUrl(hash, width), this.publicUrl).href });
    return { smallImageUrl: url(64), mediumImageUrl: url(300), largeImageUrl: url(640) };
  }

  /** getArtistInfo2: the artist's description and images, and artists in the same genres. */
  async artistInfo2(caller: Caller, params: Params): Promise<Node> {
    const { info, similar, count } = await this.artistInfoOf(caller, params);
    const artists = await this.artistsById(caller, similar);
    return { artistInfo2: { ...info, similarArtist: artists.slice(0, count) } };
  }

  /** getArtistInfo (folder mode): getArtistInfo2's, with the similar artists' folders. */
  async artistInfo(caller: Caller, params: Params): Promise<Node> {
    const { info, similar, count } = await this.artistInfoOf(caller, params);
    const folders = await this.artistFolders(caller, similar);
    return { artistInfo: { ...info, similarArtist: folders.slice(0, count) } };
  }

  /**
   * The info of the artist `id` names: an artist, its folder, or an album's folder (the album's
   * artist), as Subsonic's info calls take any of them.
   */
  private async artistInfoOf(caller: Caller, params: Params) {
    const requested = params.required('id');
    const albumId = albumOfFolder(requested);
    const artistId =
      albumId === undefined
        ? artistIdOf(requested)
        : (await this.repository.albumCards([albumId]))[0]?.artist_id;
    if (artistId === undefined) throw notFound('Album not found');
    const [artist] = await this.repository.artistCards([artistId]);
    if (!artist) throw notFound('Artist not found');
    const description = await this.services.catalog.artistDetail(artistId, caller.userId);
    // The web's "Fans also like": artists this one's listeners also play or like, then artists
    // of its genres; chosen once in a while, as it reads many plays. `count` is taken of those
    // still shown (one disabled since the choice is left out).
    const similar = await this.services.related.relatedIds(artistId);
    const count = params.int('count', 20, 0, MAX_PAGE);
    const info: Node = {
      biography: description.description ? { value: description.description } : undefined,
      ...this.images(artist.image_key),
    };
    return { info, similar, count };
  }

  /**
   * getAlbumInfo and getAlbumInfo2: the album's cover images (Chorus keeps no album notes), for
   * an album, its folder or a single.
   */
  async albumInfo(caller: Caller, params: Params): Promise<Node> {
    const requested = params.required('id');
    const song = await this.single(caller, requested);
    if (song) {
      return { albumInfo: this.images(typeof song.coverArt === 'string' ? song.coverArt : null) };
    }
    const [album] = await this.repository.albumCards([albumIdOf(requested)]);
    if (!album) throw notFound('Album not found');
    return { albumInfo: this.images(album.cover_key) };
  }

  async playQueue(caller: Caller): Promise<Node> {
    const row = await this.repository.playQueue(caller.userId);
    if (!row) return {};
    const ids = (JSON.parse(row.song_ids) as unknown[]).filter(
      (id): id is number => typeof id === 'number',
    );
    const entry = await this.songsById(caller, ids);
    // A current song no longer listed is not among the entries, where apps look it up to start
    // from: the queue then starts at its beginning.
    const current = row.current_id === null ? undefined : String(row.current_id);
    const gone = current !== undefined && !entry.some((song) => song.id === current);
    return {
      playQueue: {
        entry,
        current: gone ? undefined : current,
        position: gone ? 0 : row.position_ms,
        username: caller.email,
        changed: row.changed_at,
        changedBy: row.changed_by,
      },
    };
  }

  /** savePlayQueue: the songs in order (at most MAX_QUEUE), the current one and its position. */
  async savePlayQueue(caller: Caller, params: Params): Promise<Node> {
    const queue = params.ids('id');
    const current = params.get('current');
    const currentId = current ? params.id('current') : null;
    // A longer queue keeps MAX_QUEUE songs from the current one on (what is still to play), or
    // the last MAX_QUEUE when fewer follow it.
    const at = currentId === null ? -1 : queue.indexOf(currentId);
    const start = Math.max(0, Math.min(at, queue.length - MAX_QUEUE));
    const songIds = queue.slice(start, start + MAX_QUEUE);
    await this.repository.savePlayQueue({
      userId: caller.userId,
      songIds,
      currentId: currentId !== null && songIds.includes(currentId) ? currentId : null,
      positionMs: params.int('position', 0, 0, 2_147_483_647),
      changedBy: (params.get('c') ?? 'app').slice(0, 60),
      now: nowIso(),
    });
    return {};
  }
}
