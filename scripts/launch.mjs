// `npm start`, `npm run import` and `npm run create-admin`: run a compiled program from
// dist/server/, building first when dist/ is missing or older than the sources. Plain JavaScript,
// so a production install (no TypeScript loader, no build tools) runs it too.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, ensureBuilt } from './dist.mjs';

const PROGRAMS = ['main', 'import', 'create-admin'];
const [program = '', ...args] = process.argv.slice(2);
if (!PROGRAMS.includes(program)) {
  console.error(`Usage: node scripts/launch.mjs <${PROGRAMS.join('|')}> [arguments]`);
  process.exit(2);
}
const entry = path.join(DIST, 'server', `${program}.js`);
if (!ensureBuilt()) process.exit(1);
if (!fs.existsSync(entry)) {
  console.error('Chorus is not built: run `npm install && npm run build` (npm start does both).');
  process.exit(1);
}

process.argv = [process.argv[0] ?? process.execPath, entry, ...args];
await import(pathToFileURL(entry).href);
