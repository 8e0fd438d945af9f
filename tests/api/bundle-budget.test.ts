import { describe, expect, it } from 'vitest';
import { meetsBudget } from '../../bench/scenario.ts';
import bundle from '../../bench/scenarios/bundle.ts';

/**
 * The listener's first load stays within its budget in every `npm test`, not only when someone
 * runs the benchmark: a size is a fact of the build, the same on every machine, so a change
 * that outgrows it fails where it is made. Beside the compiled server, as the build step of
 * `npm test` makes both.
 */
describe('the listener app build', () => {
  it('keeps its initial JavaScript within budget, with no admin code', async () => {
    const figures = await bundle.run();
    expect(figures.map((figure) => figure.name)).toEqual([
      'initial JS: entry + static imports (gzip)',
      'initial JS with the home page (gzip)',
      'admin code in initial JS',
    ]);
    const missed = figures
      .filter((figure) => meetsBudget(figure) === false)
      .map(
        (figure) =>
          `${figure.name}: ${figure.value} ${figure.unit} against ${figure.budget?.op} ${figure.budget?.value}`,
      );
    expect(missed).toEqual([]);
  });
});
