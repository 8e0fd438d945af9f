import { Clock3, X } from 'lucide-react';
import { Link } from '../../../ui/link.tsx';
import { useRecentSearchChanges, useRecentSearches } from '../api/recent-searches.ts';

/** The logged-in listener's recent searches, each one a link back to its results. */
export function RecentSearchList() {
  const recent = useRecentSearches();
  const changes = useRecentSearchChanges();
  const items = recent.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recent-searches-heading" className="px-4 pt-6 sm:px-6">
      <div className="flex items-end justify-between pb-2">
        <h2 id="recent-searches-heading" className="text-2xl font-bold">
          Recent searches
        </h2>
        <button
          type="button"
          onClick={changes.clear}
          className="text-sm font-bold text-muted hover:text-white hover:underline"
        >
          Clear recent searches
        </button>
      </div>
      <ul className="max-w-xl">
        {items.map((item) => (
          <li key={item._id} className="flex items-center gap-2 rounded-md hover:bg-highlight">
            <Link
              to={`/search?q=${encodeURIComponent(item.q)}`}
              className="flex min-w-0 flex-1 items-center gap-3 px-2 py-2"
            >
              <Clock3 aria-hidden="true" className="size-4 shrink-0 text-muted" />
              <span className="truncate">{item.q}</span>
            </Link>
            <button
              type="button"
              aria-label={`Remove "${item.q}" from recent searches`}
              onClick={() => changes.remove(item._id)}
              className="grid size-9 shrink-0 place-items-center rounded-full text-muted hover:text-white"
            >
              <X className="size-4" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
