import { createHash, randomBytes } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import type { Deps as AppDeps } from '../../server/deps.ts';

/** What the factories need: the database, sessions and media of an app (or of a running server). */
export type Deps = Pick<AppDeps, 'db' | 'sessions' | 'media'>;

import { hashPassword } from '../../server/lib/passwords.ts';
import { storeImage } from '../../server/media/images.ts';
import { audioKey } from '../../server/media/media-store.ts';
import { makeMp3, makePng } from '../fixtures/media.ts';

let counter = 0;
const unique = () =>
  `${Date.now().toString(36)}${(++counter).toString(36)}${randomBytes(2).toString('hex')}`;
const isoAgo = (ms: number) => new Date(Date.now() - ms).toISOString();

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
  name: string;
}

/** Hashing is slow on purpose, so every test user shares one precomputed hash. */
const DEFAULT_PASSWORD = 'listen-to-music-1';
let defaultHash: Promise<string> | null = null;

export async function createUser(
  deps: Deps,
  options: {
    role?: 'listener' | 'admin';
    blocked?: boolean;
    premium?: boolean;
    email?: string;
    name?: string;
  } = {},
): Promise<TestUser> {
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const email = options.email ?? `user-${unique()}@example.com`;
  const name = options.name ?? `User ${unique()}`;
  const now = new Date().toISOString();
  const row = await deps.db
    .insertInto('users')
    .values({
      email,
      name,
      password_hash: await defaultHash,
      role: options.role ?? 'listener',
      is_blocked: options.blocked ? 1 : 0,
      is_premium: options.premium ? 1 : 0,
      date_of_birth: '1990-05-17',
      gender: 'Prefer not to say',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = await deps.sessions.create(row.id, { persistent: true });
  return { id: row.id, email, password: DEFAULT_PASSWORD, token: session.token, name };
}

export async function createArtist(
  deps: Deps,
  options: { name?: string; disabled?: boolean; withImage?: boolean; createdAgoMs?: number } = {},
): Promise<{ id: number; name: string }> {
  const name = options.name ?? `Artist ${unique()}`;
  const at = isoAgo(options.createdAgoMs ?? 0);
  const image = options.withImage
    ? await storeImage(deps.media, await makePng(16, '#aa33cc'))
    : null;
  const row = await deps.db
    .insertInto('artists')
    .values({
      name,
      description: `About ${name}`,
      email: `${unique()}@artists.example.com`,
      image_key: image,
      is_disabled: options.disabled ? 1 : 0,
      verified: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}

/** An album; `createdAt` dates it (an old date keeps it out of the home page's newest albums). */
export async function createAlbum(
  deps: Deps,
  artistId: number,
  title = `Album ${unique()}`,
  createdAt = new Date(),
) {
  const row = await deps.db
    .insertInto('albums')
    .values({
      title,
      artist_id: artistId,
      cover_key: null,
      year: 2024,
      created_at: createdAt.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, title };
}

let sharedAudio: { key: string; size: number } | null = null;

/** Stores one real MP3 the first time; songs made by tests share it (same bytes, same key). */
async function testAudio(deps: Deps): Promise<{ key: string; size: number }> {
  if (sharedAudio && (await deps.media.stat(sharedAudio.key))) return sharedAudio;
  const mp3 = makeMp3(2);
  const key = audioKey(createHash('sha256').update(mp3).digest('hex'), 'mp3');
  await deps.media.putBuffer(key, mp3);
  sharedAudio = { key, size: mp3.length };
  return sharedAudio;
}

export async function createSong(
  deps: Deps,
  options: {
    title?: string;
    artistIds: number[];
    albumId?: number;
    status?: 'Active' | 'Inactive';
    deleted?: boolean;
    duration?: number;
    genre?: string;
    createdAgoMs?: number;
    /** A stored file of the song's own (a short MP3 shared by every song otherwise). */
    audio?: { key: string; size: number; mime: string; codec: string; bitrate: number };
  },
): Promise<{ id: number; title: string }> {
  const audio = options.audio ?? {
    ...(await testAudio(deps)),
    mime: 'audio/mpeg',
    codec: 'MPEG 1 Layer 3',
    bitrate: 64_000,
  };
  const title = options.title ?? `Song ${unique()}`;
  const at = isoAgo(options.createdAgoMs ?? 0);
  const row = await deps.db
    .insertInto('songs')
    .values({
      title,
      genre: options.genre ?? 'Pop',
      duration: options.duration ?? 2,
      status: options.status ?? 'Active',
      is_deleted: options.deleted ? 1 : 0,
      audio_key: audio.key,
      audio_mime: audio.mime,
      audio_size: audio.size,
      audio_codec: audio.codec,
      audio_bitrate: audio.bitrate,
      cover_key: null,
      album_id: options.albumId ?? null,
      track_number: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.db
    .insertInto('song_artists')
    .values(
      options.artistIds.map((artistId, position) => ({
        song_id: row.id,
        artist_id: artistId,
        position,
      })),
    )
    .execute();
  return { id: row.id, title };
}

/** A playlist written straight into the database (public unless told otherwise). */
export async function createPlaylist(
  deps: Pick<Deps, 'db'>,
  ownerId: number,
  options: { name?: string; description?: string; isPublic?: boolean } = {},
): Promise<{ id: number; name: string }> {
  const now = new Date().toISOString();
  const name = options.name ?? `Playlist ${unique()}`;
  const row = await deps.db
    .insertInto('playlists')
    .values({
      owner_id: ownerId,
      name,
      description: options.description ?? '',
      is_public: options.isPublic === false ? 0 : 1,
      cover_key: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}

export async function recordPlays(
  deps: Pick<Deps, 'db'>,
  songId: number,
  count: number,
  options: { agoMs?: number; listener?: (i: number) => string; userId?: number | null } = {},
): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    song_id: songId,
    user_id: options.userId ?? null,
    listener_key: options.listener ? options.listener(i) : `a:${i}`,
    played_at: isoAgo(options.agoMs ?? 60_000),
  }));
  if (rows.length > 0) await deps.db.insertInto('plays').values(rows).execute();
}

/**
 * Inserts `count` rows into `table` in one statement, row `i` (1…count) made by `values` from
 * the SQL number `i` and the time of the insert: lists past their caps need thousands of rows,
 * which one insert per row would take minutes to write on PostgreSQL.
 */
async function insertNumbered(
  deps: Pick<Deps, 'db'>,
  table: 'artists' | 'songs' | 'users',
  columns: string,
  count: number,
  values: (i: RawBuilder<number>, at: string) => RawBuilder<unknown>,
): Promise<void> {
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(count)})
    insert into ${sql.table(table)} (${sql.raw(columns)})
    select ${values(sql<number>`i`, new Date().toISOString())} from n`.execute(deps.db);
}

/** `count` enabled artists named 'Bulk artist 1'…, added at one time. */
export function createManyArtists(deps: Pick<Deps, 'db'>, count: number): Promise<void> {
  return insertNumbered(
    deps,
    'artists',
    'name, description, is_disabled, verified, created_at, updated_at',
    count,
    (i, at) => sql`'Bulk artist ' || ${i}, 'bulk', 0, 0, ${at}, ${at}`,
  );
}

/** `count` listed songs 'Bulk song 1'… credited to `artistId`, added at one time. */
export async function createManySongs(deps: Deps, count: number, artistId: number): Promise<void> {
  const audio = await testAudio(deps);
  const before = await deps.db
    .selectFrom('songs')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  await insertNumbered(
    deps,
    'songs',
    'title, genre, duration, status, is_deleted, audio_key, audio_mime, audio_size, created_at, updated_at',
    count,
    (i, at) =>
      sql`'Bulk song ' || ${i}, 'Pop', 2, 'Active', 0, ${audio.key}, 'audio/mpeg', ${sql.lit(audio.size)}, ${at}, ${at}`,
  );
  await deps.db
    .insertInto('song_artists')
    .columns(['song_id', 'artist_id', 'position'])
    .expression((eb) =>
      eb
        .selectFrom('songs')
        .select(['id', sql.lit(artistId).as('artist_id'), sql<number>`0`.as('position')])
        .where('id', '>', Number(before?.id ?? 0)),
    )
    .execute();
}

/** `count` listeners bulk-1@example.com…, sharing one (unusable) password hash. */
export function createManyUsers(deps: Pick<Deps, 'db'>, count: number): Promise<void> {
  return insertNumbered(
    deps,
    'users',
    'email, name, password_hash, role, is_blocked, is_premium, date_of_birth, gender, created_at, updated_at',
    count,
    (i, at) =>
      sql`'bulk-' || ${i} || '@example.com', 'Bulk user ' || ${i}, 'x', 'listener', 0, 0, '1990-05-17', 'Prefer not to say', ${at}, ${at}`,
  );
}
