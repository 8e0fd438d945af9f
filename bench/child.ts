import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { LoadPlan, LoadResult } from './load.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Starts `node --import tsx <script> …args` from the project's root; its errors go to ours. */
function benchScript(script: string, args: string[], stdout: 'pipe' | 'inherit'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], {
    cwd: root,
    stdio: ['ignore', stdout, 'inherit'],
  });
}

/** Runs a bench server in its own process (so load and server do not share a core's event loop). */
export async function startChild<T>(
  script: string,
  args: string[],
): Promise<{ info: T; child: ChildProcess; stop(): Promise<void> }> {
  const child = benchScript(script, args, 'pipe');
  const lines = readline.createInterface({ input: child.stdout! });
  const info = await new Promise<T>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as T));
  });
  return {
    info,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Runs a bench script to its end in its own process; rejects when it fails. */
export function runChild(script: string, args: string[]): Promise<void> {
  const child = benchScript(script, args, 'inherit');
  return new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`)),
    );
  });
}

/**
 * Runs a bench script to its end in its own process and returns what it printed last, a line of
 * JSON; rejects when it fails.
 */
export function childResult<T>(script: string, args: string[]): Promise<T> {
  const child = benchScript(script, args, 'pipe');
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise<T>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const last = output.trim().split('\n').pop() ?? '';
      if (code === 0 && last !== '') resolve(JSON.parse(last) as T);
      else reject(new Error(`${script} exited with ${code}`));
    });
  });
}

/** Runs `plan` from a process of its own (bench/load-child.ts). */
export async function loadInChild(plan: LoadPlan): Promise<LoadResult> {
  const result = await childResult<Omit<LoadResult, 'statuses'> & { statuses: [number, number][] }>(
    'bench/load-child.ts',
    [JSON.stringify(plan)],
  );
  return { ...result, statuses: new Map(result.statuses) };
}
