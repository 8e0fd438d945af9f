import fs from 'node:fs';
import path from 'node:path';

/** DATA_DIR cannot hold what Chorus keeps there: it cannot be made, is a file, or is read-only. */
export class DataDirUnusable extends Error {
  constructor(dataDir: string, problem: string, remedy: string) {
    super(`DATA_DIR (${dataDir}) ${problem}; ${remedy}`);
    this.name = 'DataDirUnusable';
  }
}

const ANOTHER = 'set DATA_DIR to a folder the user running Chorus may write';

function codeOf(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : '';
}

/** What an operator does about a failed write in DATA_DIR, by its error code. */
function remedyFor(code: string): string {
  if (code === 'EACCES' || code === 'EPERM') {
    return `give it to the user running Chorus (chown) or ${ANOTHER}`;
  }
  if (code === 'EROFS') return `its file system is read-only: ${ANOTHER}`;
  if (code === 'ENOSPC' || code === 'EDQUOT') return `free some space there or ${ANOTHER}`;
  return ANOTHER;
}

/**
 * Makes DATA_DIR (0700, with any missing folders above it) and proves it takes a file, before
 * anything else is written there: the database, the media, the secret and a first start's
 * password all go into it, and a problem found by each of them reads as a stack trace from deep
 * inside one of them. One level at a time because `fs.mkdirSync(…, { recursive: true })` never
 * returns for a folder under /proc.
 */
export function prepareDataDir(dataDir: string): void {
  const missing: string[] = [];
  for (let at = dataDir; !fs.existsSync(at); at = path.dirname(at)) missing.unshift(at);
  for (const folder of missing) {
    try {
      fs.mkdirSync(folder, { mode: 0o700 });
    } catch (error) {
      const code = codeOf(error);
      if (code === 'ENOTDIR') {
        throw new DataDirUnusable(dataDir, 'is inside a file, not a folder', ANOTHER);
      }
      throw new DataDirUnusable(
        dataDir,
        `cannot be created (${code || String(error)} on ${folder})`,
        remedyFor(code),
      );
    }
  }
  if (!fs.statSync(dataDir).isDirectory()) {
    throw new DataDirUnusable(dataDir, 'is a file, not a folder', ANOTHER);
  }
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    fs.writeFileSync(probe, '', { mode: 0o600 });
    fs.rmSync(probe);
  } catch (error) {
    const code = codeOf(error);
    throw new DataDirUnusable(
      dataDir,
      `cannot be written to (${code || String(error)})`,
      remedyFor(code),
    );
  }
}
