import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { storedSecret } from '../db/app-secrets.ts';
import type { DatabaseHandle } from '../db/database.ts';

/** The file under DATA_DIR that holds the generated secret of a SQLite install. */
export const SECRET_FILE = 'secret.key';

/** Where the key came from, so start-up can say when it sits beside the data it protects. */
export type SecretSource = 'env' | 'file' | 'database';

/**
 * Keyed hashes with the server's secret. One-time codes, CSRF tokens and visitor cookies are
 * derived with it, so a copy of the database alone reveals no live code and forges no token.
 */
export class ServerSecret {
  constructor(
    private readonly key: string,
    readonly source: SecretSource,
  ) {}

  /** HMAC-SHA-256 of `value`; `purpose` keeps one use's hashes from standing in for another's. */
  hash(purpose: string, value: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${value}`).digest('hex');
  }
}

/** Creates the file with `fresh` unless it exists, then reads it: concurrent starts agree. */
function fileSecret(file: string, fresh: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, `${fresh}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const value = fs.readFileSync(file, 'utf8').trim();
  if (value.length < 32) throw new Error(`${file} holds no secret; delete it to make a new one`);
  return value;
}

/**
 * SECRET when set. Otherwise a generated key: in a file under DATA_DIR for SQLite (outside the
 * database file), or in the database itself for PostgreSQL, which every instance reaches; there a
 * copied database does include the key, so clusters are told to set SECRET.
 */
export async function loadServerSecret(
  configured: string | null,
  dataDir: string,
  database: DatabaseHandle,
): Promise<ServerSecret> {
  if (configured) return new ServerSecret(configured, 'env');
  const fresh = randomBytes(32).toString('hex');
  if (database.dialect === 'sqlite') {
    return new ServerSecret(fileSecret(path.join(dataDir, SECRET_FILE), fresh), 'file');
  }
  const stored = await storedSecret(database.db, 'server-hmac', fresh, new Date().toISOString());
  return new ServerSecret(stored, 'database');
}
