import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../tests/helpers/api-app.ts';

const SHELL = '<!doctype html><html><head><title>Chorus</title></head><body></body></html>';
const SCRIPT = `export const first = ${JSON.stringify('x'.repeat(4000))};`;

describe("the web app's files", () => {
  const apps: TestContext[] = [];
  let webDir: string;

  /** An app serving `webDir`, with `CACHE_MB` as given. */
  const serving = async (cacheMb: string) => {
    const t = await createTestApp({ CACHE_MB: cacheMb }, [], webDir);
    apps.push(t);
    return (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
  };

  beforeAll(() => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-web-files-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), SHELL);
  });
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
    fs.rmSync(path.join(webDir, 'assets'), { recursive: true, force: true });
    fs.mkdirSync(path.join(webDir, 'assets'));
  });
  afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

  it('are read and compressed once, then served from the cache', async () => {
    const get = await serving('64');
    fs.writeFileSync(path.join(webDir, 'assets/app.js'), SCRIPT);
    const first = await get('/assets/app.js');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    // A built file never changes while the server runs: what was read first is what is sent.
    fs.writeFileSync(path.join(webDir, 'assets/app.js'), 'export const second = 2;');
    const again = await get('/assets/app.js');
    expect(again.rawPayload).toEqual(first.rawPayload);
  });

  it('are looked up again when the path named no file, so made-up paths take no room', async () => {
    const get = await serving('64');
    expect((await get('/assets/later.js')).headers['content-type']).toMatch(/^text\/html/);
    fs.writeFileSync(path.join(webDir, 'assets/later.js'), SCRIPT);
    const found = await get('/assets/later.js');
    expect(found.statusCode).toBe(200);
    expect(found.headers['content-type']).toMatch(/^text\/javascript/);
  });

  it('stay within their share of CACHE_MB: with none, each request reads the file', async () => {
    const get = await serving('0');
    fs.writeFileSync(path.join(webDir, 'assets/app.js'), SCRIPT);
    const first = await get('/assets/app.js');
    fs.writeFileSync(path.join(webDir, 'assets/app.js'), 'export const second = 2;');
    const again = await get('/assets/app.js');
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload).not.toEqual(first.rawPayload);
  });
});
