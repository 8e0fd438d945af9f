import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure, Scenario } from '../scenario.ts';

const root = path.join(import.meta.dirname, '..', '..');
const dist = path.join(root, 'dist', 'web');

/** Chunks a listener's browser loads before the home page shows: the entry, what index.html
 * preloads, and the home route's chunk with the chunks it imports statically. */
function initialChunks(): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const listed = [
    ...html.matchAll(/<script[^>]+src="\/(assets\/[^"]+\.js)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]+href="\/(assets\/[^"]+\.js)"/g),
  ].map((match) => match[1]!);
  const entry = fs.readFileSync(path.join(dist, listed[0]!), 'utf8');
  const home = /"(\.\/|\/assets\/|assets\/)?(home-page-[\w-]+\.js)"/.exec(entry)?.[2];
  const seen = new Set(listed);
  const queue = home ? [`assets/${home}`] : [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(path.join(dist, file), 'utf8');
    for (const match of text.matchAll(/from"\.\/([\w.-]+\.js)"/g)) queue.push(`assets/${match[1]}`);
  }
  return [...seen];
}

const scenario: Scenario = {
  name: 'bundle',
  description: 'Initial JavaScript of the listener app (gzip), from a fresh `vite build`',
  async run(): Promise<Figure[]> {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
    const files = initialChunks();
    let raw = 0;
    let gzip = 0;
    let adminLeak = false;
    for (const file of files) {
      const bytes = fs.readFileSync(path.join(dist, file));
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
      // Admin screens' own texts must not be in what listeners load.
      if (/Add New Artist|Songs Played|admin_artist_edit\/\$/.test(bytes.toString('utf8'))) {
        adminLeak = true;
      }
    }
    return [
      {
        name: 'initial JS (gzip)',
        value: Math.round(gzip / 1024),
        unit: 'KB',
        budget: { op: '<=', value: 110 },
        note: `${files.length} files, ${Math.round(raw / 1024)} KB raw`,
      },
      {
        name: 'admin code in initial JS',
        value: adminLeak ? 1 : 0,
        unit: 'files',
        budget: { op: '<=', value: 0 },
      },
    ];
  },
};

export default scenario;
