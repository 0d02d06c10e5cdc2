import { MantineProvider } from '@mantine/core';
import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { CONFIG_QUERY_KEY, getSessionState } from '../features/auth';
import { watchFirstScreen, whenFirstScreenUp } from '../lib/firstScreen';
import { mayHaveDeviceCopy, setDeviceCopyHint } from '../lib/offline/deviceCopyHint';
import { queryClient } from './queryClient';
import { cssVariablesResolver, theme } from './theme';

/** Longest wait for the device's read cache before queries run anyway (a stuck IndexedDB). */
const RESTORE_TIMEOUT_MS = 3000;
/**
 * Offline (issue 6), both loaded lazily so neither is in the login bundle: the read cache is restored
 * from IndexedDB before any query runs (queries wait while `restoring`, as PersistQueryClientProvider
 * does), and the service worker is registered after the first render. A device with no copy to restore
 * (lib/offline/deviceCopyHint.ts) runs its queries at once and loads both once its first screen is up
 * (lib/firstScreen.ts).
 */
function useOfflineBoot(): boolean {
  const [restoring, setRestoring] = useState(mayHaveDeviceCopy);
  useEffect(() => {
    const restoreFirst = mayHaveDeviceCopy();
    // A live session may leave a copy behind (persist.ts writes one only then): remember that. The
    // configuration may be here already (the page carried it: features/auth/session.ts), so the
    // current state counts as well as every later answer.
    const sessionLive = () =>
      queryClient.getQueryState(CONFIG_QUERY_KEY)?.status === 'success' && getSessionState() === 'active';
    if (sessionLive()) setDeviceCopyHint(true);
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryKey[0] === CONFIG_QUERY_KEY[0] && sessionLive())
        setDeviceCopyHint(true);
    });
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      setRestoring(false);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const boot = () => {
      timer = setTimeout(finish, RESTORE_TIMEOUT_MS);
      import('../lib/offline/persist')
        .then(async (m) => {
          await m.startPersisting(queryClient, {
            isActive: () => getSessionState() === 'active',
            configKey: CONFIG_QUERY_KEY,
          });
          // Nothing restored and no live session: no copy here, the next start need not wait for one.
          if (!queryClient.getQueryData(CONFIG_QUERY_KEY) && getSessionState() !== 'active')
            setDeviceCopyHint(false);
        })
        .catch(() => undefined)
        .finally(() => {
          clearTimeout(timer);
          finish();
        });
      void import('../lib/offline/registerSW').then((m) => m.registerServiceWorker()).catch(() => undefined);
    };
    // The page's one watch for "first screen up" (lib/firstScreen.ts): the sync loop, the device
    // preparation and the toasts' code wait for it too.
    const cancelWatch = watchFirstScreen(
      () => {
        const session = queryClient.getQueryState(CONFIG_QUERY_KEY)?.status;
        return session === 'success' || session === 'error' || window.location.hash.startsWith('#/login');
      },
      () => queryClient.isFetching(),
    );
    let cancelledBoot = false;
    if (restoreFirst) boot();
    else
      void whenFirstScreenUp().then(() => {
        if (!cancelledBoot) boot();
      });
    return () => {
      unsubscribe();
      cancelWatch();
      cancelledBoot = true;
      clearTimeout(timer);
    };
  }, []);
  return restoring;
}

export function Providers({ children }: { children: ReactNode }) {
  const restoring = useOfflineBoot();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <IsRestoringProvider value={restoring}>
          {/* Notifications (app/RootRoute.tsx) and modals (app/AppLayout.tsx) load with what uses them. */}
          {children}
        </IsRestoringProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
