import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { confirmRequests } from './confirmDialog';

const loadModal = () => import('./ConfirmDialogModal');
const ConfirmDialogModal = lazy(() => loadModal().then((m) => ({ default: m.ConfirmDialogModal })));

/**
 * Shows the confirmation dialogs opened with openConfirmDialog. The modal's code is fetched when the
 * host mounts (after the first screen is usable), so a dialog opens at once, offline too.
 */
export function ConfirmDialogHost() {
  const requests = useSyncExternalStore(confirmRequests.subscribe, confirmRequests.get);
  useEffect(() => {
    void loadModal().catch(() => undefined);
  }, []);
  if (requests.length === 0) return null;
  return (
    <Suspense fallback={null}>
      {requests.map((request) => (
        <ConfirmDialogModal key={request.id} request={request} />
      ))}
    </Suspense>
  );
}
