import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * React Router's package points every import at its development build, which differs from its
 * production build only in carrying development warnings; the production bundle takes the
 * production build, so those warnings are dropped from what listeners download.
 */
function reactRouterProductionBuild(): string {
  // Found where Node finds the package, wherever the install put it (a workspace hoists it).
  const manifest = createRequire(import.meta.url).resolve('react-router/package.json');
  const build = path.join(path.dirname(manifest), 'dist', 'production', 'index.mjs');
  if (!fs.existsSync(build)) {
    throw new Error(`React Router's production build is not at ${build}: has its layout changed?`);
  }
  return build;
}

/**
 * React Router names its components for React's developer tools at the top of its module
 * (`Form.displayName = "Form"`). Those assignments are what keeps the components Chorus never
 * renders (Form, ScrollRestoration, HistoryRouter and what they use) in the bundle; the
 * production bundle goes without them.
 */
function withoutReactRouterDisplayNames(): Plugin {
  return {
    name: 'chorus:react-router-display-names',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]/ },
      handler(code) {
        const withoutNames = code.replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '');
        return {
          code: withoutNames.replace(
            /= (React\d*\.(?:forwardRef|createContext|memo)\()/g,
            '= /* @__PURE__ */ $1',
          ),
          map: null,
        };
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  root: 'web',
  resolve:
    command === 'build'
      ? { alias: [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }] }
      : {},
  publicDir: 'public',
  plugins: [react(), tailwindcss(), withoutReactRouterDisplayNames()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // The server reads it to hint each page's chunks with the page's HTML (server/plugins/page-hints.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes in one chunk. Left alone, Rolldown splits
        // each module that a lazy page shares with the entry into its own small chunk: some
        // twenty requests on the first load and ~8 KB more gzip than one file.
        codeSplitting: { groups: [{ name: 'app', test: /[\\/]web[\\/]main\.tsx$/ }] },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
