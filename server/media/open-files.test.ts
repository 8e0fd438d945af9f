import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OpenFiles } from './open-files.ts';

describe('OpenFiles', () => {
  let dir: string;
  const file = (name: string, content: string) => {
    const target = path.join(dir, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
    return target;
  };
  const read = (files: OpenFiles, target: string, range: { start?: number; end?: number } = {}) =>
    text(files.read(target, range, 64 * 1024));

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-open-files-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads whole files and ranges through one descriptor per file', async () => {
    const files = new OpenFiles(4);
    const song = file('song.mp3', '0123456789');
    expect(await read(files, song)).toBe('0123456789');
    expect(await read(files, song, { start: 2, end: 5 })).toBe('2345');
    const together = await Promise.all([
      read(files, song, { start: 0, end: 1 }),
      read(files, song, { start: 8, end: 9 }),
    ]);
    expect(together).toEqual(['01', '89']);
    expect(files.openCount).toBe(1);
  });

  it('keeps only the most recently read files open', async () => {
    const files = new OpenFiles(2);
    const [a, b, c] = ['a', 'b', 'c'].map((name) => file(name, name));
    for (const target of [a!, b!, c!]) await read(files, target);
    expect(files.openCount).toBe(2);
    // `a` was closed: deleting it and reading again fails instead of reading an old descriptor.
    fs.rmSync(a!);
    await expect(read(files, a!)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await read(files, c!)).toBe('c');
  });

  it('lets a stream finish on a descriptor that was evicted while it read', async () => {
    const files = new OpenFiles(1);
    const big = file('big', 'x'.repeat(256 * 1024));
    const other = file('other', 'other');
    const reading = files.read(big, {}, 1024);
    let length = 0;
    let otherRead: Promise<string> | null = null;
    reading.on('data', (chunk) => {
      length += chunk.length;
      otherRead ??= read(files, other);
    });
    await once(reading, 'end');
    expect(await otherRead).toBe('other');
    expect(length).toBe(256 * 1024);
    expect(files.openCount).toBe(1);
  });

  it('closes forgotten files and those under a forgotten folder', async () => {
    const files = new OpenFiles(8);
    const variants = [file('images/ab/64.webp', '64'), file('images/ab/300.webp', '300')];
    const song = file('audio/song.mp3', 'song');
    for (const target of [...variants, song]) await read(files, target);
    files.forget(path.join(dir, 'images/ab'));
    expect(files.openCount).toBe(1);
    files.forget(song);
    expect(files.openCount).toBe(0);
    fs.rmSync(song);
    await expect(read(files, song)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('closes the descriptor of a stream destroyed before it ended, once retired', async () => {
    const files = new OpenFiles(0);
    const stream = files.read(file('x', 'x'.repeat(100_000)), {}, 1024);
    await new Promise((resolve) => stream.once('data', resolve));
    stream.destroy();
    await once(stream, 'close');
    expect(files.openCount).toBe(0);
  });
});
