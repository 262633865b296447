import { QueryClient } from '@tanstack/react-query';

/**
 * The server cache. Retries are off because the request layer already told the customer (a retry
 * would toast the same failure again); screens offer pull-to-refresh and retry buttons instead.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
