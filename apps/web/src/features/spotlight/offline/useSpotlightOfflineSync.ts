/**
 * The shell's call (app/AppLayout.tsx, beside useAppSync) for the Spotlight saves kept on this device
 * (issue 16): they are sent on start and whenever the app is back online, whatever screen is open,
 * and their count joins the Sync badge and the logout warning. The queue's code and Dexie load in
 * their own chunk once the first screen is up, so the login and Home bundle stays within its budget.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIsOffline } from '../../../lib/connectivity';
import { whenFirstScreenUp } from '../../../lib/firstScreen';
import { useSession } from '../../auth';

const loadRunner = () => whenFirstScreenUp().then(() => import('./spotlightQueueRunner'));

export function useSpotlightOfflineSync(): void {
  const userID = useSession().me.userID;
  const queryClient = useQueryClient();
  const offline = useIsOffline();

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void loadRunner().then((m) => {
      if (cancelled) return;
      // The sender is in place before the loop's next pass (its start, `online`), offline or not.
      m.registerSpotlightSender(queryClient);
      stop = m.watchSpotlightCount(userID);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userID, queryClient]);

  // On start online, and on every way back online (a request answered, the browser's `online`).
  useEffect(() => {
    if (offline) return;
    void loadRunner().then((m) => m.sendSpotlightSavesNow(userID, queryClient));
  }, [offline, userID, queryClient]);
}
