import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** A query cache with the app's defaults: the browser's one below, and one per server render. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

export const queryClient = createQueryClient();
