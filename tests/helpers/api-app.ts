import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { type Config, loadConfig } from '../../server/config.ts';
import { type DatabaseHandle, migrate, openDatabase } from '../../server/db/database.ts';
import type { Deps, Module } from '../../server/deps.ts';
import type { Mailer, MailMessage } from '../../server/mail/mailer.ts';
import { createMediaStore } from '../../server/media/create-store.ts';

/** Collects mail instead of sending it, so tests can read one-time codes. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  close(): void {}
  last(to?: string): MailMessage | undefined {
    return [...this.sent].reverse().find((message) => !to || message.to === to);
  }
}

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

export interface TestContext {
  app: TestApp;
  deps: Deps;
  config: Config;
  database: DatabaseHandle;
  mailer: MemoryMailer;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * `createTestApp` settings for files that write tens of thousands of rows in one statement
 * (factories' `createMany…`): on a busy PostgreSQL that takes longer than a request's statement
 * may, and writing test data is no request.
 */
export const SEEDING_WITHOUT_TIMEOUT = { STATEMENT_TIMEOUT_MS: '0' };

/**
 * Whether `work` settles within `ms`: for what must not wait on a timeout far longer (a stop
 * held by a keep-alive connection waits 72 s), without waiting that long to say so.
 */
export function settlesWithin(work: Promise<unknown>, ms = 5000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([work.then(() => true), late]).finally(() => clearTimeout(timer));
}

/** Which engine the API suite runs on: SQLite by default, PostgreSQL with TEST_DATABASE_URL. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || null;

/**
 * Builds the real app in-process against a fresh database (a temp SQLite file, or a fresh
 * PostgreSQL schema) and a temp media folder. Nothing is shared between test files.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  extraModules: Module[] = [],
  /** The built web app to serve (none by default: API tests call the API). */
  webDir: string | null = null,
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-api-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }),
    webDir,
  };
  const schema = testDatabaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({
    url: testDatabaseUrl,
    dataDir,
    statementTimeoutMs: config.statementTimeoutMs,
    ...(schema ? { pgSchema: schema } : {}),
  });
  await migrate(database);
  const mailer = new MemoryMailer();
  const media = await createMediaStore(config);
  const app = await buildApp({ config, database, media, mailer, logger: false, extraModules });
  return {
    app,
    deps: app.deps,
    config,
    database,
    mailer,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      if (schema && testDatabaseUrl) {
        const client = new pg.Client({ connectionString: testDatabaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
