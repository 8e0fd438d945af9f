import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageHints } from './page-hints.ts';

describe('page hints', () => {
  let webDir: string;
  beforeAll(() => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-hints-'));
    fs.mkdirSync(path.join(webDir, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_app-1.js'] },
      '_app-1.js': { file: 'assets/app-1.js', imports: ['_shared-1.js'] },
      '_shared-1.js': { file: 'assets/shared-1.js' },
      'features/playlist/playlist-page.tsx': {
        file: 'assets/playlist-page-1.js',
        isDynamicEntry: true,
        imports: ['_app-1.js', '_song-table-1.js'],
      },
      '_song-table-1.js': {
        file: 'assets/song-table-1.js',
        imports: ['_shared-1.js', '_cover-1.js'],
      },
      '_cover-1.js': { file: 'assets/cover-1.js' },
    };
    fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  });
  afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

  it("names a page's own chunks and its first API call, leaving out what the HTML loads", () => {
    expect(pageHints(webDir)('/viewPlaylist/42')).toEqual([
      '</assets/playlist-page-1.js>; rel=modulepreload; crossorigin',
      '</assets/song-table-1.js>; rel=modulepreload; crossorigin',
      '</assets/cover-1.js>; rel=modulepreload; crossorigin',
      '</api/playlists/42?limit=50>; rel=preload; as=fetch; crossorigin',
    ]);
  });

  it('asks for no data with a malformed id, and hints nothing for other pages', () => {
    const hints = pageHints(webDir);
    expect(hints('/viewPlaylist/abc')).toEqual([
      '</assets/playlist-page-1.js>; rel=modulepreload; crossorigin',
      '</assets/song-table-1.js>; rel=modulepreload; crossorigin',
      '</assets/cover-1.js>; rel=modulepreload; crossorigin',
    ]);
    expect(hints('/viewPlaylist/0')).toHaveLength(3);
    expect(hints('/login')).toEqual([]);
    expect(hints('/no/such/page')).toEqual([]);
  });

  it('gives data hints alone without a manifest, and nothing without a build', () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-hints-bare-'));
    try {
      expect(pageHints(bare)('/album/7')).toEqual([
        '</api/albums/7>; rel=preload; as=fetch; crossorigin',
      ]);
      expect(pageHints(null)('/')).toEqual(['</api/home>; rel=preload; as=fetch; crossorigin']);
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
