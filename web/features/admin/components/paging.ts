/** How many pages `total` rows make at `limit` a page: one at least, where an empty list shows. */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/**
 * The page a list of `total` rows shows when asked for `page`: that one, or its last page when
 * rows left (a delete or a block under a filter) and took the page asked for with them.
 */
export function pageWithin(page: number, total: number, limit: number): number {
  return Math.min(page, pageCount(total, limit));
}

/** The page an address's `page` names: a whole number from 1, else the first page. */
export function pageFrom(text: string | null): number {
  const page = Number(text);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}
