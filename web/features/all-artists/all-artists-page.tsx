import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Artist } from '../../../contract/catalog.ts';
import type { PageOf } from '../../../contract/common.ts';
import { api, errorMessage } from '../../lib/api.ts';
import { ArtistCard } from '../../ui/catalog-cards.tsx';

const PAGE = 30;

/** All Artists: a grid that loads more as it scrolls. */
export function AllArtistsPage() {
  const query = useInfiniteQuery({
    queryKey: ['catalog', 'all-artists'],
    queryFn: ({ pageParam, signal }) =>
      api<PageOf<Artist>>(`/artists?page=${pageParam}&limit=${PAGE}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const artists = (query.data?.pages ?? []).flatMap((page) => page.items).filter((a) => a.name);
  return (
    <div className="px-2 pb-8 sm:px-4">
      <h1 className="px-2 py-4 text-3xl font-bold">All Artists</h1>
      {query.isPending ? (
        <p className="px-2 text-muted">Loading…</p>
      ) : query.isError ? (
        <p className="px-2 text-red-400">{errorMessage(query.error)}</p>
      ) : artists.length === 0 ? (
        <p className="px-2 text-muted">No artists found</p>
      ) : (
        <div className="grid grid-cols-2 gap-1 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6">
          {artists.map((artist) => (
            <ArtistCard key={artist._id} artist={artist} wide />
          ))}
        </div>
      )}
      <div ref={sentinel} aria-hidden className="h-4" />
    </div>
  );
}
