import { fileURLToPath } from 'node:url';

/**
 * Whether this code runs compiled, from `dist/server/*.js` (`npm start`, the scripts, the browser
 * tests), or as TypeScript through a loader (`npm run dev`, the unit and API tests).
 */
export const runsCompiled = import.meta.url.endsWith('.js');

/**
 * The folder holding package.json. This file sits two levels below it both as source
 * (server/lib/) and compiled (dist/server/, where the build writes every module side by side).
 */
export const appRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The programs the build writes to `dist/server/<name>.js`, by their sources (relative to
 * appRoot). `scripts/build.ts` builds exactly these; `scripts/launch.mjs` runs the first three.
 */
export const ENTRY_POINTS = {
  main: 'server/main.ts',
  import: 'scripts/import.ts',
  'create-admin': 'scripts/create-admin.ts',
  'demo-seed': 'server/db/demo/seed-process.ts',
  'synth-worker': 'server/db/demo/synth.worker.ts',
} as const;

export type EntryPoint = keyof typeof ENTRY_POINTS;

/** Where an entry point is: its compiled file when this code runs compiled, else its source. */
export function entryPointUrl(name: EntryPoint): URL {
  return runsCompiled
    ? new URL(`./${name}.js`, import.meta.url)
    : new URL(ENTRY_POINTS[name], new URL('../../', import.meta.url));
}
