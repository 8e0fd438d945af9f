import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecentSearches } from '../../../../contract/search.ts';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';

const recentKey = (userId: number | undefined) => ['me', userId, 'recent-searches'] as const;

/** The logged-in listener's recent searches (none for a visitor, who has no account to hold them). */
export function useRecentSearches() {
  const { isAuth, user } = useSession();
  return useQuery({
    queryKey: recentKey(user?._id),
    queryFn: ({ signal }) => api<RecentSearches>('/me/recent-searches', { signal }),
    enabled: isAuth,
  });
}

/** Record, remove one, or clear: each returns the list as it now stands. */
export function useRecentSearchChanges() {
  const client = useQueryClient();
  const { isAuth, user } = useSession();
  const store = (list: RecentSearches) => client.setQueryData(recentKey(user?._id), list);
  const record = useMutation({
    mutationFn: (q: string) =>
      api<RecentSearches>('/me/recent-searches', { method: 'POST', body: { q } }),
    onSuccess: store,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      api<RecentSearches>(`/me/recent-searches/${id}`, { method: 'DELETE' }),
    onSuccess: store,
  });
  const clear = useMutation({
    mutationFn: () => api<RecentSearches>('/me/recent-searches', { method: 'DELETE' }),
    onSuccess: store,
  });
  return {
    /** Records `q` for a logged-in listener; a visitor's searches are not kept. */
    record: (q: string) => {
      if (isAuth && q.trim()) record.mutate(q);
    },
    remove: (id: number) => remove.mutate(id),
    clear: () => clear.mutate(),
  };
}
