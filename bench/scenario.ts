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
