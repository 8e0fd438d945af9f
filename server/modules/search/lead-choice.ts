/**
 * How a search of several words reads PostgreSQL's term index (migration 010). Every word is a
 * range of the key in rank order. Two ways find the rows holding all of them:
 * - a join, which the planner makes a merge of the ranges: cheap per row, but it reads the
 *   common word's range as far as the rare word's, which for a common word is most of the catalog;
 * - reading the rarest word's range and looking each row up in the others: a descent of the key
 *   per row, many times dearer, so it pays only when the others are far more common.
 * The planner cannot choose well: outside the hundred most common terms it takes every term to be
 * as common as any other, so it merges a very common word with a rare one where looking up from
 * the rare one reads a fraction of the rows (`npm run bench -- search` shows the difference).
 */

/** How many times as many rows another word must have for its rows to be looked up one by one. */
export const LOOKUP_RATIO = 16;

/** How a search of one kind reads its groups (a word, or a word and its typo corrections). */
export interface ReadPlan {
  /** The groups, the one read first leading. */
  groups: string[][];
  /** For each group after the lead: looked up row by row (true) or joined (false). */
  lookups: boolean[];
}

/**
 * The plan for `groups`, given each term's row count as far as it is known: `rows(term)` is the
 * count, or at least `known` when the term was not counted to the end. The groups are sorted
 * fewest rows first (of two that were not counted to the end, the longer term first: a longer
 * prefix names fewer words); the others are looked up from the lead when they have LOOKUP_RATIO
 * times its rows, which is only sure when the lead was counted to the end.
 */
export function planRead(
  groups: string[][],
  rows: (term: string) => number,
  known: number,
): ReadPlan {
  const counted = groups
    .map((group) => ({
      group,
      rows: group.reduce((sum, term) => sum + rows(term), 0),
      longest: Math.max(...group.map((term) => term.length)),
    }))
    .sort((a, b) => a.rows - b.rows || b.longest - a.longest);
  const [lead, ...rest] = counted;
  if (!lead) return { groups: [], lookups: [] };
  const exact = lead.group.every((term) => rows(term) < known);
  return {
    groups: counted.map(({ group }) => group),
    lookups: rest.map((other) => exact && other.rows >= LOOKUP_RATIO * Math.max(lead.rows, 1)),
  };
}

/**
 * Whether a search of `groups` runs as a statement with a generic plan, made once for any words
 * (db/postgres.ts, `genericPlanDb`): one or two words, as typed. Their text decides the plan: one
 * range in rank order, merged with or looking up the other. With three or more, a plan made
 * without the words chooses an order of joins that reads whole ranges, so those are planned for
 * their words, whose counts the planner then sees; so are typo corrections (several options to a
 * word), whose texts are too many to prepare.
 */
export const usesGenericPlan = (groups: readonly string[][]): boolean =>
  groups.length <= 2 && groups.every((group) => group.length === 1);
