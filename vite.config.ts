import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
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
});
