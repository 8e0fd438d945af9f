import {
  clipSearchQuery,
  RECENT_SEARCHES_MAX,
  SEARCH_QUERY_MAX,
  searchTerms,
} from '../../../contract/rules/search.ts';
import type { RecentSearches } from '../../../contract/search.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { RecentSearchesRepository } from './recent-searches.repository.ts';

/**
 * A listener's recent searches, kept on the server so they follow the listener to any device.
 * The page records a search when the listener opens one of its results; only the newest
 * RECENT_SEARCHES_MAX are kept, and one search spelled two ways ('Zoë', 'zoe') is kept once.
 */
export class RecentSearchesService {
  constructor(private readonly searches: RecentSearchesRepository) {}

  async list(userId: number): Promise<RecentSearches> {
    const rows = await this.searches.list(userId);
    return {
      items: rows.map((row) => ({ _id: row.id, q: row.query, searchedAt: row.searched_at })),
    };
  }

  async add(userId: number, query: string): Promise<RecentSearches> {
    const q = clipSearchQuery(query.trim().replace(/\s+/g, ' '));
    const words = searchTerms(q, SEARCH_QUERY_MAX).join(' ');
    if (words.length === 0) {
      throw badRequest('A search to remember needs at least one letter or digit', 'q');
    }
    await this.searches.add(userId, q, words, nowIso(), RECENT_SEARCHES_MAX);
    return this.list(userId);
  }

  async remove(userId: number, id: number): Promise<RecentSearches> {
    if (!(await this.searches.remove(userId, id))) {
      throw notFound('That search is not among your recent searches');
    }
    return this.list(userId);
  }

  async clear(userId: number): Promise<RecentSearches> {
    await this.searches.clear(userId);
    return { items: [] };
  }
}
