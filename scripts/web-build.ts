import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const INPUTS = ['web', 'contract', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];
export const WEB_DIR = path.join(root, 'dist/web');
const STAMP = path.join(WEB_DIR, '.build-stamp');

function* files(entry: string): Generator<string> {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  const stat = fs.statSync(full);
  if (stat.isFile()) {
    yield full;
    return;
  }
  for (const child of fs.readdirSync(full).sort()) yield* files(path.join(entry, child));
}

/** A fingerprint of everything the web build is made from (paths, sizes and contents). */
export function sourceFingerprint(): string {
  const hash = createHash('sha256');
  for (const entry of INPUTS) {
    for (const file of files(entry)) {
      if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
      hash.update(path.relative(root, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

export function buildIsFresh(fingerprint = sourceFingerprint()): boolean {
  return (
    fs.existsSync(path.join(WEB_DIR, 'index.html')) &&
    fs.existsSync(STAMP) &&
    fs.readFileSync(STAMP, 'utf8') === fingerprint
  );
}

/** Builds the web app when its build is missing or older than its sources. */
export async function ensureWebBuild(log: (line: string) => void = console.log): Promise<void> {
  const fingerprint = sourceFingerprint();
  if (buildIsFresh(fingerprint)) return;
  log('Building the web app…');
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  fs.writeFileSync(STAMP, fingerprint);
}
