import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/dist.mjs';
import { openDatabase } from '../../server/db/database.ts';
import { verifyPassword } from '../../server/lib/passwords.ts';
import { taggedMp3 } from '../fixtures/id3.ts';
import { makeMp3 } from '../fixtures/media.ts';
import { ensureServerBuilt } from '../helpers/server-process.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const tempDir = tempDirs('chorus-scripts-');

/** `npm run <program> -- args`, as package.json runs it: the launcher and the compiled program. */
function run(program: 'import' | 'create-admin', args: string[], env: Record<string, string>) {
  ensureServerBuilt();
  return spawnSync(process.execPath, ['scripts/launch.mjs', program, '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('the scripts, compiled', () => {
  it('the build ships the production React, even started from a test runner', () => {
    // A stale dist/ is built here, under the test runner's NODE_ENV=test.
    ensureServerBuilt();
    const assets = path.join(ROOT, 'dist', 'web', 'assets');
    const scripts = fs.readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      // Only React's development build asks for its DevTools.
      expect(fs.readFileSync(path.join(assets, file), 'utf8'), file).not.toContain(
        'Download the React DevTools',
      );
    }
  });

  it('create-admin creates an administrator whose printed password works', async () => {
    const dataDir = tempDir();
    const result = run('create-admin', ['keeper@example.com', '--generate'], { DATA_DIR: dataDir });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const password = /Password:\s+(\S+)/.exec(result.stdout)?.[1];
    expect(password).toBeDefined();

    const database = await openDatabase({ url: null, dataDir });
    try {
      const admin = await database.db
        .selectFrom('users')
        .select(['role', 'password_hash'])
        .where('email', '=', 'keeper@example.com')
        .executeTakeFirstOrThrow();
      expect(admin.role).toBe('admin');
      expect(await verifyPassword(admin.password_hash, password!)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('import adds a folder of tagged music to the catalog, and skips it the second time', async () => {
    const dataDir = tempDir();
    const folder = path.join(tempDir(), 'music');
    fs.mkdirSync(path.join(folder, 'Harbour Lights'), { recursive: true });
    fs.writeFileSync(
      path.join(folder, 'Harbour Lights', '01 - tide.mp3'),
      taggedMp3(makeMp3(2, 330), { title: 'Low Tide Waltz', artist: 'Harbour Lights', track: 1 }),
    );

    const first = run('import', [folder], { DATA_DIR: dataDir });
    expect(first.status).toBe(0);
    // Its output is a pipe, as a log is: no progress bar redrawn with carriage returns, and an
    // import this quick gets no progress line before its summary.
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(/imported:\s+1\n/);
    const again = run('import', [folder], { DATA_DIR: dataDir });
    expect(again.stdout).toMatch(/already imported:\s+1\n/);

    const database = await openDatabase({ url: null, dataDir });
    try {
      const songs = await database.db.selectFrom('songs').select('title').execute();
      expect(songs).toEqual([{ title: 'Low Tide Waltz' }]);
    } finally {
      await database.close();
    }
  });

  it('a program the launcher does not know is refused with its usage', () => {
    const result = spawnSync(process.execPath, ['scripts/launch.mjs', 'serve'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Usage: node scripts/launch.mjs <main|import|create-admin>');
  });
});
