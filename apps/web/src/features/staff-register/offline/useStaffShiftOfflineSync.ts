/**
 * The shell's call (app/AppLayout.tsx) for the staff register's changes kept on this device: the
 * queue's one kind hook (lib/offline/useQueueKindSync.ts) with this kind's runner, loaded in its own
 * chunk once the first screen is up.
 */
import { whenFirstScreenUp } from '../../../lib/firstScreen';
import { useQueueKindSync } from '../../../lib/offline/useQueueKindSync';
import { useSession } from '../../auth';

const loadRunner = () =>
  whenFirstScreenUp()
    .then(() => import('./shiftQueueRunner'))
    .then((m) => m.shiftQueueRunner);

export function useStaffShiftOfflineSync(): void {
  useQueueKindSync(useSession().me.userID, loadRunner);
}
