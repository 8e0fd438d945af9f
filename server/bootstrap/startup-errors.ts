import { ConfigError } from '../config.ts';
import { DatabaseUnreachable } from '../db/faults.ts';
import { MediaStoreUnreachable } from '../media/media-store.ts';
import { DataDirUnusable } from './data-dir.ts';

/**
 * The server could not take its address: another program holds the port, the port needs
 * privileges, or HOST is not an address of this machine.
 */
export class ListenFailed extends Error {
  constructor(host: string, port: number, cause: unknown) {
    const code = cause instanceof Error && 'code' in cause ? String(cause.code) : '';
    const why =
      code === 'EADDRINUSE'
        ? 'another program is listening there; stop it or choose another PORT'
        : code === 'EACCES'
          ? 'this user may not listen there (ports below 1024 need privileges); choose another PORT'
          : code === 'ENOTFOUND' || code === 'EADDRNOTAVAIL'
            ? 'HOST is not an address of this machine (127.0.0.1 for this machine only, 0.0.0.0 for every address)'
            : cause instanceof Error
              ? cause.message
              : String(cause);
    super(`Cannot listen on ${host}:${port} (HOST, PORT): ${why}`);
    this.name = 'ListenFailed';
  }
}

/** The one-line title of each problem an operator fixes in the settings or around the server. */
const TITLES: [new (...args: never[]) => Error, string][] = [
  [ConfigError, 'Configuration error'],
  [DataDirUnusable, 'Data folder error'],
  [MediaStoreUnreachable, 'Media storage error'],
  [DatabaseUnreachable, 'Database error'],
  [ListenFailed, 'Start-up error'],
];

/**
 * The one line that ends a start (the server, `npm run import`, `npm run create-admin`) when
 * `error` is one of those problems: it names what to fix, where a stack trace would bury it.
 * Null for anything else, a fault of Chorus itself, which is shown with its stack.
 */
export function startupProblem(error: unknown): string | null {
  const found = TITLES.find(([kind]) => error instanceof kind);
  return found && error instanceof Error ? `${found[1]}: ${error.message}` : null;
}

/** Ends the process after a failed start: one line for a known problem, else the stack. */
export function exitAfterFailedStart(error: unknown): never {
  console.error(startupProblem(error) ?? error);
  process.exit(1);
}
