import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST } from '../../scripts/dist.mjs';
import { ensureServerBuilt } from '../../tests/helpers/server-process.ts';
import type { Figure, Scenario } from '../scenario.ts';

const WEB_DIR = path.join(DIST, 'web');
const read = (file: string) => fs.readFileSync(path.join(WEB_DIR, file), 'utf8');

/** `file` and every chunk it imports statically, transitively (what the browser must fetch). */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  // Minified static imports: `import{a as b}from"./x.js"` and `import"./x.js"`.
  for (const match of read(file).matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) {
    staticClosure(`assets/${match[1]}`, seen);
  }
  return seen;
}

function measure(files: Iterable<string>): { count: number; raw: number; gzip: number } {
  let count = 0;
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(WEB_DIR, file));
    count++;
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { count, raw, gzip };
}

/** Kilobytes to one decimal, so a figure just over its budget is not rounded into it. */
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * What a listener's first visit to `/` downloads before the home page can show: the entry, the
 * chunks it imports statically (index.html preloads exactly those; checked below), and the home
 * page's own chunk with its static imports. Chunks loaded later (other pages, the library
 * sidebar, dialogs, toasts) are not counted.
 */
function initialChunks() {
  const html = read('index.html');
  const entry = /<script type="module"[^>]+src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('No entry script in dist/web/index.html');
  const preloaded = new Set(
    [...html.matchAll(/<link rel="modulepreload"[^>]+href="\/(assets\/[^"]+\.js)"/g)].map(
      (match) => match[1]!,
    ),
  );
  const shell = staticClosure(entry);
  const missing = [...shell].filter((file) => file !== entry && !preloaded.has(file));
  const extra = [...preloaded].filter((file) => !shell.has(file));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `index.html preloads differ from the entry's static imports: missing ${missing}, extra ${extra}`,
    );
  }
  const home = [...shell]
    .map((file) => /"(?:\.\/|\/)?(?:assets\/)?(home-page-[\w-]+\.js)"/.exec(read(file))?.[1])
    .find(Boolean);
  if (!home) throw new Error("The home page's chunk is not referenced by the first chunks");
  const withHome = staticClosure(`assets/${home}`, new Set(shell));
  return { shell, withHome };
}

const scenario: Scenario = {
  name: 'bundle',
  description: 'Initial JavaScript of the listener app (gzip -9), from an up-to-date `vite build`',
  async run(): Promise<Figure[]> {
    ensureServerBuilt();
    const { shell, withHome } = initialChunks();
    const first = measure(shell);
    const home = measure(withHome);
    // Admin screens' own texts must not be in what listeners load.
    const adminLeak = [...withHome].filter((file) =>
      /Add New Artist|Songs Played|admin_artist_edit\/\$/.test(read(file)),
    );
    return [
      {
        name: 'initial JS: entry + static imports (gzip)',
        value: kb(first.gzip),
        unit: 'KB',
        budget: { op: '<=', value: 110 },
        note: `${first.count} files, ${kb(first.raw)} KB raw`,
      },
      {
        name: 'initial JS with the home page (gzip)',
        value: kb(home.gzip),
        unit: 'KB',
        budget: { op: '<=', value: 110 },
        note: `${home.count} files, ${kb(home.raw)} KB raw`,
      },
      {
        name: 'admin code in initial JS',
        value: adminLeak.length,
        unit: 'files',
        budget: { op: '<=', value: 0 },
        note: adminLeak.join(', ') || undefined,
      },
    ];
  },
};

export default scenario;
