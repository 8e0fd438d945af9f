import {
  type AliasedRawBuilder,
  type Compilable,
  type CompiledQuery,
  type Expression,
  type RawBuilder,
  sql,
} from 'kysely';
import type { DatabaseHandle } from '../../db/database.ts';
import { idListSql, idListTable, idListValue } from '../../db/id-list.ts';
import { ROWS_AS_JSON } from '../../db/rows-as-json.ts';

/** The open database a compiled query runs on, and the texts it runs prepared. */
export type QueryTarget = Pick<DatabaseHandle, 'db' | 'dialect' | 'statements'>;

/** Stands for an argument while a query is compiled; replaced by the value on every run. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * The arguments of a query while it is compiled: `arg(i)` is an expression standing for the
 * i-th argument, of type `A[i]`, bound to its value on every run.
 */
export type Args<A extends readonly unknown[]> = <I extends number>(index: I) => Expression<A[I]>;

/** Placeholders for arguments numbered from `first` on. */
function placeholders<A extends readonly unknown[]>(first: number): Args<A> {
  return <I extends number>(index: I) => sql<A[I]>`${new Slot(first + index)}`;
}

function bind<R>(compiled: CompiledQuery<R>, values: readonly unknown[]): CompiledQuery<R> {
  return {
    ...compiled,
    parameters: compiled.parameters.map((value) =>
      value instanceof Slot ? values[value.index] : value,
    ),
  };
}

/** Compiles `query` now; the function runs it with the values of its placeholders. */
function compileOnce<R>(
  target: QueryTarget,
  query: Compilable<R>,
  options: ByIdsOptions = {},
): (values: readonly unknown[]) => Promise<R[]> {
  let compiled = query.compile();
  if (options.rowsAsJson && target.dialect === 'sqlite') {
    compiled = { ...compiled, sql: `${ROWS_AS_JSON}${compiled.sql}` };
  }
  target.statements.keep(compiled.sql);
  return async (values) => (await target.db.executeQuery(bind(compiled, values))).rows;
}

export interface ByIdsOptions {
  /**
   * On SQLite, have the rows handed over as one JSON text (db/rows-as-json.ts): for reads of
   * many wide rows, such as songs, where building row objects costs more than the read. Its
   * columns built as JSON may then come parsed, as on PostgreSQL.
   */
  rowsAsJson?: boolean;
}

/**
 * A query built and compiled once, then run with new arguments. Building a Kysely query with
 * nested expressions (the listed-song rule) costs several times what SQLite takes to run it, so
 * the hot read paths compile theirs up front. `build` receives its arguments as placeholders
 * (`arg(0)`, `arg(1)`…), which can only be used as values, never to decide the query's shape.
 */
export function prepared<A extends unknown[], R>(
  target: QueryTarget,
  build: (arg: Args<A>) => Compilable<R>,
  options: ByIdsOptions = {},
): (...args: A) => Promise<R[]> {
  const run = compileOnce(target, build(placeholders<A>(0)), options);
  return (...args: A) => run(args);
}

/**
 * A query over a list of ids and fixed arguments, compiled once. `build` receives the list as an
 * expression for `column in …` (db/id-list.ts): the ids travel as one bound value, so the query
 * has one text and one plan whatever the list's length, and no length is too long.
 */
export function preparedByIds<A extends unknown[], R>(
  target: QueryTarget,
  build: (ids: RawBuilder<number>, arg: Args<A>) => Compilable<R>,
  options: ByIdsOptions = {},
): (ids: readonly number[], ...args: A) => Promise<R[]> {
  return runByIds(
    target,
    build(idListSql(target.dialect, new Slot(0)), placeholders<A>(1)),
    options,
  );
}

/**
 * `preparedByIds` for a query that reads from the list: `build` receives it as a table `list`
 * whose column `value` holds the ids, to join other tables to by key (db/id-list.ts). An id listed
 * twice is read twice.
 */
export function preparedFromIds<A extends unknown[], R>(
  target: QueryTarget,
  build: (list: AliasedRawBuilder<{ value: number }, 'list'>, arg: Args<A>) => Compilable<R>,
  options: ByIdsOptions = {},
): (ids: readonly number[], ...args: A) => Promise<R[]> {
  return runByIds(
    target,
    build(idListTable(target.dialect, new Slot(0), 'list'), placeholders<A>(1)),
    options,
  );
}

/** Compiles `query`, whose first value is an id list; an empty list reads nothing. */
function runByIds<A extends unknown[], R>(
  target: QueryTarget,
  query: Compilable<R>,
  options: ByIdsOptions,
): (ids: readonly number[], ...args: A) => Promise<R[]> {
  const run = compileOnce(target, query, options);
  return async (ids, ...args) =>
    ids.length === 0 ? [] : run([idListValue(target.dialect, ids), ...args]);
}

/**
 * `prepared` for a query whose LIMIT is written into its text (see db/inline-limits.ts): compiled
 * once per limit. Limits are page sizes, so there are few.
 */
export function preparedWithLimit<A extends unknown[], R>(
  target: QueryTarget,
  build: (limit: number, arg: Args<A>) => Compilable<R>,
): (limit: number, ...args: A) => Promise<R[]> {
  const byLimit = new Map<number, (...args: A) => Promise<R[]>>();
  return (limit: number, ...args: A) => {
    let run = byLimit.get(limit);
    if (!run) {
      if (byLimit.size >= 32) byLimit.clear();
      run = prepared(target, (arg: Args<A>) => build(limit, arg));
      byLimit.set(limit, run);
    }
    return run(...args);
  };
}
