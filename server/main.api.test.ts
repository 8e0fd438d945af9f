import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPlaylist, createUser } from '../tests/helpers/factories.ts';
import {
  ensureServerBuilt,
  freePort,
  SERVER_ENTRY,
  startCommand,
  startServer,
} from '../tests/helpers/server-process.ts';
import { tempDirs } from '../tests/helpers/temp-dirs.ts';
import { migrate, openDatabase } from './db/database.ts';
import { LocalMediaStore } from './media/local-store.ts';
import { SessionsRepository } from './modules/sessions/sessions.repository.ts';
import { SessionsService } from './modules/sessions/sessions.service.ts';

const root = path.resolve(import.meta.dirname, '..');
const tempDir = tempDirs('chorus-main-');

/**
 * Runs a compiled program (`main`, `import`, `create-admin`) that is expected to stop at its start,
 * and returns its exit code and the lines of its error output.
 */
function failedStart(env: Record<string, string>, program = 'main', args: string[] = []) {
  ensureServerBuilt();
  const result = spawnSync(
    process.execPath,
    [path.join(path.dirname(SERVER_ENTRY), `${program}.js`), ...args],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: tempDir(), DEMO_CATALOG: 'off', ...env },
      encoding: 'utf8',
      timeout: 30_000,
      input: '',
    },
  );
  const lines = result.stderr
    .trim()
    .split('\n')
    .filter((line) => !line.includes('ExperimentalWarning'));
  return { status: result.status, lines };
}

describe('the compiled server (dist/server/main.js)', () => {
  it('stops with one line naming a bad variable', () => {
    expect(failedStart({ PORT: 'eighty' })).toEqual({
      status: 1,
      lines: ['Configuration error: PORT: must be a whole number from 0 to 65535, got "eighty"'],
    });
  });

  it('stops with one line when PostgreSQL cannot be reached, naming the database without its password, and so do the scripts', async () => {
    // A port nothing listens on: freePort takes one and lets it go.
    const port = await freePort();
    const url = `postgres://chorus:hunter2-secret@127.0.0.1:${port}/chorus`;
    const line = `Database error: Cannot connect to DATABASE_URL (postgres://chorus:***@127.0.0.1:${port}/chorus): connect ECONNREFUSED 127.0.0.1:${port}`;
    for (const [program, args] of [
      ['main', []],
      ['import', [tempDir()]],
      ['create-admin', ['someone@example.com', '--generate']],
    ] as const) {
      expect([program, failedStart({ DATABASE_URL: url }, program, [...args])]).toEqual([
        program,
        { status: 1, lines: [line] },
      ]);
    }
  });

  it('stops with one line when its port is taken, at once, before a first start migrates and makes the demo catalog', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const started = Date.now();
      const result = failedStart({ HOST: '127.0.0.1', PORT: String(port), DEMO_CATALOG: 'on' });
      expect(result).toEqual({
        status: 1,
        lines: [
          `Start-up error: Cannot listen on 127.0.0.1:${port} (HOST, PORT): another program is listening there; stop it or choose another PORT`,
        ],
      });
      // Node's own start and the modules' loading, not the minute of a demo catalog.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      taken.close();
    }
  }, 40_000);

  it('stops at once with one line naming DATA_DIR when it cannot be used, and so do the scripts', () => {
    const file = path.join(tempDir(), 'a-file');
    fs.writeFileSync(file, '');
    const anotherFolder = 'set DATA_DIR to a folder the user running Chorus may write';
    const cases = [
      // Node's own recursive mkdir never returns here.
      [
        '/proc/nope',
        `DATA_DIR (/proc/nope) cannot be created (ENOENT on /proc/nope); ${anotherFolder}`,
      ],
      [file, `DATA_DIR (${file}) is a file, not a folder; ${anotherFolder}`],
      [`${file}/data`, `DATA_DIR (${file}/data) is inside a file, not a folder; ${anotherFolder}`],
      // A folder that exists but takes no files, even from root.
      [
        '/sys',
        `DATA_DIR (/sys) cannot be written to (EACCES); give it to the user running Chorus (chown) or ${anotherFolder}`,
      ],
    ];
    for (const [dataDir, problem] of cases) {
      for (const [program, args] of [
        ['main', []],
        ['import', [tempDir()]],
        ['create-admin', ['someone@example.com', '--generate']],
      ] as const) {
        expect([program, failedStart({ DATA_DIR: dataDir! }, program, [...args])]).toEqual([
          program,
          { status: 1, lines: [`Data folder error: ${problem}`] },
        ]);
      }
    }
  }, 60_000);

  it('starts on an empty folder, ensures the admin, hands its password over once (never to the log), stops cleanly on SIGTERM, and says so when it has no ffmpeg', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const first = await startServer({ DATA_DIR: dataDir, DEMO_CATALOG: 'off' });
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    // The output is a pipe, as a log would be: it names the file, never the password.
    const passwordFile = path.join(dataDir, 'admin-password.txt');
    expect(first.output()).toContain(`Its password is in ${passwordFile}`);
    const handedOver = fs.readFileSync(passwordFile, 'utf8');
    const password = /password: (\S{12,})/.exec(handedOver)?.[1];
    expect(handedOver).toContain('e-mail:   admin@chorus.local');
    expect(first.output()).not.toContain(password);
    const login = await fetch(`${first.url}/api/admin/adminLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@chorus.local', password }),
    });
    expect(login.status).toBe(200);
    expect(await first.stop('SIGTERM')).toBe(0);

    // What Chorus made is its user's alone.
    const mode = (file: string) => fs.statSync(path.join(dataDir, file)).mode & 0o777;
    expect(mode('.')).toBe(0o700);
    for (const file of ['chorus.db', 'secret.key', 'admin-password.txt']) {
      expect([file, mode(file)]).toEqual([file, 0o600]);
    }
    for (const file of fs.readdirSync(dataDir)) {
      expect([file, mode(file) & 0o077]).toEqual([file, 0]);
    }

    // A second start finds the admin: no new password is handed over.
    fs.rmSync(passwordFile);
    // Without ffmpeg it starts all the same, and says what that means.
    const second = await startServer({
      DATA_DIR: dataDir,
      DEMO_CATALOG: 'off',
      FFMPEG_PATH: '/nonexistent/ffmpeg',
    });
    expect(second.output()).toContain(
      'FFMPEG_PATH (/nonexistent/ffmpeg) is not a program Chorus can run: Chorus serves original files only (no transcoding)',
    );
    expect(second.output()).not.toMatch(/password/i);
    expect(fs.existsSync(passwordFile)).toBe(false);
    expect(await second.stop('SIGINT')).toBe(0);
  });
});

describe('npm start', () => {
  it('runs compiled code only: no TypeScript loader, no module of the web sources, even to render a page', async () => {
    const dataDir = tempDir();
    // A public playlist, so its page is rendered on the server with the web app's components.
    const database = await openDatabase({ url: null, dataDir });
    await migrate(database);
    const sessions = new SessionsService(new SessionsRepository(database.db));
    const owner = await createUser({
      db: database.db,
      sessions,
      media: new LocalMediaStore(path.join(dataDir, 'media')),
    });
    const playlist = await createPlaylist(database, owner.id, { name: 'Rendered on the server' });
    await database.close();

    const modulesFile = path.join(dataDir, 'modules.txt');
    const recorder = path.join(root, 'tests/fixtures/record-modules.mjs');
    ensureServerBuilt();
    const server = await startServer({
      DATA_DIR: dataDir,
      DEMO_CATALOG: 'off',
      CHORUS_MODULES_FILE: modulesFile,
      NODE_OPTIONS: `--import ${recorder}`,
    });
    try {
      const page = await fetch(`${server.url}/viewPlaylist/${playlist.id}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Rendered on the server');
    } finally {
      await server.stop();
    }
    const loaded = fs.readFileSync(modulesFile, 'utf8').split('\n').filter(Boolean);
    const ours = loaded.filter(
      (entry) => entry.includes(root) && !entry.includes('/tests/fixtures/'),
    );
    // The renderer came from dist/ as well.
    expect(ours.some((entry) => /\/dist\/server\/render-page-[\w-]+\.js$/.test(entry))).toBe(true);
    expect(ours.filter((entry) => entry.includes(`${root}/web/`))).toEqual([]);
    expect(ours.filter((entry) => /\.tsx?$/.test(entry))).toEqual([]);
    expect(
      loaded.filter((entry) => /\/node_modules\/(tsx|vite|esbuild|typescript)\//.test(entry)),
    ).toEqual([]);
    expect(startCommand().join(' ')).not.toMatch(/--import|--loader|tsx/);
  });
});
