import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { migrate, openDatabase } from '../../server/db/database.ts';
import { LocalMediaStore } from '../../server/media/local-store.ts';
import { SessionsRepository } from '../../server/modules/sessions/sessions.repository.ts';
import { SessionsService } from '../../server/modules/sessions/sessions.service.ts';
import { makePngBomb } from '../../tests/fixtures/media.ts';
import { freshDemoDataDir } from '../../tests/helpers/demo-template.ts';
import { createPlaylist, createUser } from '../../tests/helpers/factories.ts';
import { multipart } from '../../tests/helpers/multipart.ts';
import { startServer } from '../../tests/helpers/server-process.ts';
import type { Figure, Scenario } from '../scenario.ts';

/** Seconds per phase (`BENCH_ATTACK_SECONDS`). */
const SECONDS = Number(process.env.BENCH_ATTACK_SECONDS ?? 5);
/** Artists added to the demo catalog, for the unpaged list to chew on (`BENCH_ATTACK_ARTISTS`). */
const ARTISTS = Number(process.env.BENCH_ATTACK_ARTISTS ?? 10_000);
/** The issue's budget: 4 attacking clients of all three kinds. */
const ATTACKERS = 4;
/** And for images alone, 8 clients sending bombs (issue 21, item 3). */
const BOMBERS = 8;
/** Connections measuring each of the home page and audio ranges: a few listeners, not a load. */
const LISTENERS = 2;
const RANGE = 64 * 1024;
const BUDGET_MS = 50;
const run = promisify(execFile);

type AttackKind = 'json' | 'bombs' | 'lists';

interface Target {
  url: string;
  token: string;
  playlists: number[];
  songId: number;
  songSize: number;
}

/** A 1 MB JSON array, sent where nobody needs to log in. */
const JSON_BODY = JSON.stringify(Array.from({ length: 100_000 }, (_, i) => `a${i % 10_000}`));

let bomb: Buffer | null = null;
/** The 32 KB PNG declaring 16383×16383 pixels, made once. */
const BOMB = () => {
  bomb ??= makePngBomb();
  return bomb;
};

async function attack(target: Target, kind: AttackKind, client: number, until: number) {
  const statuses = new Map<number | string, number>();
  const bombForm =
    kind === 'bombs'
      ? multipart({ imageFile: { filename: 'bomb.png', contentType: 'image/png', data: BOMB() } })
      : null;
  while (Date.now() < until) {
    const signal = AbortSignal.timeout(Math.max(1, until - Date.now()));
    let request: Promise<Response>;
    if (kind === 'json') {
      request = fetch(`${target.url}/api/auth/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON_BODY,
        signal,
      });
    } else if (bombForm) {
      request = fetch(`${target.url}/api/playlists/${target.playlists[client]}/cover`, {
        method: 'PUT',
        headers: { ...bombForm.headers, authorization: `Bearer ${target.token}` },
        body: new Uint8Array(bombForm.payload),
        signal,
      });
    } else {
      request = fetch(`${target.url}/api/admin/getAllArtist`, { signal });
    }
    try {
      const response = await request;
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    } catch {
      statuses.set('cut', (statuses.get('cut') ?? 0) + 1);
    }
  }
  return statuses;
}

interface ListenerResult {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  errors: number;
}

/**
 * What listeners see meanwhile: the home page and random ranges of a song, measured by
 * `bench/listeners.ts` in a process of its own.
 */
async function listen(target: Target, seconds: number): Promise<[ListenerResult, ListenerResult]> {
  const script = path.join(import.meta.dirname, '..', 'listeners.ts');
  const args = [target.url, target.songId, target.songSize, RANGE, seconds, LISTENERS].map(String);
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script, ...args]);
  const { home, audio } = JSON.parse(stdout) as { home: ListenerResult; audio: ListenerResult };
  return [home, audio];
}

/** Waits (up to 60 s) for the server to answer its health check quickly again after a phase. */
async function settle(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${url}/api/health`).then((response) => response.arrayBuffer());
    if (performance.now() - started < 20) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The demo catalog, `ARTISTS` more artists, and a listener with a playlist per attacker. */
async function prepare(dataDir: string) {
  const database = await openDatabase({ url: null, dataDir });
  await migrate(database);
  try {
    const now = new Date().toISOString();
    for (let i = 0; i < ARTISTS; i += 2_000) {
      await database.db
        .insertInto('artists')
        .values(
          Array.from({ length: Math.min(2_000, ARTISTS - i) }, (_, j) => ({
            name: `Attack Artist ${i + j}`,
            description: 'Listed to make the list long',
            email: null,
            image_key: null,
            is_disabled: 0 as const,
            verified: 0 as const,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    const deps = {
      db: database.db,
      sessions: new SessionsService(new SessionsRepository(database.db)),
      media: new LocalMediaStore(path.join(dataDir, 'media')),
    };
    const attacker = await createUser(deps, { name: 'Attacker' });
    const playlists: number[] = [];
    for (let i = 0; i < BOMBERS; i++) {
      playlists.push((await createPlaylist(deps, attacker.id)).id);
    }
    const song = await database.db
      .selectFrom('songs')
      .select(['id', 'audio_size'])
      .where('listed', '=', 1)
      .orderBy('audio_size', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    return { token: attacker.token, playlists, songId: song.id, songSize: song.audio_size };
  } finally {
    await database.close();
  }
}

/** Each phase's attackers and which of its figures have the ≤ 50 ms budget. */
const PHASES: { name: string; kinds: AttackKind[]; clients: number; budget: string[] }[] = [
  { name: 'no attack', kinds: [], clients: 0, budget: [] },
  { name: '1 MB JSON bodies', kinds: ['json'], clients: ATTACKERS, budget: [] },
  {
    name: `image bombs from ${BOMBERS} clients`,
    kinds: ['bombs'],
    clients: BOMBERS,
    budget: ['audio range'],
  },
  { name: 'unpaged lists', kinds: ['lists'], clients: ATTACKERS, budget: [] },
  {
    name: 'all three',
    kinds: ['json', 'bombs', 'lists'],
    clients: ATTACKERS,
    budget: ['home page', 'audio range'],
  },
];

const scenario: Scenario = {
  name: 'attack',
  description: `home page and audio ranges (${LISTENERS} connections each) while ${ATTACKERS} clients (${BOMBERS} for bombs alone) attack: 1 MB JSON bodies to POST /api/auth/logout, 16383×16383 PNG bombs (32 KB) as playlist covers, GET /api/admin/getAllArtist over ${ARTISTS} extra artists; ${SECONDS} s per phase (BENCH_ATTACK_SECONDS), the server settled between phases`,
  async run(): Promise<Figure[]> {
    const dataDir = await freshDemoDataDir('chorus-bench-attack-');
    const prepared = await prepare(dataDir);
    const server = await startServer({ DATA_DIR: dataDir, DEMO_CATALOG: 'off' }, 120_000);
    const target: Target = { url: server.url, ...prepared };
    const figures: Figure[] = [];
    try {
      // Warm the JIT and the caches on both measured paths.
      await listen(target, 2);
      for (const phase of PHASES) {
        await settle(server.url);
        const until = Date.now() + SECONDS * 1000;
        const attackers = Array.from({ length: phase.clients }, (_, i) =>
          attack(target, phase.kinds[i % phase.kinds.length]!, i, until),
        );
        const [home, audio] = await listen(target, SECONDS);
        const answers = new Map<string, number>();
        for (const statuses of await Promise.all(attackers)) {
          for (const [status, count] of statuses) {
            answers.set(String(status), (answers.get(String(status)) ?? 0) + count);
          }
        }
        const attackNote =
          answers.size > 0
            ? `; attack answers ${[...answers].map(([status, count]) => `${count}× ${status}`).join(', ')}`
            : '';
        for (const [name, result] of [
          ['home page', home],
          ['audio range', audio],
        ] as const) {
          const failed =
            result.errors +
            Object.entries(result.statuses)
              .filter(([status]) => !status.startsWith('2'))
              .reduce((sum, [, count]) => sum + count, 0);
          figures.push({
            name: `${phase.name}: ${name} p99`,
            value: Number(result.p99.toFixed(1)),
            unit: 'ms',
            ...(phase.budget.includes(name)
              ? { budget: { op: '<=' as const, value: BUDGET_MS } }
              : {}),
            note: `p50 ${result.p50.toFixed(1)} ms, max ${result.max.toFixed(0)} ms, ${result.requests} requests${failed > 0 ? `, ${failed} failed or timed out` : ''}${attackNote}`,
          });
        }
      }
      return figures;
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default scenario;
