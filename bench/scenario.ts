import fs from 'node:fs';

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
