import type { Generated, Insertable, Selectable } from 'kysely';

/*
 * Booleans are stored as 0/1 integers and timestamps as ISO-8601 UTC text in both dialects:
 * better-sqlite3 cannot bind JS booleans, and ISO text compares correctly as a string, so every
 * query stays dialect-neutral.
 */
type Flag = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string | null;
  role: 'listener' | 'admin';
  is_blocked: Flag;
  is_premium: Flag;
  date_of_birth: string | null;
  gender: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  persistent: Flag;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  user_agent: string | null;
  ip: string | null;
}

export interface OneTimeCodesTable {
  id: Generated<number>;
  email: string;
  purpose: 'login' | 'reset';
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
  /** A keyed hash of the address that asked for the code ('' for codes older than migration 013). */
  requested_by: Generated<string>;
}

/** Fixed-window rate-limit counters, shared by every instance (server/plugins/rate-limit.ts). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: string;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface BotCheckSolutionsTable {
  /** The solved challenge (a SHA-256 hex digest); stored once so a solution cannot be replayed. */
  challenge: string;
  expires_at: string;
}

export interface ArtistsTable {
  id: Generated<number>;
  name: string;
  description: string;
  email: string | null;
  image_key: string | null;
  is_disabled: Flag;
  verified: Flag;
  created_at: string;
  updated_at: string;
}

export interface AlbumsTable {
  id: Generated<number>;
  title: string;
  artist_id: number;
  cover_key: string | null;
  year: number | null;
  created_at: string;
  /** Whether listeners may see the album, maintained by the database (migration 027). */
  listed: Generated<Flag>;
}

export interface SongsTable {
  id: Generated<number>;
  title: string;
  genre: string;
  duration: number;
  status: 'Active' | 'Inactive';
  is_deleted: Flag;
  audio_key: string;
  audio_mime: string;
  audio_size: number;
  audio_codec: string | null;
  audio_bitrate: number | null;
  cover_key: string | null;
  album_id: number | null;
  track_number: number | null;
  created_at: string;
  updated_at: string;
  /** Kept by the database (migration 008): active, not deleted, no credited artist disabled. */
  listed: Generated<Flag>;
  /** Maintained by the database (migration 018): the credited artists' names and the album's title. */
  search_credits: Generated<string>;
}

export interface SongArtistsTable {
  song_id: number;
  artist_id: number;
  position: number;
  /** The song's `listed`, copied by the database (migration 008). */
  listed: Generated<Flag>;
}

export interface PlaylistsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  description: string;
  is_public: Flag;
  cover_key: string | null;
  /** The uploaded cover's size in bytes (0 without one, or for covers older than migration 015). */
  cover_bytes: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Moves with every change to the playlist's songs (triggers, migration 006). */
  songs_version: Generated<number>;
}

export interface PlaylistSongsTable {
  playlist_id: number;
  song_id: number;
  position: number;
  added_at: string;
}

export interface PlaysTable {
  id: Generated<number>;
  song_id: number;
  user_id: number | null;
  /**
   * Who listened, for distinct-listener counts: `u:<id>` for accounts, `a:<hash>` for visitors
   * with the visitor cookie, `i:<keyed hash>` for the address of a client without it.
   */
  listener_key: string;
  played_at: string;
}

/** All-time plays per song, kept by triggers on `plays` (migration 004). */
export interface SongPlayTotalsTable {
  song_id: number;
  plays: number;
}

/** Plays per song per UTC day (`YYYY-MM-DD`), kept by triggers on `plays`. */
export interface SongPlayDaysTable {
  day: string;
  song_id: number;
  plays: number;
}

/** Plays per UTC day with the sum of their song ids: a cheap "has this day changed" stamp. */
export interface PlayDaysTable {
  day: string;
  plays: number;
  song_sum: number;
}

export interface FollowsTable {
  user_id: number;
  artist_id: number;
  created_at: string;
}

export interface LikesTable {
  user_id: number;
  song_id: number;
  created_at: string;
}

/** A listener's app key for Subsonic apps (migration 016). */
export interface AppKeysTable {
  user_id: number;
  /** The key, AES-256-GCM under a key derived from a server secret: iv.tag.ciphertext, base64url. */
  key_box: string;
  /** HMAC-SHA256 of the key (hex), for finding the account of an `apiKey`. */
  lookup: string;
  created_at: string;
}

/** Albums a listener starred from a Subsonic app (migration 017). */
export interface AlbumStarsTable {
  user_id: number;
  album_id: number;
  created_at: string;
}

/** A listener's play queue as a Subsonic app saved it (migration 017). */
export interface PlayQueuesTable {
  user_id: number;
  /** The queue's song ids in order, as a JSON array. */
  song_ids: string;
  current_id: number | null;
  position_ms: number;
  changed_at: string;
  /** The app that saved it (its `c` parameter). */
  changed_by: string;
}

/** What a listener's Subsonic app last reported playing (migration 023). */
export interface NowPlayingTable {
  user_id: number;
  song_id: number;
  /** The app that reported it (its `c` parameter). */
  player: string;
  reported_at: string;
}

/** One row (id 1): moves with every change to what song lists show (migration 005). */
export interface RecentSearchesTable {
  id: Generated<number>;
  user_id: number;
  /** The query as the listener typed it. */
  query: string;
  /** Its folded words, one space apart: one row per search however it was spelled. */
  words: string;
  searched_at: string;
}

export interface CatalogVersionTable {
  id: number;
  version: number;
  /** When the catalog last changed (ms since 1970; migration 024): strictly up with `version`. */
  changed_at: number;
}

/**
 * Stored objects that may have lost (or not yet gained) their last reference, for the media
 * collector (migration 014, server/media/collector.ts).
 */
export interface MediaChecksTable {
  /** An image's content hash, or an audio object's key. */
  ref: string;
  kind: 'image' | 'audio';
  /** When the object was let go of or stored; it is deleted a grace period later if unused. */
  since: string;
  /** Uploads storing it now; a failed one deletes it at once only when it was the last. */
  holders: number;
}

/** A row while the store has not been listed for the collector yet (migration 014). */
export interface MediaScanDueTable {
  id: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  app_secrets: AppSecretsTable;
  rate_limits: RateLimitsTable;
  bot_check_solutions: BotCheckSolutionsTable;
  artists: ArtistsTable;
  albums: AlbumsTable;
  songs: SongsTable;
  song_artists: SongArtistsTable;
  playlists: PlaylistsTable;
  playlist_songs: PlaylistSongsTable;
  plays: PlaysTable;
  song_play_totals: SongPlayTotalsTable;
  song_play_days: SongPlayDaysTable;
  play_days: PlayDaysTable;
  follows: FollowsTable;
  likes: LikesTable;
  catalog_version: CatalogVersionTable;
  media_checks: MediaChecksTable;
  media_scan_due: MediaScanDueTable;
  app_keys: AppKeysTable;
  album_stars: AlbumStarsTable;
  play_queues: PlayQueuesTable;
  now_playing: NowPlayingTable;
  recent_searches: RecentSearchesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ArtistRow = Selectable<ArtistsTable>;
export type AlbumRow = Selectable<AlbumsTable>;
export type SongRow = Selectable<SongsTable>;
export type PlaylistRow = Selectable<PlaylistsTable>;
