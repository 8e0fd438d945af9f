import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { libraryKeys, likeToggleOptions } from './library-queries.ts';

/** A call to the server that the test answers when it chooses. */
interface Pending {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * A listener's liked songs as the server holds them, a cache watching them as a heart does, and
 * toggles whose calls wait until the test answers them.
 */
function setup(initial: number[]) {
  const server = new Set(initial);
  const calls: Pending[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const liked = new QueryObserver(client, {
    queryKey: libraryKeys.likedIds,
    queryFn: async () => new Set(server),
  });
  const stop = liked.subscribe(() => {});
  const send = (songId: number, like: boolean) =>
    new Promise<void>((resolve, reject) => {
      calls.push({
        resolve: () => {
          if (like) server.add(songId);
          else server.delete(songId);
          resolve();
        },
        reject,
      });
    });
  const toggle = (songId: number, like: boolean) => {
    const observer = new MutationObserver(client, likeToggleOptions(client, send));
    return observer.mutate({ songId, like }).catch(() => undefined);
  };
  const shown = () => [...(client.getQueryData<Set<number>>(libraryKeys.likedIds) ?? [])].sort();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
  /** Answers call `index` (its toggle is `toggled`) and waits for what follows to settle. */
  const answer = async (index: number, toggled: Promise<unknown>, refuse = false) => {
    if (refuse) calls[index]!.reject(new Error('refused'));
    else calls[index]!.resolve();
    await toggled;
    await settle();
  };
  return { client, calls, toggle, shown, settle, answer, stop };
}

describe('like toggles', () => {
  let cleanup: (() => void) | null = null;
  afterEach(() => cleanup?.());

  it('keep a toggle still on its way when another one settles first', async () => {
    const t = setup([]);
    cleanup = t.stop;
    await t.settle();
    const first = t.toggle(1, true);
    const second = t.toggle(2, true);
    await t.settle();
    expect(t.shown()).toEqual([1, 2]);
    // The first call is answered while the second is still out: its heart must not flip back.
    await t.answer(0, first);
    expect(t.shown()).toEqual([1, 2]);
    await t.answer(1, second);
    expect(t.shown()).toEqual([1, 2]);
  });

  it('undo only the refused song, then show what the server holds', async () => {
    const t = setup([5]);
    cleanup = t.stop;
    await t.settle();
    const like = t.toggle(1, true);
    const unlike = t.toggle(5, false);
    await t.settle();
    expect(t.shown()).toEqual([1]);
    // The unlike is refused while the like is still out: 5 comes back, 1 stays.
    await t.answer(1, unlike, true);
    expect(t.shown()).toEqual([1, 5]);
    await t.answer(0, like);
    expect(t.shown()).toEqual([1, 5]);
  });
});
