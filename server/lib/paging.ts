import { UNPAGED_LIST_CAP } from '../../contract/admin.ts';

/** The page an admin list query asks for: `limit` items, or UNPAGED_LIST_CAP without one. */
export function adminListPage(query: { page?: number | undefined; limit?: number | undefined }) {
  const page = query.page ?? 1;
  const limit = query.limit ?? UNPAGED_LIST_CAP;
  return {
    page,
    limit,
    offset: (page - 1) * limit,
    /** Whether items are left past this page, of `total` in all. */
    hasMore: (total: number) => page * limit < total,
  };
}
