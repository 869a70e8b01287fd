import { QueryClient } from '@tanstack/react-query';

/** Server state cache. Failed calls are not retried here: the HTTP client already refreshes on 401. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
