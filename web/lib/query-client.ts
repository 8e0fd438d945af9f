import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isRefusal } from './api.ts';
import { onServerStatus } from './connection.ts';

/** A query cache with the app's defaults: the browser's one below, and one per server render. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) => !isRefusal(error) && count < 2,
      },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * While the server is unreachable queries wait instead of failing (their retries pause, as
 * offline); once it responds they go on, and every query on screen is fetched again, so a page
 * that failed meanwhile recovers by itself.
 */
export function followServerStatus(client: QueryClient): () => void {
  return onServerStatus((status) => {
    const reachable = status === 'reachable';
    onlineManager.setOnline(reachable);
    if (reachable) void client.invalidateQueries({ type: 'active' });
  });
}
