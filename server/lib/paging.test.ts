import { describe, expect, it } from 'vitest';
import { adminListPage, LIST_CHUNK, readInChunks, renderInChunks } from './paging.ts';

/** A list of `size` numbers read through `readInChunks`, noting each read. */
function source(size: number) {
  const reads: [number, number][] = [];
  const read = async (offset: number, limit: number) => {
    reads.push([offset, limit]);
    return Array.from(
      { length: Math.max(0, Math.min(limit, size - offset)) },
      (_, i) => offset + i,
    );
  };
  return { reads, read };
}

/** Counts turns of the event loop (up to 100) from now on. */
function countTurns() {
  const turns = { count: 0 };
  const tick = () => {
    turns.count++;
    if (turns.count < 100) setImmediate(tick);
  };
  setImmediate(tick);
  return turns;
}

describe('readInChunks', () => {
  it('reads the range asked for, a chunk at a time, and stops at the end of the list', async () => {
    const list = source(LIST_CHUNK * 2 + 10);
    const items = await readInChunks(5, LIST_CHUNK * 3, list.read);
    expect(items).toHaveLength(LIST_CHUNK * 2 + 5);
    expect(items[0]).toBe(5);
    expect(items.at(-1)).toBe(LIST_CHUNK * 2 + 9);
    expect(list.reads).toEqual([
      [5, LIST_CHUNK],
      [5 + LIST_CHUNK, LIST_CHUNK],
      [5 + 2 * LIST_CHUNK, LIST_CHUNK],
    ]);
  });

  it('lets other work run between chunks', async () => {
    const turns = countTurns();
    const list = source(LIST_CHUNK * 4);
    const seen: number[] = [];
    await readInChunks(0, LIST_CHUNK * 4, async (offset, limit) => {
      seen.push(turns.count);
      return list.read(offset, limit);
    });
    // Each chunk after the first starts after other callbacks had their turn.
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
  });
});

describe('renderInChunks', () => {
  const render = (n: number) => JSON.stringify({ n, text: `"${n}"` });

  it('renders the JSON array JSON.stringify would, inside the given head and tail', async () => {
    for (const size of [0, 1, LIST_CHUNK, LIST_CHUNK + 1, LIST_CHUNK * 2 + 3]) {
      const items = Array.from({ length: size }, (_, i) => i);
      const expected = items.map((n) => ({ n, text: `"${n}"` }));
      expect(JSON.parse((await renderInChunks(items, render)).toString())).toEqual(expected);
      const wrapped = await renderInChunks(items, render, {
        head: '{"songs":',
        tail: ',"total":7}',
      });
      expect(JSON.parse(wrapped.toString())).toEqual({ songs: expected, total: 7 });
    }
  });

  it('lets other work run between chunks', async () => {
    const turns = countTurns();
    const seen: number[] = [];
    const items = Array.from({ length: LIST_CHUNK * 3 }, (_, i) => i);
    await renderInChunks(items, (n) => {
      if (n % LIST_CHUNK === 0) seen.push(turns.count);
      return String(n);
    });
    expect(seen).toHaveLength(3);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
  });
});

describe('adminListPage', () => {
  it('pages by the cap without a limit', () => {
    const page = adminListPage({ page: 3 });
    expect(page.offset).toBe(2 * page.limit);
    expect(page.hasMore(3 * page.limit)).toBe(false);
    expect(page.hasMore(3 * page.limit + 1)).toBe(true);
    expect(adminListPage({ limit: 20, page: 2 })).toMatchObject({ offset: 20, limit: 20 });
  });
});
