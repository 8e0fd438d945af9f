import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { rowsAsJson } from './rows-as-json.ts';

describe('rows handed over as JSON', () => {
  const sqlite = new SqliteDatabase(':memory:');
  sqlite.exec(`
    create table songs (id integer primary key, title text, duration real, plays integer, cover text);
    create table credits (song_id integer, name text);
    insert into songs values
      (1, 'Caf\u00e9 "Live" \\ \u6771\u4eac
second line', 215.5, 3, null),
      (2, '', 180, 9007199254740991, 'c0ffee'),
      (3, '[1,2]', 0.1, 0, '{"not":"parsed"}');
    insert into credits values (1, 'Zo\u00eb'), (1, 'Ana'), (3, 'Solo');
  `);
  const text = `select s.*, (select json_group_array(json_array(c.name)) from credits c where c.song_id = s.id) as credits
    from songs s where s.id in (select value from json_each(?))`;

  it('gives the same rows as better-sqlite3 does, JSON built by SQLite as text', () => {
    const ids = JSON.stringify([1, 2, 3]);
    const byId = (rows: unknown[]) => [...(rows as { id: number }[])].sort((a, b) => a.id - b.id);
    const plain = sqlite.prepare(text).all(ids);
    const asJson = rowsAsJson(sqlite, text).all([ids]);
    expect(byId(asJson)).toEqual(byId(plain));
    expect(byId(asJson)[0]).toMatchObject({ credits: '[["Zo\u00eb"],["Ana"]]', cover: null });
    expect(byId(asJson)[2]).toMatchObject({ title: '[1,2]', cover: '{"not":"parsed"}' });
  });

  it('names columns whatever characters their names hold, as better-sqlite3 does', () => {
    const odd = `select 1 as "a""b", 2 as "x\ny", 3 as "'); throw 1; ('", 4 as "\u2028", 5 as "constructor", 6 as "a\\b"`;
    expect(rowsAsJson(sqlite, odd).all([])).toEqual(sqlite.prepare(odd).all());
  });

  it("refuses a column named __proto__, which would set each row's prototype", () => {
    expect(() => rowsAsJson(sqlite, 'select 1 as "__proto__"')).toThrow(/__proto__/);
  });

  it('gives no rows as an empty list', () => {
    expect(rowsAsJson(sqlite, text).all([JSON.stringify([42])])).toEqual([]);
  });
});
