/**
 * The shell's call (app/AppLayout.tsx, beside Spotlight's) for the medication saves kept on this
 * device (issue 31): the kind's sender is registered and they are sent on start and whenever the app
 * is back online, whatever screen is open; their count joins the Sync badge and the logout warning.
 * The queue's code and Dexie load in their own chunk once the first screen is up.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIsOffline } from '../../../lib/connectivity';
import { whenFirstScreenUp } from '../../../lib/firstScreen';
import { useSession } from '../../auth';

const loadRunner = () => whenFirstScreenUp().then(() => import('./medicationQueueRunner'));

export function useMedicationOfflineSync(): void {
  const userID = useSession().me.userID;
  const queryClient = useQueryClient();
  const offline = useIsOffline();

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void loadRunner().then((m) => {
      if (cancelled) return;
      m.registerMedicationSender(queryClient);
      stop = m.watchMedicationCount(userID);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userID, queryClient]);

  useEffect(() => {
    if (offline) return;
    void loadRunner().then((m) => m.sendMedicationSavesNow(userID, queryClient));
  }, [offline, userID, queryClient]);
}
