import { describe, expect, it } from 'vitest';
import { LOOKUP_RATIO, planRead, usesGenericPlan } from './lead-choice.ts';

const counts =
  (table: Record<string, number>) =>
  (term: string): number =>
    table[term] ?? 0;

describe('planRead', () => {
  it('reads the rarest word first and looks the far more common one up from it', () => {
    const plan = planRead([['night'], ['nop']], counts({ night: 111_588, nop: 790 }), 4000);
    expect(plan).toEqual({ groups: [['nop'], ['night']], lookups: [true] });
  });

  it('joins words of about the same size, however they are ordered', () => {
    const plan = planRead([['light'], ['ror']], counts({ light: 51_628, ror: 4000 }), 4000);
    expect(plan.groups).toEqual([['ror'], ['light']]);
    // 'ror' reached the count's end: its true size is unknown, so no lookup is sure to pay.
    expect(plan.lookups).toEqual([false]);
    const close = planRead([['mid'], ['oro']], counts({ mid: 1424 * 7, oro: 1424 }), 20_000);
    expect(close.lookups).toEqual([false]);
  });

  it('looks a word up from exactly LOOKUP_RATIO times fewer rows, not from fewer', () => {
    const at = planRead([['a'], ['b']], counts({ a: 100, b: 100 * LOOKUP_RATIO }), 4000);
    expect(at.lookups).toEqual([true]);
    const below = planRead([['a'], ['b']], counts({ a: 100, b: 100 * LOOKUP_RATIO - 1 }), 4000);
    expect(below.lookups).toEqual([false]);
  });

  it("counts a group's rows as the sum of its options (a term and its typo corrections)", () => {
    const plan = planRead(
      [['swet', 'sweet', 'swept'], ['love']],
      counts({ swet: 0, sweet: 3000, swept: 2000, love: 4000 }),
      10_000,
    );
    expect(plan.groups[0]).toEqual(['love']);
    expect(plan.lookups).toEqual([false]);
  });

  it('of two words too common to count, leads with the longer', () => {
    const plan = planRead([['lo'], ['lonely']], counts({ lo: 4000, lonely: 4000 }), 4000);
    expect(plan).toEqual({ groups: [['lonely'], ['lo']], lookups: [false] });
  });

  it('plans the others of three words one by one', () => {
    const plan = planRead(
      [['heart'], ['usf'], ['he']],
      counts({ heart: 38_061, usf: 645, he: 8000 }),
      50_000,
    );
    expect(plan).toEqual({ groups: [['usf'], ['he'], ['heart']], lookups: [false, true] });
  });

  it('plans nothing for no words and one word alone', () => {
    expect(planRead([], counts({}), 10)).toEqual({ groups: [], lookups: [] });
    expect(planRead([['love']], counts({ love: 5 }), 10)).toEqual({
      groups: [['love']],
      lookups: [],
    });
  });
});

describe('usesGenericPlan', () => {
  it('plans searches of one or two words once, longer ones and corrections for their words', () => {
    expect(usesGenericPlan([['love']])).toBe(true);
    expect(usesGenericPlan([['love'], ['g']])).toBe(true);
    expect(usesGenericPlan([['love'], ['me'], ['tender']])).toBe(false);
    expect(usesGenericPlan([['lvoe', 'love', 'live'], ['g']])).toBe(false);
  });
});
