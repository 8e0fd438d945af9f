import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TranscodeCache, transcodeKey } from './transcode-cache.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function newCache(capBytes: number, root = fs.mkdtempSync(path.join(os.tmpdir(), 'transcodes-'))) {
  roots.push(root);
  return new TranscodeCache(root, capBytes);
}

async function put(cache: TranscodeCache, hash: string, bytes: number): Promise<string> {
  const key = transcodeKey(hash.repeat(64), { format: 'mp3', kbps: 128 });
  const staging = cache.stagingPath();
  fs.writeFileSync(staging, Buffer.alloc(bytes));
  await cache.admit(key, staging);
  return key;
}

describe('TranscodeCache', () => {
  it('drops the least recently used files past its cap, never the one just added', async () => {
    const cache = newCache(250);
    const a = await put(cache, 'a', 100);
    const b = await put(cache, 'b', 100);
    expect(await cache.has(a)).toBe(true); // a is now newer than b
    const c = await put(cache, 'c', 100);
    expect(await cache.has(b)).toBe(false);
    expect(await cache.has(a)).toBe(true);
    expect(await cache.has(c)).toBe(true);
    expect(cache.size).toBe(200);
    expect(fs.existsSync(cache.files.localPath(b))).toBe(false);
  });

  it('keeps no file larger than the whole cache, and none at a cap of 0', async () => {
    const cache = newCache(50);
    const big = await put(cache, 'd', 100);
    expect(await cache.has(big)).toBe(false);
    const none = newCache(0);
    expect(await none.has(await put(none, 'e', 1))).toBe(false);
  });

  it('finds what an earlier run cached, and removes its half-written files', async () => {
    const first = newCache(1000);
    const cached = await put(first, 'f', 10);
    const root = path.dirname(
      path.dirname(path.dirname(path.dirname(first.files.localPath(cached)))),
    );
    const leftover = first.stagingPath();
    fs.writeFileSync(leftover, 'half');
    const again = new TranscodeCache(root, 1000);
    expect(await again.has(cached)).toBe(true);
    expect(again.size).toBe(10);
    expect(fs.existsSync(leftover)).toBe(false);
  });
});
