import v8 from 'node:v8';
import vm from 'node:vm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { type ByteBudget, type CacheBudgets, cacheBudgets } from '../server/lib/cache-budget.ts';
import { createMediaStore } from '../server/media/create-store.ts';
import type { Figure } from './scenario.ts';

/**
 * The app in the benchmark's own process, on an existing SQLite data folder, so what its caches
 * charge can be set beside the memory they take. `cacheMb` gives the caches room for everything
 * a measurement fills, so nothing is pushed out while it runs.
 */
export async function inProcessApp(dataDir: string, cacheMb: number) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_CATALOG: 'off',
    CACHE_MB: String(cacheMb),
  });
  const caches: CacheBudgets = cacheBudgets(config.cacheMb, 'sqlite');
  const database = await openDatabase({
    url: null,
    dataDir,
    pageCacheBytes: caches.databasePages.limit,
  });
  const app = await buildApp({
    config,
    database,
    media: await createMediaStore(config),
    caches,
    logger: false,
  });
  return {
    app,
    caches,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let fullCollection: (() => void) | undefined;

/** V8's full collection, exposed on first use. */
function collector(): () => void {
  if (fullCollection) return fullCollection;
  v8.setFlagsFromString('--expose-gc');
  const collect: () => void = vm.runInNewContext('gc');
  fullCollection = collect;
  return collect;
}

/** The heap and the buffers outside it, in bytes, once full collections free nothing more. */
export async function memoryInUse(): Promise<number> {
  const collect = collector();
  const inUse = () => {
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  let last = Number.POSITIVE_INFINITY;
  // A buffer's memory is given back some time after the collection that found it unused.
  for (let round = 0; round < 20; round++) {
    collect();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = inUse();
    if (now >= last) return now;
    last = now;
  }
  return last;
}

/**
 * What each entry `fill` caches takes in memory, as a figure against what `budget` charges for
 * it: memory and charge are read before and after, and `fill` says how many entries it cached.
 */
export async function memoryAgainstCharge(
  name: string,
  budget: ByteBudget,
  fill: () => Promise<number>,
  note: string,
): Promise<Figure> {
  const charged = budget.used;
  const before = await memoryInUse();
  const entries = await fill();
  const bytes = ((await memoryInUse()) - before) / entries;
  const chargedEach = (budget.used - charged) / entries;
  if (!(chargedEach > 0)) throw new Error(`${name}: nothing was cached`);
  return {
    name,
    value: Math.round(bytes),
    unit: 'bytes',
    budget: { op: '<=', value: Math.round(chargedEach) },
    note: `the budget is what the cache charges for it; ${note}`,
  };
}
