import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalMediaStore } from './local-store.ts';
import { STAGING_LEFTOVER_MS } from './media-store.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-staging-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('staging files', () => {
  it('are swept once a day old, as an upload cut off by a stop leaves them; newer ones stay', async () => {
    const store = new LocalMediaStore(path.join(root, 'media'));
    const now = Date.now();
    const left = store.stagingPath('.mp3');
    const arriving = store.stagingPath();
    fs.writeFileSync(left, 'cut off');
    fs.writeFileSync(arriving, 'still arriving');
    const dayAndMinuteAgo = new Date(now - STAGING_LEFTOVER_MS - 60_000);
    fs.utimesSync(left, dayAndMinuteAgo, dayAndMinuteAgo);

    expect(await store.sweepStaging(now)).toBe(1);
    expect(fs.existsSync(left)).toBe(false);
    expect(fs.existsSync(arriving)).toBe(true);
    expect(await store.sweepStaging(now)).toBe(0);
  });
});
