import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.ts';
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

/** List lengths a query over ids is compiled for; longer lists are padded up to the next. */
const SIZES = [1, 4, 16, 64, 256, 1024, 4096];

/**
 * A query over a list of ids (`in (…)`) and fixed arguments, compiled once per padded list
 * length. Padding repeats the last id, which `in` ignores, so callers see exactly the rows of the
 * ids they gave; lists longer than the largest size are built each time.
 */
export function preparedByIds<A extends unknown[], R>(
  db: Db,
  build: (ids: number[], ...args: A) => Compilable<R>,
): (ids: number[], ...args: A) => Promise<R[]> {
  const bySize = new Map<number, CompiledQuery<R>>();
  return async (ids: number[], ...args: A) => {
    if (ids.length === 0) return [];
    const size = SIZES.find((n) => n >= ids.length);
    if (size === undefined) return (await db.executeQuery(build(ids, ...args).compile())).rows;
    let compiled = bySize.get(size);
    if (!compiled) {
      const slots = (from: number, length: number) =>
        Array.from({ length }, (_, i) => new Slot(from + i)) as unknown[];
      compiled = build(slots(0, size) as number[], ...(slots(size, args.length) as A)).compile();
      keepPrepared(compiled.sql);
      bySize.set(size, compiled);
    }
    const padded: unknown[] = ids.concat(
      new Array<number>(size - ids.length).fill(ids[ids.length - 1]!),
    );
    return (await db.executeQuery(bind(compiled, padded.concat(args)))).rows;
  };
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
