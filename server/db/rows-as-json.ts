import type SqliteDatabase from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

/**
 * Starts the SQL of a read whose rows SQLite hands over as one JSON text (see `rowsAsJson`). Only
 * for reads whose row order does not matter: the rows of an aggregate come in no set order.
 */
export const ROWS_AS_JSON = '/* rows as json */ ';

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A function that makes a row object from its values in one object literal, so every row of a
 * read has the same shape from the start: setting the columns one by one, by name, costs V8
 * about as much as parsing the JSON. The names are the columns of SQL written in Chorus's code
 * (a request's values are only ever bound, never named), and each goes in as a string literal;
 * a column named `__proto__` would set the prototype instead, so it is refused.
 */
function rowMaker(columns: string[]): (values: unknown[]) => Record<string, unknown> {
  if (columns.includes('__proto__')) throw new Error('A column may not be named __proto__');
  const fields = columns.map((name, i) => `${JSON.stringify(name)}: values[${i}]`);
  return new Function('values', `return { ${fields.join(', ')} };`) as (
    values: unknown[],
  ) => Record<string, unknown>;
}

/**
 * A read prepared so that SQLite writes all its rows as one JSON array of arrays, which is parsed
 * back into row objects. better-sqlite3 builds each row object value by value, through calls that
 * cost more than SQLite's own work on a read of tens of wide rows; one text and JSON.parse cost
 * far less. Numbers, text and null come through as they are; a column SQLite built as JSON
 * (json_group_array…) comes as its text, as from better-sqlite3. An SQLite that carried its JSON
 * type on through the outer read would give it parsed, as PostgreSQL does, so readers take
 * both. A read with BLOB columns cannot be written as JSON, and is refused when it runs.
 */
export function rowsAsJson(sqlite: SqliteDatabase.Database, text: string): SqliteStatement {
  const plain = sqlite.prepare(text);
  const columns = plain.columns().map((column) => column.name);
  const list = columns.map(quoted).join(', ');
  const makeRow = rowMaker(columns);
  const asJson = sqlite
    .prepare(`select json_group_array(json_array(${list})) from (${text})`)
    .pluck();
  return {
    reader: true,
    all(parameters) {
      const rows: unknown[][] = JSON.parse(String(asJson.get(parameters)));
      return rows.map(makeRow);
    },
    run: (parameters) => plain.run(parameters),
    iterate: (parameters) => plain.iterate(parameters),
  };
}
