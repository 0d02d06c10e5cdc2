import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

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
