// Plain JavaScript: `npm start` reads it before anything is compiled, and production installs
// have no TypeScript loader.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The folder holding package.json. */
export const ROOT = path.resolve(import.meta.dirname, '..');
/** Where `npm run build` writes; `dist/.build-stamp` names the sources it was built from. */
export const DIST = path.join(ROOT, 'dist');
const STAMP = path.join(DIST, '.build-stamp');

/** Everything the build is made from. Tests and docs are left out: they change no output. */
const INPUTS = [
  'server',
  'web',
  'contract',
  'scripts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
];
const IGNORED = /\.(test\.tsx?|md)$/;

/**
 * @param {string} entry a path relative to ROOT
 * @returns {Generator<string>}
 */
function* files(entry) {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    if (!IGNORED.test(entry)) yield entry;
    return;
  }
  for (const child of fs.readdirSync(full).sort()) yield* files(path.join(entry, child));
}

/**
 * A fingerprint of the sources (paths and contents), or null where there are none: a deployed
 * copy holds `dist/` without them.
 * @returns {string | null}
 */
export function sourceFingerprint() {
  if (!fs.existsSync(path.join(ROOT, 'server'))) return null;
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(fs.readFileSync(path.join(ROOT, file)));
    }
  }
  return hash.digest('hex');
}

/** @returns {string | null} the fingerprint `dist/` was built from */
export function builtFingerprint() {
  return fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8') : null;
}

/** @param {string} fingerprint */
export function writeStamp(fingerprint) {
  fs.writeFileSync(STAMP, fingerprint);
}

/**
 * Builds `dist/` (`npm run build`, in a process of its own) when it is missing or older than the
 * sources, where the build tools are installed. Returns false when the build failed.
 * @param {(line: string) => void} log
 * @returns {boolean}
 */
export function ensureBuilt(log = console.error) {
  const sources = sourceFingerprint();
  const main = path.join(DIST, 'server', 'main.js');
  if (sources === null || sources === builtFingerprint()) return true;
  const tools = ['tsx', 'vite', 'esbuild'];
  if (!tools.every((tool) => fs.existsSync(path.join(ROOT, 'node_modules', tool)))) {
    // A production install (`npm ci --omit=dev`) runs the dist/ it was given.
    if (fs.existsSync(main))
      log('dist/ is older than the sources; `npm install && npm run build` updates it.');
    return true;
  }
  log(fs.existsSync(main) ? 'The sources changed: building Chorus…' : 'Building Chorus…');
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return build.status === 0;
}
