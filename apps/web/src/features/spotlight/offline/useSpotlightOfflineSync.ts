/**
 * The shell's call (app/AppLayout.tsx) for the Spotlight saves kept on this device (issue 16): the
 * queue's one kind hook (lib/offline/useQueueKindSync.ts) with this kind's runner, loaded in its own
 * chunk once the first screen is up, so the login and Home bundle stays within its budget.
 */
import { whenFirstScreenUp } from '../../../lib/firstScreen';
import { useQueueKindSync } from '../../../lib/offline/useQueueKindSync';
import { useSession } from '../../auth';

const loadRunner = () =>
  whenFirstScreenUp()
    .then(() => import('./spotlightQueueRunner'))
    .then((m) => m.spotlightQueueRunner);

export function useSpotlightOfflineSync(): void {
  useQueueKindSync(useSession().me.userID, loadRunner);
}
