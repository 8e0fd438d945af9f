import { describe, expect, it, vi } from 'vitest';
import { ByteBudget } from '../../lib/cache-budget.ts';
import {
  CardShelf,
  EntryCardCache,
  REFRESH_BATCH,
  REFRESH_DELAY_MS,
  STALE_GRACE_MS,
} from './entry-cards.ts';
import type { RenderedNode } from './protocol.ts';
import { albumEntry, artistEntry } from './subsonic.presenter.ts';
import type { AlbumCardRecord, ArtistCardRecord } from './subsonic.repository.ts';

const PLAYS_MAX_AGE_MS = 10_000;

function card(id: number, plays: number, title = `Album ${id}`): AlbumCardRecord {
  return {
    id,
    title,
    artist_id: 1,
    artist_name: 'Artist',
    cover_key: null,
    year: 2020,
    created_at: '2026-01-01T00:00:00.000Z',
    song_count: 10,
    duration: 1800,
    play_count: plays,
    genre: 'Pop',
  };
}

/** Albums whose titles and plays the test changes, counting the reads. */
function albums() {
  const state = {
    titles: new Map<number, string>(),
    plays: new Map<number, number>(),
    hidden: new Set<number>(),
    cardReads: [] as number[][],
  };
  const source = {
    cards: async (ids: number[]) => {
      state.cardReads.push(ids);
      return ids
        .filter((id) => !state.hidden.has(id))
        .map((id) => card(id, state.plays.get(id) ?? 0, state.titles.get(id)));
    },
  };
  return { state, source };
}

/** Artist cards named `names` gives (else "Artist <id>"), each read counted in `reads`. */
const artistCards = (reads: number[][], names = new Map<number, string>()) => ({
  name: 'artist' as const,
  cards: async (ids: number[]): Promise<ArtistCardRecord[]> => {
    reads.push(ids);
    return ids.map((id) => ({
      id,
      name: names.get(id) ?? `Artist ${id}`,
      image_key: null,
      album_count: 2,
    }));
  },
  entry: artistEntry,
  maxAgeMs: Number.POSITIVE_INFINITY,
  cacheName: 'subsonic-artist-cards' as const,
});

/** Album cards as the Subsonic service reads them, from `source`. */
const albumCards = (source: { cards: (ids: number[]) => Promise<AlbumCardRecord[]> }) => ({
  name: 'album' as const,
  // Through `source`, so a test can change how cards are read after the cache is made.
  cards: (ids: number[]) => source.cards(ids),
  entry: albumEntry,
  maxAgeMs: PLAYS_MAX_AGE_MS,
  cacheName: 'subsonic-album-cards' as const,
});

const json = (entry: RenderedNode | undefined) => JSON.parse(entry?.output('json').text ?? 'null');

describe('album cards', () => {
  it('reads a card once per catalog version, and again when the version moves', async () => {
    const { state, source } = albums();
    const cache = new EntryCardCache(albumCards(source), new CardShelf(new ByteBudget(1e6)));
    const now = Date.now();
    await cache.entries([1, 2], 1, 'json', now);
    await cache.entries([2, 3], 1, 'json', now);
    expect(state.cardReads).toEqual([[1, 2], [3]]);

    state.titles.set(2, 'Renamed');
    state.hidden.add(3);
    const moved = await cache.entries([2, 3], 2, 'json', now);
    expect(state.cardReads.at(-1)).toEqual([2, 3]);
    expect(json(moved.get(2)).name).toBe('Renamed');
    expect(moved.has(3)).toBe(false);
  });

  it('shows a card\u2019s plays as read until they are older than the window, then reads it again in the background', async () => {
    const { state, source } = albums();
    const cache = new EntryCardCache(albumCards(source), new CardShelf(new ByteBudget(1e6)));
    const now = Date.now();
    await cache.entries([1, 2], 1, 'json', now);
    state.plays.set(1, 5);
    const within = await cache.entries([1], 1, 'json', now + PLAYS_MAX_AGE_MS - 1);
    expect(json(within.get(1)).playCount).toBe(0);
    await cache.refreshDue(now + PLAYS_MAX_AGE_MS - 1);
    expect(state.cardReads).toHaveLength(1);

    // Past the window, the request still gets the entry as it was, without waiting for a read.
    const due = await cache.entries([1, 2], 1, 'json', now + PLAYS_MAX_AGE_MS);
    expect(json(due.get(1)).playCount).toBe(0);
    expect(state.cardReads).toHaveLength(1);
    await cache.refreshDue(now + PLAYS_MAX_AGE_MS);
    expect(state.cardReads).toEqual([
      [1, 2],
      [1, 2],
    ]);
    const later = await cache.entries([1], 1, 'json', now + PLAYS_MAX_AGE_MS + 1);
    expect(json(later.get(1)).playCount).toBe(5);
    // Read again, a card counts from then: nothing is due within the window.
    await cache.refreshDue(now + PLAYS_MAX_AGE_MS + 1);
    expect(state.cardReads).toHaveLength(2);
  });

  it('reads cards due again in batches, one after another, each a statement', async () => {
    vi.useFakeTimers();
    try {
      const { state, source } = albums();
      const cache = new EntryCardCache(albumCards(source), new CardShelf(new ByteBudget(1e7)));
      const ids = Array.from({ length: REFRESH_BATCH + 30 }, (_, i) => i + 1);
      const now = Date.now();
      await cache.entries(ids, 1, 'json', now);
      state.plays.set(ids.at(-1)!, 9);
      vi.setSystemTime(now + PLAYS_MAX_AGE_MS);
      await cache.entries(ids, 1, 'json');
      await cache.entries(ids, 1, 'json');
      expect(state.cardReads).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS);
      expect(state.cardReads.slice(1)).toEqual([ids.slice(0, REFRESH_BATCH)]);
      await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS);
      expect(state.cardReads.slice(2)).toEqual([ids.slice(REFRESH_BATCH)]);
      const last = await cache.entries([ids.at(-1)!], 1, 'json');
      expect(json(last.get(ids.at(-1)!)).playCount).toBe(9);
      // Nothing is due any more: no read is scheduled.
      await vi.advanceTimersByTimeAsync(10 * REFRESH_DELAY_MS);
      expect(state.cardReads).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a card a request read at a newer version while the background read was under way', async () => {
    const { state, source } = albums();
    const cache = new EntryCardCache(albumCards(source), new CardShelf(new ByteBudget(1e6)));
    const now = Date.now();
    await cache.entries([1], 1, 'json', now);
    await cache.entries([1], 1, 'json', now + PLAYS_MAX_AGE_MS);
    // The background read gets the album as it was; meanwhile it is renamed, the version moves,
    // and a request reads the new card.
    let release = () => {};
    source.cards = async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return [card(1, 0, 'Old title')];
    };
    const refresh = cache.refreshDue(now + PLAYS_MAX_AGE_MS);
    state.titles.set(1, 'New title');
    const reads: number[][] = [];
    source.cards = async (ids) => {
      reads.push(ids);
      return ids.map((id) => card(id, 0, state.titles.get(id)));
    };
    const renamed = await cache.entries([1], 2, 'json', now + PLAYS_MAX_AGE_MS);
    expect(json(renamed.get(1)).name).toBe('New title');
    release();
    await refresh;
    // The older read took nothing's place: the new card is still held, and read no more.
    const after = await cache.entries([1], 2, 'json', now + PLAYS_MAX_AGE_MS + 1);
    expect(json(after.get(1)).name).toBe('New title');
    expect(reads).toEqual([[1]]);
  });

  it('lets the cards go when a background read fails, so the requests read them and meet the error', async () => {
    const { state, source } = albums();
    const cache = new EntryCardCache(albumCards(source), new CardShelf(new ByteBudget(1e6)));
    const now = Date.now();
    await cache.entries([1], 1, 'json', now);
    const read = source.cards;
    source.cards = async () => {
      throw new Error('database gone');
    };
    await cache.entries([1], 1, 'json', now + PLAYS_MAX_AGE_MS);
    await cache.refreshDue(now + PLAYS_MAX_AGE_MS);
    await expect(cache.entries([1], 1, 'json', now + PLAYS_MAX_AGE_MS + 1)).rejects.toThrow(
      'database gone',
    );
    source.cards = read;
    state.plays.set(1, 4);
    const again = await cache.entries([1], 1, 'json', now + PLAYS_MAX_AGE_MS + 2);
    expect(json(again.get(1)).playCount).toBe(4);
  });

  it('sends a card at most STALE_GRACE_MS past its age: an older one is read on the request', async () => {
    const { state, source } = albums();
    const cache = new EntryCardCache(albumCards(source), new CardShelf(new ByteBudget(1e6)));
    const now = Date.now();
    await cache.entries([1], 1, 'json', now);
    state.plays.set(1, 3);
    const late = now + PLAYS_MAX_AGE_MS + STALE_GRACE_MS;
    const fresh = await cache.entries([1], 1, 'json', late);
    expect(json(fresh.get(1)).playCount).toBe(3);
    expect(state.cardReads).toEqual([[1], [1]]);
    // Read on the request, it is current again: nothing is left to read in the background.
    await cache.refreshDue(late);
    expect(state.cardReads).toHaveLength(2);
  });

  it('reads one batch at a time however slow the read, and no card twice', async () => {
    const { state, source } = albums();
    const cache = new EntryCardCache(albumCards(source), new CardShelf(new ByteBudget(1e7)));
    const ids = Array.from({ length: REFRESH_BATCH + 10 }, (_, i) => i + 1);
    const now = Date.now();
    await cache.entries(ids, 1, 'json', now);
    const releases: (() => void)[] = [];
    const read = source.cards;
    source.cards = async (batch) => {
      await new Promise<void>((resolve) => releases.push(resolve));
      return read(batch);
    };
    const due = now + PLAYS_MAX_AGE_MS;
    await cache.entries(ids, 1, 'json', due);
    const first = cache.refreshDue(due);
    // Requests while the batch is read find the same cards due: none is asked for again.
    await cache.entries(ids, 1, 'json', due + 1);
    await cache.refreshDue(due + 1);
    expect(releases).toHaveLength(1);
    releases[0]!();
    await first;
    await cache.entries(ids, 1, 'json', due + 2);
    const second = cache.refreshDue(due + 2);
    expect(releases).toHaveLength(2);
    releases[1]!();
    await second;
    expect(state.cardReads.slice(1)).toEqual([
      ids.slice(0, REFRESH_BATCH),
      ids.slice(REFRESH_BATCH),
    ]);
  });

  it('reads no card of a catalog since changed again in the background', async () => {
    const { state, source } = albums();
    const cache = new EntryCardCache(albumCards(source), new CardShelf(new ByteBudget(1e6)));
    const now = Date.now();
    await cache.entries([1, 2], 1, 'json', now);
    await cache.entries([1, 2], 1, 'json', now + PLAYS_MAX_AGE_MS);
    // The catalog changes before the batch is read: requests now read cards at version 2.
    await cache.entries([2], 2, 'json', now + PLAYS_MAX_AGE_MS);
    await cache.refreshDue(now + PLAYS_MAX_AGE_MS);
    expect(state.cardReads).toEqual([[1, 2], [2]]);
  });

  it('puts back no card let go while its background read was under way', async () => {
    const { state, source } = albums();
    const budget = new ByteBudget(1e6);
    const shelf = new CardShelf(budget);
    const cache = new EntryCardCache(albumCards(source), shelf);
    const now = Date.now();
    await cache.entries([1, 2], 1, 'json', now);
    await cache.entries([1, 2], 1, 'json', now + PLAYS_MAX_AGE_MS);
    let release = () => {};
    const read = source.cards;
    source.cards = async (ids) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return read(ids);
    };
    const refresh = cache.refreshDue(now + PLAYS_MAX_AGE_MS);
    shelf.cards.clear();
    release();
    await refresh;
    expect([shelf.cards.size, budget.used]).toEqual([0, 0]);
    expect(state.cardReads).toHaveLength(2);
  });

  it('keeps no card when the budget is nothing: every request reads them', async () => {
    const { state, source } = albums();
    const cache = new EntryCardCache(albumCards(source), new CardShelf(new ByteBudget(0)));
    await cache.entries([1], 1, 'json');
    await cache.entries([1], 1, 'json');
    expect(state.cardReads).toEqual([[1], [1]]);
  });

  it('holds each entry as written, reading the card again for a format not yet written', async () => {
    const { state, source } = albums();
    const budget = new ByteBudget(1e6);
    const cache = new EntryCardCache(albumCards(source), new CardShelf(budget));
    const now = Date.now();
    const first = (await cache.entries([1], 1, 'json', now)).get(1);
    expect(json(first)).toMatchObject({ id: '1', name: 'Album 1', playCount: 0 });
    const withJson = budget.used;
    const xml = (await cache.entries([1], 1, 'xml', now + 1)).get(1);
    expect(xml).toBe(first);
    expect(xml?.output('xml').text).toMatch(/^<album id="1" name="Album 1" .*playCount="0"/);
    expect(budget.used - withJson).toBe(xml?.output('xml').text.length);
    expect(state.cardReads).toEqual([[1], [1]]);
    // Both formats written, neither reads again within the window.
    await cache.entries([1], 1, 'json', now + 2);
    await cache.entries([1], 1, 'xml', now + 2);
    expect(state.cardReads).toHaveLength(2);
    // Once the window has passed, the card is read again and written anew in both formats.
    state.plays.set(1, 7);
    await cache.entries([1], 1, 'xml', now + PLAYS_MAX_AGE_MS);
    await cache.refreshDue(now + PLAYS_MAX_AGE_MS);
    const later = (await cache.entries([1], 1, 'xml', now + PLAYS_MAX_AGE_MS + 1)).get(1);
    expect(later?.output('xml').text).toContain('playCount="7"');
    expect(json(later).playCount).toBe(7);
  });
});

describe('artist cards', () => {
  it('are written as artists, read again only when the catalog moves', async () => {
    const reads: number[][] = [];
    const names = new Map<number, string>();
    const cache = new EntryCardCache(artistCards(reads, names), new CardShelf(new ByteBudget(1e6)));
    const now = Date.now();
    const first = (await cache.entries([4], 1, 'xml', now)).get(4);
    expect(first?.output('xml').text).toBe('<artist id="4" name="Artist 4" albumCount="2"/>');
    // Nothing on it moves with time: a day later it is still not read again.
    await cache.entries([4], 1, 'xml', now + 86_400_000);
    expect(reads).toEqual([[4]]);
    names.set(4, 'Renamed');
    const moved = (await cache.entries([4], 2, 'json', now)).get(4);
    expect(json(moved)).toEqual({ id: '4', name: 'Renamed', albumCount: 2 });
    expect(reads).toEqual([[4], [4]]);
  });
});

describe('cards of both kinds on one shelf', () => {
  it('let the least recently used card of either kind go, so a shelf full of albums takes artists', async () => {
    const { state, source } = albums();
    const now = Date.now();
    const measure = new ByteBudget(1e6);
    await new EntryCardCache(albumCards(source), new CardShelf(measure)).entries([1], 1, 'json');
    // A shelf with room for three albums, filled by them.
    const shelf = new CardShelf(new ByteBudget(3 * measure.used + 10));
    const albumCache = new EntryCardCache(albumCards(source), shelf);
    const artistReads: number[][] = [];
    const artistCache = new EntryCardCache(artistCards(artistReads), shelf);
    await albumCache.entries([1, 2, 3], 1, 'json', now);
    await artistCache.entries([7], 1, 'json', now);
    await artistCache.entries([7], 1, 'json', now);
    // The artist was held (read once), in the place of the oldest album, which is read again.
    expect(artistReads).toEqual([[7]]);
    state.cardReads = [];
    await albumCache.entries([1, 3], 1, 'json', now);
    expect(state.cardReads).toEqual([[1]]);
    // The same id of two kinds is two cards.
    await artistCache.entries([1], 1, 'json', now);
    expect(artistReads).toEqual([[7], [1]]);
  });
});

describe('song cards', () => {
  it('hold the catalog fields of a song apart from an album and an artist of the same id', async () => {
    const { state, source } = albums();
    const shelf = new CardShelf(new ByteBudget(1e6));
    const albumCache = new EntryCardCache(albumCards(source), shelf);
    const artistReads: number[][] = [];
    const artistCache = new EntryCardCache(artistCards(artistReads), shelf);
    const songReads: number[][] = [];
    const songCache = new EntryCardCache(
      {
        name: 'song',
        cards: async (ids: number[]) => {
          songReads.push(ids);
          return ids.map((id) => ({ id, fields: { id: String(id), title: `Song ${id}` } }));
        },
        entry: (card: { id: number; fields: Record<string, string> }) => card.fields,
        maxAgeMs: Number.POSITIVE_INFINITY,
        cacheName: 'subsonic-song-cards' as const,
      },
      shelf,
    );
    for (let round = 0; round < 2; round++) {
      await albumCache.entries([5], 1, 'xml');
      await artistCache.entries([5], 1, 'xml');
      const song = (await songCache.entries([5], 1, 'xml')).get(5);
      // A song's entry carries no star of its own: each response adds the caller's fields.
      expect(song?.output('xml').text).toBe('<song id="5" title="Song 5"/>');
    }
    expect([state.cardReads, artistReads, songReads]).toEqual([[[5]], [[5]], [[5]]]);
  });
});
