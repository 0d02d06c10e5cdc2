/**
 * The shell's call (app/AppLayout.tsx) for the register's changes kept on this device: the queue's one
 * kind hook (lib/offline/useQueueKindSync.ts) with this kind's runner (on start online and every way
 * back online, those the server refused go again too), loaded in its own chunk once the first screen
 * is up.
 */
import { whenFirstScreenUp } from '../../lib/firstScreen';
import { useQueueKindSync } from '../../lib/offline/useQueueKindSync';
import { useSession } from '../auth';

const loadRunner = () =>
  whenFirstScreenUp()
    .then(() => import('./registerQueueRunner'))
    .then((m) => m.registerQueueRunner);

export function useRegisterOfflineSync(): void {
  useQueueKindSync(useSession().me.userID, loadRunner);
}
