import { useEffect } from 'react';
import { useSession } from '../auth';

/**
 * The shell's one call: starts the sync triggers for the logged-in user (ARCHITECTURE "Offline
 * protocol": on start, `online`, visibility), sending through this feature's transport. The loop, its
 * transport and Dexie load in their own chunks, after the first paint, so the login and Home bundle
 * stays within its budget.
 */
export function useAppSync(): void {
  const { me, site } = useSession();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void Promise.all([import('../../lib/offline/sync'), import('./transport')]).then(([loop, t]) => {
      if (!cancelled) stop = loop.startSyncTriggers(me.userID, site.id, t.browserTransport);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [me.userID, site.id]);
}
