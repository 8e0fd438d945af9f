import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../tests/helpers/server-process.ts';

const root = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-main-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('server/main.ts', () => {
  it('stops with one line naming a bad variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'eighty', DATA_DIR: tempDir() },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr
      .trim()
      .split('\n')
      .filter((line) => !line.includes('ExperimentalWarning'));
    expect(lines).toEqual([
      'Configuration error: PORT: must be a whole number from 0 to 65535, got "eighty"',
    ]);
  });

  it('starts on an empty folder, ensures the admin, prints its password once, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const first = await startServer({ DATA_DIR: dataDir, DEMO_CATALOG: 'off' });
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(first.output()).toMatch(/e-mail: {3}admin@chorus\.local\n {4}password: \S{12,}/);
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'chorus.db'))).toBe(true);

    // A second start finds the admin: no new password is printed.
    const second = await startServer({ DATA_DIR: dataDir, DEMO_CATALOG: 'off' });
    expect(second.output()).not.toMatch(/password:/);
    expect(await second.stop('SIGINT')).toBe(0);
  });
});
