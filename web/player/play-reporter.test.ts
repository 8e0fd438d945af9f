import { describe, expect, it } from 'vitest';
import { PlayReporter } from './play-reporter.ts';

function run(steps: [position: number, playing: boolean][], duration = 200) {
  const sent: [number, number, boolean][] = [];
  const reporter = new PlayReporter((...args) => sent.push(args));
  reporter.start(7);
  for (const [position, playing] of steps) reporter.tick(7, position, duration, playing);
  return { sent, reporter };
}

const ticks = (from: number, to: number) =>
  Array.from({ length: Math.round((to - from) / 0.25) + 1 }, (_, i): [number, boolean] => [
    from + i * 0.25,
    true,
  ]);

describe('PlayReporter', () => {
  it('reports once after 30 seconds heard', () => {
    const { sent } = run([...ticks(0, 29.5)]);
    expect(sent).toEqual([]);
    const { sent: after } = run([...ticks(0, 40)]);
    expect(after).toHaveLength(1);
    expect(after[0]![0]).toBe(7);
    expect(after[0]![1]).toBeGreaterThanOrEqual(30);
  });

  it('does not count a seek forward as listening', () => {
    const { sent } = run([...ticks(0, 5), ...ticks(150, 160)]);
    expect(sent).toEqual([]);
  });

  it('reports a short song that played to its end', () => {
    const { sent, reporter } = run(ticks(0, 10), 12);
    reporter.ended(7);
    expect(sent).toHaveLength(1);
    expect(sent[0]![2]).toBe(true);
  });
});
