import type { Compilable, CompiledQuery, RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/dialect.ts';
import { idListSql, idListValue } from '../../db/id-list.ts';
import { keepPrepared } from '../../db/named-statements.ts';

/** Stands for an argument while a query is compiled; replaced by the value on every run. */
class Slot {
  constructor(readonly index: number) {}
}

function bind<R>(compiled: CompiledQuery<R>, args: readonly unknown[]): CompiledQuery<R> {
  return {
    ...compiled,
    parameters: compiled.parameters.map((value) =>
      value instanceof Slot ? args[value.index] : value,
    ),
  };
}

/**
 * A query built and compiled once, then run with new arguments. Building a Kysely query with
 * nested expressions (the listed-song rule) costs several times what SQLite takes to run it, so
 * the hot read paths compile theirs up front. `build` receives placeholders for its arguments
 * and must use each only as a bound value (never to decide the query's shape).
 */
export function prepared<A extends unknown[], R>(
  db: Db,
  build: (...args: A) => Compilable<R>,
  arity: A['length'],
): (...args: A) => Promise<R[]> {
  const slots = Array.from({ length: arity }, (_, i) => new Slot(i)) as unknown as A;
  const compiled = build(...slots).compile();
  keepPrepared(compiled.sql);
  return async (...args: A) => (await db.executeQuery(bind(compiled, args))).rows;
}

/**
 * A query over a list of ids and `arity` fixed arguments, compiled once. `build` receives the
 * list as an expression for `column in …` (db/id-list.ts): the ids travel as one bound value, so
 * the query has one text and one plan whatever the list's length, and no length is too long.
 */
export function preparedByIds<A extends unknown[], R>(
  db: Db,
  dialect: Dialect,
  build: (ids: RawBuilder<number>, ...args: A) => Compilable<R>,
  arity: A['length'] = 0,
): (ids: readonly number[], ...args: A) => Promise<R[]> {
  const run = prepared(
    db,
    (ids: unknown, ...args: A) => build(idListSql(dialect, ids), ...args),
    arity + 1,
  );
  return async (ids, ...args) => (ids.length === 0 ? [] : run(idListValue(dialect, ids), ...args));
}

/**
 * `prepared` for a query whose LIMIT is written into its text (see db/inline-limits.ts): compiled
 * once per limit. Limits are page sizes, so there are few.
 */
export function preparedWithLimit<A extends unknown[], R>(
  db: Db,
  build: (limit: number, ...args: A) => Compilable<R>,
  arity: A['length'],
): (limit: number, ...args: A) => Promise<R[]> {
  const byLimit = new Map<number, (...args: A) => Promise<R[]>>();
  return (limit: number, ...args: A) => {
    let run = byLimit.get(limit);
    if (!run) {
      if (byLimit.size >= 32) byLimit.clear();
      run = prepared(db, (...slots: A) => build(limit, ...slots), arity);
      byLimit.set(limit, run);
    }
    return run(...args);
  };
}
