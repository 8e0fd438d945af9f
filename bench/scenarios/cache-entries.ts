import { BoundedMap } from '../../server/lib/bounded-map.ts';
import {
  ByteBudget,
  COUNT_ENTRY_BYTES,
  PROMISED_COUNT_BYTES,
} from '../../server/lib/cache-budget.ts';
import { relatedEntryBytes } from '../../server/modules/related/related.service.ts';
import { wordListBytes } from '../../server/modules/search/search.repository.ts';
import { memoryAgainstCharge } from '../in-process.ts';
import { searchVocabulary } from '../listening-seed.ts';
import type { Figure, Scenario } from '../scenario.ts';

/** Entries of each kind: enough that a map's table and its growth are measured with them. */
const ENTRIES = 100_000;
const WORD_LISTS = 200;
const WORDS_A_LIST = 1000;

/**
 * What the entries of the small caches take in memory, against what their maps charge: entries
 * of the shapes the caches hold, each under a key of the kind they use, in a map weighed as the
 * cache weighs them.
 */
async function entryBytes<K, V>(
  name: string,
  weigh: (value: V) => number,
  entry: (i: number) => [K, V],
  count: number,
  note: string,
): Promise<Figure> {
  const budget = new ByteBudget(Number.MAX_SAFE_INTEGER);
  const map = new BoundedMap<K, V>(budget, weigh);
  const figure = await memoryAgainstCharge(
    name,
    budget,
    async () => {
      for (let i = 0; i < count; i++) map.set(...entry(i));
      return count;
    },
    note,
  );
  // Still reachable while it is measured, so a collection cannot free it early.
  if (map.get(entry(0)[0]) === undefined) throw new Error(`${name}: the first entry left`);
  return figure;
}

const scenario: Scenario = {
  name: 'cache-entries',
  description: `What an entry of each small cache takes in memory (${ENTRIES} entries, or ${WORD_LISTS} word lists of ${WORDS_A_LIST}), against what the cache charges`,
  async run(): Promise<Figure[]> {
    const now = Date.now();
    const vocabulary = searchVocabulary(WORDS_A_LIST * 4);
    // Word lists come from the database: every word its own string.
    const fresh = (word: string, i: number) => `${i % 10}${word}`.slice(1);
    return [
      await entryBytes(
        'a cached count, in memory',
        () => COUNT_ENTRY_BYTES,
        (i) => [i, { at: now, n: i % 1000 }],
        ENTRIES,
        'monthly listeners under an artist id',
      ),
      await entryBytes(
        'a cached count being read, in memory',
        () => PROMISED_COUNT_BYTES,
        (i) => [
          `${i % 3} ${vocabulary[i % vocabulary.length]}${i}`,
          { at: now, count: Promise.resolve(i % 5000) },
        ],
        ENTRIES,
        "a search term's rows on PostgreSQL, under its kind and term",
      ),
      await entryBytes(
        'a related artists list, in memory',
        relatedEntryBytes,
        (i) => [i, { at: now, ids: Array.from({ length: 8 }, (_, k) => i * 8 + k) }],
        ENTRIES,
        "fans also like: eight artists' ids under an artist id",
      ),
      await entryBytes(
        `a cached list of ${WORDS_A_LIST} words, in memory`,
        wordListBytes,
        (i) => [
          `${i}`,
          {
            at: now,
            words: Array.from({ length: WORDS_A_LIST }, (_, k) =>
              fresh(vocabulary[(i * WORDS_A_LIST + k) % vocabulary.length]!, i),
            ),
          },
        ],
        WORD_LISTS,
        "the search's vocabulary, every word its own string",
      ),
    ];
  },
};

export default scenario;
