import { describe, expect, it } from 'vitest';
import { ByteBudget, PRESENTED_ITEM_BYTES } from '../../lib/cache-budget.ts';
import { CardCache } from './card-cache.ts';

/** Room for plenty of cards. */
const ROOMY = () => new ByteBudget(1_000_000);

interface Card {
  _id: number;
  title: string;
}

/** A loader over `titles` (absent ids are cards listeners may not see) that records its calls. */
function loader(titles: Map<number, string>) {
  const calls: number[][] = [];
  const load = async (ids: number[]) => {
    calls.push(ids);
    return ids.flatMap((id) => {
      const title = titles.get(id);
      return title === undefined ? [] : [{ _id: id, title }];
    });
  };
  return { calls, load };
}

describe('CardCache', () => {
  const titles = new Map([
    [1, 'Love'],
    [2, 'Lovely'],
    [3, 'Love Me'],
  ]);

  it('reads only the cards it does not hold, and answers in the order asked', async () => {
    const { calls, load } = loader(titles);
    const cards = new CardCache<Card>(load, 10_000, ROOMY());
    expect((await cards.inOrder([2, 1], 7, 0)).map((card) => card._id)).toEqual([2, 1]);
    expect((await cards.inOrder([3, 1, 2], 7, 5_000)).map((card) => card._id)).toEqual([3, 1, 2]);
    expect(calls).toEqual([[2, 1], [3]]);
  });

  it('reads again once the catalog moves or the time has passed', async () => {
    const { calls, load } = loader(titles);
    const cards = new CardCache<Card>(load, 10_000, ROOMY());
    await cards.inOrder([1], 7, 0);
    await cards.inOrder([1], 8, 1_000);
    await cards.inOrder([1], 8, 11_000);
    await cards.inOrder([1], 8, 12_000);
    expect(calls).toEqual([[1], [1], [1]]);
  });

  it('leaves out what listeners may not see, and keeps nothing of it', async () => {
    const { calls, load } = loader(titles);
    const cards = new CardCache<Card>(load, 10_000, ROOMY());
    expect((await cards.inOrder([9, 1], 7, 0)).map((card) => card._id)).toEqual([1]);
    expect((await cards.inOrder([9, 1], 7, 1)).map((card) => card._id)).toEqual([1]);
    expect(calls).toEqual([[9, 1], [9]]);
  });

  it('keeps nothing without a catalog version, or when reuse is off', async () => {
    const unversioned = loader(titles);
    const cards = new CardCache<Card>(unversioned.load, 10_000, ROOMY());
    await cards.inOrder([1], undefined, 0);
    await cards.inOrder([1], undefined, 1);
    expect(unversioned.calls).toEqual([[1], [1]]);
    const off = loader(titles);
    const never = new CardCache<Card>(off.load, 0, ROOMY());
    await never.inOrder([1], 7, 0);
    await never.inOrder([1], 7, 1);
    expect(off.calls).toEqual([[1], [1]]);
  });

  it('holds at most its budget, the oldest going first', async () => {
    const { calls, load } = loader(titles);
    // Room for two cards.
    const cards = new CardCache<Card>(load, 10_000, new ByteBudget(2.5 * PRESENTED_ITEM_BYTES));
    await cards.inOrder([1, 2, 3], 7, 0);
    await cards.inOrder([1, 3], 7, 1);
    expect(calls).toEqual([[1, 2, 3], [1]]);
  });
});
