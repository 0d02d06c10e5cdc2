import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { PERSIST_MAX_AGE_MS, PERSISTED_QUERY_PREFIXES } from '../lib/offline/persistRules';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Our own connectivity store decides offline (a failed request), not navigator.onLine, so
      // queries must run and fail rather than pause silently.
      networkMode: 'always',
      staleTime: 30_000,
      // 4xx answers will not change on retry; a network failure is shown at once (offline notice)
      // and retried by the next refetch instead.
      retry: (failureCount, error) => error instanceof ApiError && error.status >= 500 && failureCount < 2,
    },
    mutations: { networkMode: 'always', retry: false },
  },
});

// The device's read cache (issue 6, lib/offline/persist.ts): persisted queries live as long as the
// persisted copy may (else an unused one is dropped after 5 minutes and the next save loses it), and
// try the network once, then pause retries while the browser is offline, keeping the cached data.
for (const prefix of PERSISTED_QUERY_PREFIXES) {
  queryClient.setQueryDefaults(prefix, { gcTime: PERSIST_MAX_AGE_MS, networkMode: 'offlineFirst' });
}
