import { MantineProvider } from '@mantine/core';
import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { CONFIG_QUERY_KEY, getSessionState } from '../features/auth';
import { mayHaveDeviceCopy, setDeviceCopyHint } from '../lib/offline/deviceCopyHint';
import { queryClient } from './queryClient';
import { cssVariablesResolver, theme } from './theme';

/** Longest wait for the device's read cache before queries run anyway (a stuck IndexedDB). */
const RESTORE_TIMEOUT_MS = 3000;
/** Latest start of the deferred offline boot when the first screen never settles (see whenFirstScreenUp). */
const DEFERRED_BOOT_MAX_MS = 5000;

/**
 * Runs `run` once the first screen is up: the page has loaded, the session check has its answer (or
 * the page opened on login, which makes none) and the browser is idle.
 */
function whenFirstScreenUp(run: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const latest = setTimeout(() => fire(), DEFERRED_BOOT_MAX_MS);
  const fire = () => {
    if (cancelled) return;
    cancelled = true;
    clearTimeout(latest);
    clearTimeout(timer);
    run();
  };
  const check = () => {
    if (cancelled) return;
    const session = queryClient.getQueryState(CONFIG_QUERY_KEY)?.status;
    const answered =
      session === 'success' || session === 'error' || window.location.hash.startsWith('#/login');
    if (!answered) {
      timer = setTimeout(check, 100);
      return;
    }
    if ('requestIdleCallback' in window) requestIdleCallback(fire, { timeout: 1000 });
    else timer = setTimeout(fire, 200);
  };
  if (document.readyState === 'complete') check();
  else window.addEventListener('load', check, { once: true });
  return () => {
    cancelled = true;
    clearTimeout(latest);
    clearTimeout(timer);
    window.removeEventListener('load', check);
  };
}

/**
 * Offline (issue 6), both loaded lazily so neither is in the login bundle: the read cache is restored
 * from IndexedDB before any query runs (queries wait while `restoring`, as PersistQueryClientProvider
 * does), and the service worker is registered after the first render. A device with no copy to restore
 * (lib/offline/deviceCopyHint.ts) runs its queries at once and loads both once its first screen is up.
 */
function useOfflineBoot(): boolean {
  const [restoring, setRestoring] = useState(mayHaveDeviceCopy);
  useEffect(() => {
    const restoreFirst = mayHaveDeviceCopy();
    // A live session may leave a copy behind (persist.ts writes one only then): remember that.
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.query.queryKey[0] === CONFIG_QUERY_KEY[0] &&
        event.query.state.status === 'success' &&
        getSessionState() === 'active'
      )
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
    const cancelDeferred = restoreFirst ? undefined : whenFirstScreenUp(boot);
    if (restoreFirst) boot();
    return () => {
      unsubscribe();
      cancelDeferred?.();
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
