import { type Kysely, sql } from 'kysely';

/*
 * `casefold(text)`: a text in small letters, every alphabet's, for comparisons that ignore case
 * (the admin searches, finding an artist or album by name). SQLite's own `lower` changes A to Z
 * only, so "Élodie" never met "élodie"; on SQLite Chorus defines `casefold` on each connection
 * (server/db/sqlite.ts), and here PostgreSQL gets it as its own `lower`, which knows every letter.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema's types hold
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`create or replace function casefold(text) returns text
    language sql immutable strict parallel safe
    as $$ select lower($1) $$`.execute(db);
}
