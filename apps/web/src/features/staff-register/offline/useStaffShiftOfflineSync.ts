/**
 * The shell's call (app/AppLayout.tsx, beside useAppSync) for the staff register's changes kept on this
 * device: their sender joins the one sync loop as soon as its chunk loads (offline or not, so the
 * loop's start and `online` passes include it), and on start online and every way back online the
 * loop is asked for a pass when changes wait, whatever screen is open. The code loads in its own chunk
 * once the first screen is up.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIsOffline } from '../../../lib/connectivity';
import { whenFirstScreenUp } from '../../../lib/firstScreen';
import { useSession } from '../../auth';

const loadRunner = () => whenFirstScreenUp().then(() => import('./shiftQueueRunner'));

export function useStaffShiftOfflineSync(): void {
  const userID = useSession().me.userID;
  const queryClient = useQueryClient();
  const offline = useIsOffline();
  useEffect(() => {
    if (offline) {
      void loadRunner().then((m) => m.registerShiftSender(queryClient));
      return;
    }
    void loadRunner().then((m) => m.sendShiftChangesNow(userID, queryClient));
  }, [offline, userID, queryClient]);
}
