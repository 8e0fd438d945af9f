import { buildApp } from './app.ts';
import { checkAddress } from './bootstrap/address.ts';
import { ensureAdmin, handOverPassword } from './bootstrap/admin.ts';
import { prepareDataDir } from './bootstrap/data-dir.ts';
import { exitAfterFailedStart, ListenFailed } from './bootstrap/startup-errors.ts';
import { loadConfig } from './config.ts';
import { migrate, openDatabase } from './db/database.ts';
import { catalogIsEmpty, seedDemoInChildProcess } from './db/demo/demo-process.ts';
import { cacheBudgets } from './lib/cache-budget.ts';
import { createMediaStore } from './media/create-store.ts';

async function main(): Promise<void> {
  // Everything Chorus creates (database, media, secret key) is for its own user only: 0600 files
  // and 0700 folders. Child processes (the demo catalog) inherit it.
  process.umask(0o077);
  // A bad setting, an unusable DATA_DIR, a bucket or database out of reach, or a taken port ends
  // the start with one line (exitAfterFailedStart below), the quick checks first.
  const config = loadConfig();
  prepareDataDir(config.dataDir);
  await checkAddress(config.host, config.port);
  const media = await createMediaStore(config);

  // One set of budgets: SQLite's page cache is one of the caches CACHE_MB shares out.
  const caches = cacheBudgets(config.cacheMb, config.databaseUrl ? 'postgres' : 'sqlite');
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    pageCacheBytes: caches.databasePages.limit,
    statementTimeoutMs: config.statementTimeoutMs,
    onConnectionLost: (error) =>
      app
        ? app.log.warn({ err: error }, 'PostgreSQL connection lost')
        : console.warn(`PostgreSQL connection lost: ${error.message}`),
  });
  const applied = await migrate(database);
  app = await buildApp({ config, database, media, caches });
  const log = app.log;
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');

  const admin = await ensureAdmin(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
  });
  // Shown once, and never logged: only the hash is stored.
  if (admin?.generatedPassword)
    handOverPassword({ ...admin, generatedPassword: admin.generatedPassword }, config.dataDir);
  if (app.deps.secret.source === 'database') {
    log.warn(
      'SECRET is not set: the key of one-time codes and CSRF tokens is stored in the database, so a copy of the database reveals live codes. Set SECRET (the same on every instance).',
    );
  }

  if (config.demoCatalog && (await catalogIsEmpty(database.db))) {
    log.info('creating the demo catalog');
    const seeded = await seedDemoInChildProcess();
    if (seeded) log.info(seeded, 'demo catalog ready');
    else log.info('the demo catalog was made by another instance');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    throw new ListenFailed(config.host, config.port, error);
  }
  console.log(`Chorus is running at ${config.publicUrl}`);
}

main().catch(exitAfterFailedStart);
