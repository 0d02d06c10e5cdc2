import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { CONFIG_QUERY_KEY, getSessionState } from '../features/auth';
import { queryClient } from './queryClient';
import { cssVariablesResolver, theme } from './theme';

/** Longest wait for the device's read cache before queries run anyway (a stuck IndexedDB). */
const RESTORE_TIMEOUT_MS = 3000;

/**
 * Offline (issue 6), both loaded lazily so neither is in the login bundle: the read cache is restored
 * from IndexedDB before any query runs (queries wait while `restoring`, as PersistQueryClientProvider
 * does), and the service worker is registered after the first render.
 */
function useOfflineBoot(): boolean {
  const [restoring, setRestoring] = useState(true);
  useEffect(() => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      setRestoring(false);
    };
    const timer = setTimeout(finish, RESTORE_TIMEOUT_MS);
    import('../lib/offline/persist')
      .then((m) =>
        m.startPersisting(queryClient, {
          isActive: () => getSessionState() === 'active',
          configKey: CONFIG_QUERY_KEY,
        }),
      )
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        finish();
      });
    void import('../lib/offline/registerSW').then((m) => m.registerServiceWorker()).catch(() => undefined);
    return () => clearTimeout(timer);
  }, []);
  return restoring;
}

export function Providers({ children }: { children: ReactNode }) {
  const restoring = useOfflineBoot();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <Notifications position="top-center" limit={3} zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <IsRestoringProvider value={restoring}>
          <ModalsProvider>{children}</ModalsProvider>
        </IsRestoringProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
