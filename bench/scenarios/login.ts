import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDatabase } from '../../server/db/database.ts';
import { LocalMediaStore } from '../../server/media/local-store.ts';
import { SessionsRepository } from '../../server/modules/sessions/sessions.repository.ts';
import { SessionsService } from '../../server/modules/sessions/sessions.service.ts';
import { createUser, type TestUser } from '../../tests/helpers/factories.ts';
import { startServer } from '../../tests/helpers/server-process.ts';
import { type Figure, percentile, type Scenario } from '../scenario.ts';

const CONCURRENCY = 8;
const LOGINS = 240;
const WARMUP = 16;
const USERS = 40;

/**
 * One POST /api/auth/loginWithPass over real HTTP. Each request leaves from its own loopback
 * address (127.0.1.x), so the per-IP login limit measures nothing here but is still in force.
 */
function login(url: URL, user: TestUser, sourceIndex: number): Promise<number> {
  const body = JSON.stringify({ email: user.email, password: user.password, remember: true });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/auth/loginWithPass',
        method: 'POST',
        localAddress: `127.0.${1 + Math.floor(sourceIndex / 250)}.${1 + (sourceIndex % 250)}`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200)
            reject(new Error(`login answered ${response.statusCode}`));
          else resolve(performance.now() - started);
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const scenario: Scenario = {
  name: 'login',
  description: `password login (argon2id 19 MiB, 2 passes) at ${CONCURRENCY} concurrent logins`,
  async run(): Promise<Figure[]> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-login-'));
    const database = await openDatabase({ url: null, dataDir });
    await migrate(database);
    const deps = {
      db: database.db,
      sessions: new SessionsService(new SessionsRepository(database.db)),
      media: new LocalMediaStore(path.join(dataDir, 'media')),
    };
    const users: TestUser[] = [];
    for (let i = 0; i < USERS; i++) users.push(await createUser(deps));
    await database.close();

    const server = await startServer(
      {
        DATA_DIR: dataDir,
        DEMO_CATALOG: 'off',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: 'bench-admin@example.com',
        ADMIN_PASSWORD: 'bench-admin-password',
      },
      120_000,
    );
    try {
      const url = new URL(server.url);
      let next = 0;
      const times: number[] = [];
      const worker = async () => {
        for (;;) {
          const index = next++;
          if (index >= LOGINS + WARMUP) return;
          const ms = await login(url, users[index % USERS]!, index);
          if (index >= WARMUP) times.push(ms);
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const seconds = (performance.now() - started) / 1000;
      return [
        {
          name: 'password login p95',
          value: percentile(times, 95),
          unit: 'ms',
          budget: { op: '<=', value: 150 },
          note: `${times.length} logins, ${CONCURRENCY} at a time; 1-min load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
        },
        { name: 'password login p50', value: percentile(times, 50), unit: 'ms' },
        { name: 'password logins per second', value: times.length / seconds, unit: '/s' },
      ];
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default scenario;
