import { useEffect } from 'react';
import { useSession } from '../auth/SessionContext';

/**
 * The shell's one call: starts the sync triggers for the logged-in user (ARCHITECTURE "Offline
 * protocol": on start, `online`, visibility). The loop and Dexie load in their own chunk, after the
 * first paint, so the login and Home bundle stays within its budget.
 */
export function useAppSync(): void {
  const { me, site } = useSession();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('../../lib/offline/sync').then((m) => {
      if (!cancelled) stop = m.startSyncTriggers(me.userID, site.id);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [me.userID, site.id]);
}
