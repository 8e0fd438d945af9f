import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { migrate, openDatabase } from '../server/db/database.ts';
import { mulberry32 } from '../server/db/demo/prng.ts';
import { REFRESH_LISTED } from '../server/db/visibility.ts';
import { createSearchRepository } from '../server/modules/search/search.repository.ts';
import {
  REFILL_ALL_SEARCH_TERMS,
  refreshAllCredits,
} from '../server/modules/search/search-index.ts';

const WORDS = (
  'love night summer river light dream heart fire rain city blue gold wild road ocean star ' +
  'shadow morning velvet neon echo silver paper ghost honey thunder garden winter café zoë ' +
  'midnight electric broken golden secret lonely sweet highway north south memory'
).split(' ');

/**
 * A large catalog written straight into SQLite in big transactions (the API would take hours):
 * `artists` artists, `songs` songs (albums of 10, each by one artist), and `plays` plays spread
 * over 28 days.
 * Search indexes fill through the migration's triggers, as they would in production, and are
 * compacted at the end, as `npm run import` compacts them after a bulk load.
 */
export async function seedLargeCatalog(
  dataDir: string,
  counts: { artists: number; songs: number; plays: number },
): Promise<void> {
  const handle = await openDatabase({ url: null, dataDir });
  await migrate(handle);
  await handle.close();
  const db = new SqliteDatabase(path.join(dataDir, 'chorus.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const random = mulberry32(42);
  const word = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const title = () => `${word()} ${word()}${random() < 0.5 ? ` ${word()}` : ''}`;
  const now = Date.now();
  const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
  const fake = 'a'.repeat(64);
  db.transaction(() => {
    const artist = db.prepare(
      'insert into artists (name, description, email, image_key, is_disabled, verified, created_at, updated_at) values (?, ?, null, null, 0, 0, ?, ?)',
    );
    for (let i = 0; i < counts.artists; i++) {
      const at = iso(i * 1000);
      artist.run(`${word()} ${word()} ${i}`, 'bench artist', at, at);
    }
    const album = db.prepare(
      'insert into albums (title, artist_id, cover_key, year, created_at) values (?, ?, null, 2020, ?)',
    );
    const song = db.prepare(
      `insert into songs (title, genre, duration, status, is_deleted, audio_key, audio_mime, audio_size,
        audio_codec, audio_bitrate, cover_key, album_id, track_number, created_at, updated_at)
       values (?, 'Pop', ?, 'Active', 0, ?, 'audio/mpeg', 1000, null, null, null, ?, ?, ?, ?)`,
    );
    const credit = db.prepare(
      'insert into song_artists (song_id, artist_id, position) values (?, ?, 0)',
    );
    let albumId = 0;
    for (let i = 0; i < counts.songs; i++) {
      // Albums of 10 songs by one artist, added album by album as imports and uploads add them;
      // an artist's later albums come after other artists' (added at other times).
      const artistId = 1 + (Math.floor(i / 10) % counts.artists);
      const at = iso(i * 100);
      if (i % 10 === 0) albumId = Number(album.run(title(), artistId, at).lastInsertRowid);
      const id = Number(
        song.run(title(), 120 + (i % 180), `audio/${fake}.mp3`, albumId, (i % 10) + 1, at, at)
          .lastInsertRowid,
      );
      credit.run(id, artistId);
    }
    const play = db.prepare(
      'insert into plays (song_id, user_id, listener_key, played_at) values (?, null, ?, ?)',
    );
    for (let i = 0; i < counts.plays; i++) {
      // Skewed: a few songs get most plays, like real listening.
      const songId = 1 + Math.floor(random() ** 3 * counts.songs);
      play.run(songId, `a:${Math.floor(random() * 50_000)}`, iso(random() * 28 * 86_400_000));
    }
  })();
  db.pragma('optimize');
  db.close();
  const compacting = await openDatabase({ url: null, dataDir });
  await createSearchRepository(compacting).optimize();
  await compacting.close();
}

const SYLLABLES = (
  'ka lo mi ra ne tu sa vo li da pe ro fu ga zi mo ta be ly no re si ma ko la vi do en ar ' +
  'el in or us an et al on ur is'
).split(' ');

/** Real words a listener would type, some with accents, for accent- and case-free queries. */
const COMMON = (
  'love night summer river light dream heart fire rain city blue gold wild road ocean star ' +
  'shadow morning velvet neon echo silver paper ghost honey thunder garden winter midnight ' +
  'electric broken golden secret lonely sweet highway north south memory café zoë señorita ' +
  'mañana déjà naïve crème été lumière über fjörd piña soirée noël'
).split(' ');

/**
 * The vocabulary of a large catalog: common words plus invented ones, drawn with a Zipf-like
 * skew, so a few words are in tens of thousands of titles and most in a handful, as in real
 * catalogs (a uniform vocabulary would make every query either huge or empty).
 */
export function searchVocabulary(size = 6000, seed = 7): string[] {
  const random = mulberry32(seed);
  const words = new Set(COMMON);
  while (words.size < size) {
    const parts = 2 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < parts; i++) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

/**
 * A catalog for search: `songs` songs (albums of 10, each by one of `artists` artists) with titles
 * from `searchVocabulary()`, written straight into SQLite in one transaction with the search and
 * catalog triggers set aside, and the full-text indexes filled once at the end.
 */
export async function seedSearchCatalog(
  dataDir: string,
  counts: { artists: number; songs: number },
): Promise<void> {
  const handle = await openDatabase({ url: null, dataDir });
  await migrate(handle);
  await handle.close();
  const db = new SqliteDatabase(path.join(dataDir, 'chorus.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const random = mulberry32(42);
  const vocabulary = searchVocabulary();
  // Zipf-like: rank r is drawn with weight ~1/r (inverse CDF of a log-uniform rank).
  const word = () =>
    vocabulary[Math.min(vocabulary.length - 1, Math.floor(vocabulary.length ** random()) - 1)]!;
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const title = () => {
    const length = 1 + Math.floor(random() * 4);
    return Array.from({ length }, () => capital(word())).join(' ');
  };
  const triggers = db
    .prepare(
      "select name, sql from sqlite_master where type = 'trigger' and tbl_name in ('songs', 'artists', 'albums', 'song_artists')",
    )
    .all() as { name: string; sql: string }[];
  const now = Date.now();
  const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
  const fake = 'b'.repeat(64);
  db.transaction(() => {
    for (const trigger of triggers) db.exec(`drop trigger ${trigger.name}`);
    const artist = db.prepare(
      'insert into artists (name, description, email, image_key, is_disabled, verified, created_at, updated_at) values (?, ?, null, null, 0, 0, ?, ?)',
    );
    for (let i = 0; i < counts.artists; i++) {
      const at = iso(i * 1000);
      artist.run(`${capital(word())} ${capital(word())}`, 'bench artist', at, at);
    }
    const album = db.prepare(
      'insert into albums (title, artist_id, cover_key, year, created_at) values (?, ?, null, 2020, ?)',
    );
    const song = db.prepare(
      `insert into songs (title, genre, duration, status, is_deleted, audio_key, audio_mime, audio_size,
        audio_codec, audio_bitrate, cover_key, album_id, track_number, created_at, updated_at)
       values (?, 'Pop', ?, ?, ?, ?, 'audio/mpeg', 1000, null, null, null, ?, ?, ?, ?)`,
    );
    const credit = db.prepare(
      'insert into song_artists (song_id, artist_id, position) values (?, ?, 0)',
    );
    let albumId = 0;
    let artistId = 1;
    for (let i = 0; i < counts.songs; i++) {
      const at = iso(i * 10);
      // Albums of 10 songs by one artist, as imports and uploads add them.
      if (i % 10 === 0) {
        artistId = 1 + Math.floor(random() * counts.artists);
        albumId = Number(album.run(title(), artistId, at).lastInsertRowid);
      }
      // A few songs are hidden from listeners, as in a catalog that admins look after.
      const status = i % 97 === 0 ? 'Inactive' : 'Active';
      const deleted = i % 89 === 0 ? 1 : 0;
      const id = Number(
        song.run(
          title(),
          120 + (i % 180),
          status,
          deleted,
          `audio/${fake}.mp3`,
          albumId,
          (i % 10) + 1,
          at,
          at,
        ).lastInsertRowid,
      );
      credit.run(id, artistId);
    }
    // Songs' credits text (search-index.ts) is set once, with its triggers aside too.
    db.exec(refreshAllCredits('sqlite'));
    for (const trigger of triggers) db.exec(trigger.sql);
    for (const statement of REFRESH_LISTED) db.exec(statement);
  })();
  db.close();
  // The search indexes are filled once, from the tables, as after a restore.
  const indexed = await openDatabase({ url: null, dataDir });
  await createSearchRepository(indexed).rebuild();
  await sql`pragma optimize`.execute(indexed.db);
  await indexed.close();
}

/**
 * The search catalog of `seedSearchCatalog` (in `sqliteDir`), copied into a fresh PostgreSQL
 * database `database` on the server of `url`, so both engines are measured on the same rows.
 * Rows go in with triggers and search indexes set aside, then flags and indexes are built once,
 * as after a restore. Returns the new database's URL.
 */
export async function copySearchCatalogToPostgres(
  sqliteDir: string,
  url: string,
  database: string,
): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${database}`);
  await admin.query(`create database ${database}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${database}`;
  const handle = await openDatabase({ url: target.toString(), dataDir: sqliteDir });
  await migrate(handle);
  await handle.close();

  const source = new SqliteDatabase(path.join(sqliteDir, 'chorus.db'), { readonly: true });
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  const tables = [
    {
      name: 'artists',
      columns: ['id', 'name', 'description', 'is_disabled', 'verified', 'created_at', 'updated_at'],
      types: ['int', 'text', 'text', 'int', 'int', 'text', 'text'],
    },
    {
      name: 'albums',
      columns: ['id', 'title', 'artist_id', 'year', 'created_at'],
      types: ['int', 'text', 'int', 'int', 'text'],
    },
    {
      name: 'songs',
      columns: [
        'id',
        'title',
        'genre',
        'duration',
        'status',
        'is_deleted',
        'audio_key',
        'audio_mime',
        'audio_size',
        'album_id',
        'track_number',
        'created_at',
        'updated_at',
      ],
      types: [
        'int',
        'text',
        'text',
        'int',
        'text',
        'int',
        'text',
        'text',
        'int',
        'int',
        'int',
        'text',
        'text',
      ],
    },
    {
      name: 'song_artists',
      columns: ['song_id', 'artist_id', 'position'],
      types: ['int', 'int', 'int'],
    },
  ];
  await client.query('begin');
  for (const table of tables) {
    await client.query(`alter table ${table.name} disable trigger user`);
    const rows = source.prepare(`select ${table.columns.join(', ')} from ${table.name}`).raw();
    let batch: unknown[][] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const columns = table.columns.map((_, i) => batch.map((row) => row[i]));
      await client.query(
        `insert into ${table.name} (${table.columns.join(', ')}) overriding system value
         select * from unnest(${table.types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})`,
        columns,
      );
      batch = [];
    };
    for (const row of rows.iterate() as Iterable<unknown[]>) {
      batch.push(row);
      if (batch.length === 20_000) await flush();
    }
    await flush();
  }
  for (const statement of REFRESH_LISTED) await client.query(statement);
  await client.query(refreshAllCredits('postgres'));
  for (const table of tables) await client.query(`alter table ${table.name} enable trigger user`);
  // The search terms' triggers were off with the rest: filled in bulk instead (migrations 010, 018).
  for (const statement of REFILL_ALL_SEARCH_TERMS) await client.query(statement);
  for (const table of ['artists', 'albums', 'songs']) {
    await client.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
    );
  }
  await client.query('commit');
  // As after any bulk load: statistics, and a visibility map so terms are read from the key alone.
  await client.query('vacuum (analyze)');
  await client.end();
  source.close();
  return target.toString();
}

/** Drops a database made by `copySearchCatalogToPostgres`. */
export async function dropPostgresDatabase(url: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database}`);
  } finally {
    await admin.end();
  }
}
