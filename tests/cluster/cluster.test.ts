/**
 * Two Chorus instances on one PostgreSQL database and one S3-compatible bucket, started at the
 * same moment, behind Debian's nginx running docs/nginx.conf: what one instance does, the other
 * and the proxy see. Collected only for the PostgreSQL run of the API suite (vitest.config.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotChallenge } from '../../contract/auth.ts';
import { encodeSolution, solveChallenge } from '../../contract/rules/bot-check.ts';
import { makeMp3, makePng } from '../fixtures/media.ts';
import { testDatabaseUrl } from '../helpers/api-app.ts';
import { signupBody } from '../helpers/auth.ts';
import { type RunningNginx, startNginx } from '../helpers/nginx.ts';
import { startTestBucket, type TestBucket } from '../helpers/s3-server.ts';
import { type RunningServer, startServer } from '../helpers/server-process.ts';

const serverUrl = testDatabaseUrl!;
const database = `chorus_cluster_${randomBytes(4).toString('hex')}`;
const ADMIN = { email: 'admin@cluster.test', password: 'cluster-admin-1' };

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface Call {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; form?: FormData } = {},
): Promise<Call> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const response = await fetch(`${base}${url}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { text };
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

describe('a cluster of two instances behind nginx', () => {
  let bucket: TestBucket;
  let one: RunningServer;
  let two: RunningServer;
  let nginx: RunningNginx;
  let dataDirs: string[];
  let env: (dataDir: string) => Record<string, string>;
  let adminToken: string;
  let songId: number;
  let audio: Buffer;

  beforeAll(async () => {
    await onServer(`create database ${database}`);
    bucket = await startTestBucket();
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-cluster-')));
    env = (dataDir) => ({
      ...bucket.env,
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      TRUST_PROXY: '127.0.0.1',
      DEMO_CATALOG: 'off',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BOT_CHECK_MAX_NUMBER: '500',
    });
    // At the same moment, on a new database: both migrate and ensure the administrator.
    [one, two] = await Promise.all([
      startServer(env(dataDirs[0]!)),
      startServer(env(dataDirs[1]!)),
    ]);
    nginx = await startNginx({
      upstreams: [new URL(one.url).host, new URL(two.url).host],
      mediaDir: dataDirs[0]!,
    });
    const login = await call(one.url, 'POST', '/api/admin/adminLogin', { json: ADMIN });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    adminToken = String(login.body.token);
  }, 180_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([one?.stop(), two?.stop()]);
    await bucket?.stop();
    for (const dir of dataDirs ?? []) fs.rmSync(dir, { recursive: true, force: true });
    await onServer(`drop database if exists ${database} with (force)`);
  });

  const bases = () => ({ one: one.url, two: two.url, nginx: nginx.url });

  async function register(base: string) {
    const challenge = Value.Parse(
      BotChallenge,
      (await call(base, 'GET', '/api/auth/challenge')).body,
    );
    const solution = await solveChallenge(challenge);
    const body = signupBody({ altcha: encodeSolution(solution!) });
    const response = await call(base, 'POST', '/api/auth/register', { json: body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return { email: String(body.email), password: String(body.password) };
  }

  async function login(base: string, account: { email: string; password: string }) {
    const response = await call(base, 'POST', '/api/auth/loginWithPass', { json: account });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return {
      token: String(response.body.token),
      id: Number((response.body.user as { _id: number })._id),
    };
  }

  it('started both instances at once on a new database, each healthy', async () => {
    for (const base of Object.values(bases())) {
      expect((await call(base, 'GET', '/api/health')).status).toBe(200);
    }
  });

  it('lets a listener sign up through one instance and log in through the other', async () => {
    for (const [signUpAt, logInAt] of [
      [one.url, two.url],
      [two.url, nginx.url],
      [nginx.url, one.url],
    ] as const) {
      const account = await register(signUpAt);
      const session = await login(logInAt, account);
      const me = await call(signUpAt, 'GET', '/api/auth/me', { token: session.token });
      expect(me.status).toBe(200);
    }
  });

  it('streams a song uploaded through one instance from the other, bytes and ranges', async () => {
    audio = makeMp3(3, 440);
    const portrait = await makePng(40, '#334455');
    const form = new FormData();
    const artist = await call(nginx.url, 'POST', '/api/admin/addArtist', {
      token: adminToken,
      form: (() => {
        const artistForm = new FormData();
        artistForm.set('name', 'Cluster Choir');
        artistForm.set('description', 'Sings on two machines');
        artistForm.set(
          'imageFile',
          new Blob([new Uint8Array(portrait)], { type: 'image/png' }),
          'p.png',
        );
        return artistForm;
      })(),
    });
    expect(artist.status, JSON.stringify(artist.body)).toBe(201);
    const artistId = (artist.body.artist as { _id: number })._id;
    for (const [name, value] of Object.entries({
      title: 'Two Hosts',
      artist: String(artistId),
      genre: 'Electronic',
      duration: '0:03',
      status: 'Active',
    })) {
      form.set(name, value);
    }
    form.set(
      'audioFile',
      new Blob([new Uint8Array(audio)], { type: 'audio/mpeg' }),
      'two-hosts.mp3',
    );
    form.set(
      'imageFile',
      new Blob([new Uint8Array(await makePng(40))], { type: 'image/png' }),
      'cover.png',
    );
    const added = await call(one.url, 'POST', '/api/admin/addSongs', { token: adminToken, form });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    songId = Number(added.body._id);

    for (const base of [two.url, nginx.url]) {
      const redirect = await call(base, 'GET', `/api/songs/${songId}/stream`);
      expect(redirect.status).toBe(302);
      const location = redirect.headers.get('location')!;
      const whole = Buffer.from(await (await fetch(location)).arrayBuffer());
      expect(whole.equals(audio)).toBe(true);
      const part = await fetch(location, { headers: { range: 'bytes=1000-1999' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(audio.subarray(1000, 2000))).toBe(true);
    }
  });

  it('reads a playlist made through one instance, with its songs, through the other', async () => {
    const owner = await login(one.url, await register(one.url));
    const made = await call(one.url, 'POST', '/api/user/addPlaylist', {
      token: owner.token,
      json: { name: 'Across Hosts', description: 'made on one' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const playlistId = (made.body.playlist as { _id: number })._id;
    const added = await call(nginx.url, 'POST', `/api/user/addSongPlaylist/${playlistId}`, {
      token: owner.token,
      json: { songId },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    for (const base of [two.url, nginx.url]) {
      const read = await call(base, 'GET', `/api/user/playlistById/${playlistId}`, {
        token: owner.token,
      });
      expect(read.status).toBe(200);
      const songs = (read.body.data as { songs: { _id: number }[] }).songs;
      expect(songs.map((song) => song._id)).toEqual([songId]);
    }
  });

  it("shows what a listener's app reports playing through one instance on the other", async () => {
    const listener = await login(one.url, await register(one.url));
    const key = await call(one.url, 'POST', '/api/me/app-key', { token: listener.token });
    expect(key.status, JSON.stringify(key.body)).toBe(200);
    const rest = async (base: string, method: string, query: string) => {
      const response = await call(
        base,
        'GET',
        `/rest/${method}?apiKey=${String(key.body.appKey)}&f=json&v=1.16.1&c=cluster&${query}`,
      );
      expect(response.status).toBe(200);
      return response.body['subsonic-response'] as Record<string, unknown>;
    };
    const reported = await rest(one.url, 'scrobble', `id=${songId}&submission=false`);
    expect(reported.status, JSON.stringify(reported)).toBe('ok');
    for (const base of [two.url, nginx.url]) {
      const { nowPlaying } = (await rest(base, 'getNowPlaying', '')) as {
        nowPlaying: { entry?: { id: string; playerName: string }[] };
      };
      expect(nowPlaying.entry?.map((entry) => [entry.id, entry.playerName])).toEqual([
        [String(songId), 'cluster'],
      ]);
    }
  });

  it('refuses a blocked listener on the other instance at once', async () => {
    const listener = await login(two.url, await register(two.url));
    expect((await call(one.url, 'GET', '/api/auth/me', { token: listener.token })).status).toBe(
      200,
    );
    const blocked = await call(one.url, 'PATCH', `/api/admin/toggleBlockUser/${listener.id}`, {
      token: adminToken,
      json: { isBlocked: true },
    });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    for (const base of Object.values(bases())) {
      const me = await call(base, 'GET', '/api/auth/me', { token: listener.token });
      expect(me.status).toBe(401);
    }
  });

  it('stops streaming a song hidden through one instance on the other within 2 s', async () => {
    // Both instances have just served it (and may remember the lookup).
    for (const base of [one.url, two.url]) {
      expect((await call(base, 'GET', `/api/songs/${songId}/stream`)).status).toBe(302);
    }
    const hidden = await call(one.url, 'PATCH', `/api/admin/songs/${songId}/status`, {
      token: adminToken,
      json: { status: 'Inactive' },
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    const hiddenAt = Date.now();
    let status = 0;
    while (Date.now() - hiddenAt < 2_500) {
      status = (await call(two.url, 'GET', `/api/songs/${songId}/stream`)).status;
      if (status === 404) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(404);
    expect(Date.now() - hiddenAt).toBeLessThanOrEqual(2_100);
  });

  it('counts password guesses spread over both instances as one', async () => {
    const guessesUntilRefused = async (bases: string[], email: string) => {
      for (let attempt = 1; attempt <= 60; attempt++) {
        const base = bases[attempt % bases.length]!;
        const response = await call(base, 'POST', '/api/auth/loginWithPass', {
          json: { email, password: 'not-the-password-1' },
        });
        if (response.status === 429) return attempt;
      }
      return Number.POSITIVE_INFINITY;
    };
    const alone = await guessesUntilRefused([one.url], (await register(one.url)).email);
    const spread = await guessesUntilRefused([one.url, two.url], (await register(one.url)).email);
    expect(alone).toBeLessThan(60);
    expect(spread).toBe(alone);
  });

  it('restarts one instance under load through nginx without losing a request', async () => {
    let failures: string[] = [];
    let served = 0;
    let loading = true;
    const load = (async () => {
      while (loading) {
        const response = await call(nginx.url, 'GET', '/api/artists');
        if (response.status === 200) served++;
        else failures.push(`${response.status} ${JSON.stringify(response.body)}`);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await one.stop('SIGTERM')).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    one = await startServer({ ...env(dataDirs[0]!), PORT: new URL(one.url).port });
    await new Promise((resolve) => setTimeout(resolve, 500));
    loading = false;
    await load;
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(20);
    failures = [];
  });
});
