import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DIST, ensureBuilt, ROOT } from '../../scripts/dist.mjs';

/** The compiled server, as production runs it. */
export const SERVER_ENTRY = path.join(DIST, 'server', 'main.js');

/**
 * What `npm start` runs (package.json), after `node`: its options, the launcher and the program.
 * Tests and benchmarks start the server with exactly these, so they run it as users do.
 */
export function startCommand(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...args] = manifest.scripts.start.trim().split(/\s+/);
  if (node !== 'node') throw new Error(`npm start does not run node: ${manifest.scripts.start}`);
  return args;
}

/** Builds `dist/` first when the sources changed since it was built. */
export function ensureServerBuilt(): void {
  if (!ensureBuilt(() => {})) throw new Error('`npm run build` failed');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the real server as `npm start` does, compiled (`dist/server/main.js`, built first when
 * stale), in its own process, and waits until it is healthy.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<RunningServer> {
  ensureServerBuilt();
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = '';
  const child = spawn(process.execPath, startCommand(), {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Chorus exited during start-up:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (Date.now() >= deadline) {
    child.kill('SIGKILL');
    throw new Error(`Chorus did not become healthy in ${timeoutMs} ms:\n${output}`);
  }
  return {
    url,
    process: child,
    output: () => output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}
