/**
 * The shell's call (app/AppLayout.tsx) for the medication saves kept on this device (issue 31): the
 * queue's one kind hook (lib/offline/useQueueKindSync.ts) with this kind's runner, loaded in its own
 * chunk once the first screen is up.
 */
import { whenFirstScreenUp } from '../../../lib/firstScreen';
import { useQueueKindSync } from '../../../lib/offline/useQueueKindSync';
import { useSession } from '../../auth';

const loadRunner = () =>
  whenFirstScreenUp()
    .then(() => import('./medicationQueueRunner'))
    .then((m) => m.medicationQueueRunner);

export function useMedicationOfflineSync(): void {
  useQueueKindSync(useSession().me.userID, loadRunner);
}
