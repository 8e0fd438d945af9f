import { type Kysely, sql } from 'kysely';
import { rankKey } from './007-search-ranked.ts';

/**
 * SQLite: each search index holds only what listeners may find — listed songs (migration 008),
 * enabled artists, albums of enabled artists, public playlists. A search then takes its best
 * rows straight from the index, in rank order, instead of reading each candidate's row (and its
 * artist's) to see whether it may be shown: about a hundred scattered row reads per search on a
 * large catalog. Triggers add a row when it becomes visible and remove it when it stops being
 * visible, changes name or is deleted (removing a key that is not there is harmless).
 * PostgreSQL checks visibility in its queries.
 */
interface VisibleSource {
  table: 'songs' | 'artists' | 'albums' | 'playlists';
  label: string;
  columns: readonly string[];
  /** Columns besides `columns` whose change can show or hide a row. */
  watched: readonly string[];
  /** Whether row `row` (an alias, `new` or `old`) may be found. */
  visible: (row: string) => string;
}

export const VISIBLE_SOURCES: readonly VisibleSource[] = [
  {
    table: 'songs',
    label: 'title',
    columns: ['title'],
    watched: ['listed'],
    visible: (r) => `${r}.listed = 1`,
  },
  {
    table: 'artists',
    label: 'name',
    columns: ['name'],
    watched: ['is_disabled'],
    visible: (r) => `${r}.is_disabled = 0`,
  },
  {
    table: 'albums',
    label: 'title',
    columns: ['title'],
    watched: ['artist_id'],
    visible: (r) =>
      `exists (select 1 from artists va where va.id = ${r}.artist_id and va.is_disabled = 0)`,
  },
  {
    table: 'playlists',
    label: 'name',
    columns: ['name', 'description'],
    watched: ['is_public'],
    visible: (r) => `${r}.is_public = 1`,
  },
];

/** The statement that fills a source's (empty) index with its visible rows. */
export function fillVisible(source: VisibleSource): string {
  const fts = `${source.table}_fts`;
  return `insert into ${fts}(rowid, ${source.columns.join(', ')}) select ${rankKey('t', source.label)}, ${source.columns
    .map((c) => `t.${c}`)
    .join(', ')} from ${source.table} t where ${source.visible('t')}`;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect !== 'sqlite') return;
  const run = (text: string) => sql.raw(text).execute(db);
  for (const source of VISIBLE_SOURCES) {
    const { table, label, columns, watched, visible } = source;
    const fts = `${table}_fts`;
    const cols = columns.join(', ');
    const values = (row: string) => columns.map((c) => `${row}.${c}`).join(', ');
    const add = (row: string) =>
      `insert into ${fts}(rowid, ${cols}) select ${rankKey(row, label)}, ${values(row)} where ${visible(row)}`;
    const remove = (row: string) => `delete from ${fts} where rowid = ${rankKey(row, label)}`;
    for (const suffix of ['ai', 'ad', 'au']) await run(`drop trigger ${fts}_${suffix}`);
    await run(`create trigger ${fts}_ai after insert on ${table} begin ${add('new')}; end`);
    await run(`create trigger ${fts}_ad after delete on ${table} begin ${remove('old')}; end`);
    // Only on a real change: visibility flags are often rewritten with the value they had.
    const watchedColumns = [...columns, ...watched];
    const changed = watchedColumns.map((c) => `old.${c} is not new.${c}`).join(' or ');
    await run(
      `create trigger ${fts}_au after update of ${watchedColumns.join(', ')} on ${table} when ${changed} begin ${remove('old')}; ${add('new')}; end`,
    );
    await run(`insert into ${fts}(${fts}) values ('delete-all')`);
    await run(fillVisible(source));
  }
  // An artist disabled or enabled takes its albums out of the index or puts them back.
  const albums = VISIBLE_SOURCES.find((source) => source.table === 'albums')!;
  await run(`create trigger albums_fts_artist after update of is_disabled on artists begin
      delete from albums_fts where rowid in (select ${rankKey('al', 'title')} from albums al where al.artist_id = new.id);
      insert into albums_fts(rowid, title) select ${rankKey('al', 'title')}, al.title from albums al
        where al.artist_id = new.id and ${albums.visible('al')};
    end`);
}
