import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { build as viteBuild } from 'vite';
import { ENTRY_POINTS } from '../server/lib/entry-points.ts';
import { DIST, ROOT, sourceFingerprint, writeStamp } from './dist.mjs';

/**
 * `npm run build`: writes `dist/`, everything production runs, from the sources:
 * - `dist/web/`: the web app (Vite), with its manifest for the page hints;
 * - `dist/server/`: the server and the scripts as JavaScript with source maps, one file per
 *   program (ENTRY_POINTS) plus the chunks they share or load when first needed (the page
 *   renderer, image processing, the PostgreSQL driver, mail…).
 *
 * Only the packages of `dependencies`, native addons, stay outside and load from node_modules;
 * the others are built in, so a production install is those few packages plus `dist/`, and the
 * server holds only the code it runs (see docs/operations.md, "Memory and caches").
 */
async function buildAll(): Promise<void> {
  // Vite takes NODE_ENV from the environment when it is set, and a build started from a test
  // runner inherits its `test`: React's development build would then be shipped in dist/.
  process.env.NODE_ENV = 'production';
  const fingerprint = sourceFingerprint();
  const started = performance.now();
  await viteBuild({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  await buildServer();
  if (fingerprint) writeStamp(fingerprint);
  console.log(`Built dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function buildServer(): Promise<void> {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const outdir = path.join(DIST, 'server');
  fs.rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(ENTRY_POINTS).map(([out, source]) => ({ in: source, out })),
    outdir,
    // Every file side by side, so `entryPointUrl` finds a program next to any chunk.
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // Maps name the TypeScript sources, which a deployed copy need not have.
    sourcemap: true,
    sourcesContent: false,
    // Smaller code to hold in memory; names stay, so stack traces read without the maps.
    minifyWhitespace: true,
    minifySyntax: true,
    external: [
      ...Object.keys(manifest.dependencies).flatMap((name) => [name, `${name}/*`]),
      // pg's optional native binding, which Chorus does not use.
      'pg-native',
    ],
    // React and the other libraries as their production builds.
    define: { 'process.env.NODE_ENV': '"production"' },
    // The web app's stylesheets are the browser's; the renderer only needs the markup.
    loader: { '.css': 'empty' },
    // CommonJS packages built in require Node's own modules.
    banner: {
      js: "import { createRequire as __chorusRequire } from 'node:module'; const require = __chorusRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}

await buildAll();
