import { type AliasedRawBuilder, type RawBuilder, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

/**
 * A list of ids as ONE bound value, for `column in (…)`: SQLite reads it with `json_each`,
 * PostgreSQL with `unnest`. A list written out as `in (?, ?, …)` takes a bound variable per id
 * (SQLite refuses more than 32,766) and its plan changes with its length: SQLite judged a long
 * list cheaper to check row by row against a scan of the whole plays window, and a monthly
 * listeners count went from milliseconds at 500 artists to seconds at 1,000. Read from a table
 * function, the list has one size to the planner, so the query has one plan whatever its length.
 */
export function idListSql(dialect: Dialect, boundValue: unknown): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`(select unnest(cast(${boundValue} as integer[])))`
    : sql<number>`(select value from json_each(${boundValue}))`;
}

/**
 * The list as a table `alias` of one column, `value`, to read other tables from: a join from
 * the list reads each row it names by its key and builds nothing, where `column in (…)` first
 * writes the list into an index of its own.
 */
export function idListTable<A extends string>(
  dialect: Dialect,
  boundValue: unknown,
  alias: A,
): AliasedRawBuilder<{ value: number }, A> {
  return dialect === 'postgres'
    ? sql<{ value: number }>`unnest(cast(${boundValue} as integer[]))`.as<A>(
        sql`${sql.table(alias)}(value)`,
      )
    : sql<{ value: number }>`json_each(${boundValue})`.as(alias);
}

/** The bound value `idListSql` reads: a JSON array for SQLite, an array for PostgreSQL. */
export function idListValue(dialect: Dialect, ids: readonly number[]): unknown {
  return dialect === 'postgres' ? ids : JSON.stringify(ids);
}

/** `ids` for `column in …`, as one bound value (see idListSql). */
export function idList(dialect: Dialect, ids: readonly number[]): RawBuilder<number> {
  return idListSql(dialect, idListValue(dialect, ids));
}
