import fs from 'node:fs';
import os from 'node:os';
import type { LoadResult } from './load.ts';

/** One measured figure, with the budget it must meet when the issue names one. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  budget?: { op: '<=' | '>='; value: number };
  note?: string;
}

export interface Scenario {
  name: string;
  description: string;
  run(): Promise<Figure[]>;
}

export function meetsBudget(figure: Figure): boolean | null {
  if (!figure.budget) return null;
  return figure.budget.op === '<='
    ? figure.value <= figure.budget.value
    : figure.value >= figure.budget.value;
}

/** Percentile of a list of numbers (nearest-rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** CPU time (user + system) a process has used so far, in ms (Linux; null elsewhere). */
export function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/**
 * A load run (`runLoad`) as a p99 figure against the 20 ms budget, noting p50, throughput, the
 * server's CPU per request (when `pid` is known) and the load average; throws on any error.
 */
export async function p99Figure(
  name: string,
  run: () => Promise<LoadResult>,
  pid: number | undefined,
): Promise<Figure> {
  const before = cpuMs(pid);
  const result = await run();
  const after = cpuMs(pid);
  const loadAverage = os.loadavg()[0]!;
  const failed = [...result.statuses].filter(([status]) => status < 200 || status > 299);
  if (failed.length > 0 || result.errors > 0) {
    throw new Error(`${name}: answers ${JSON.stringify(failed)}, ${result.errors} errors`);
  }
  const cpu =
    before !== null && after !== null
      ? `; server CPU ${(((after - before) * 1000) / result.requests).toFixed(0)} µs per request`
      : '';
  return {
    name: `${name} p99`,
    value: Number(result.p99.toFixed(1)),
    unit: 'ms',
    budget: { op: '<=', value: 20 },
    note: `p50 ${result.p50.toFixed(1)} ms, ${Math.round(result.perSecond)} req/s${cpu}; load average ${loadAverage.toFixed(2)}`,
  };
}
