// Log out, asking first when work waits on this device to be sent: a shared tablet, where the work stays
// for this user and not for whoever logs in next. The user menu and the profile's logout buttons share it.
import type { TFunction } from 'i18next';
import { openConfirmDialog } from '../../components/confirmDialog';
import { pendingCount } from '../../lib/offline/pendingCount';

export function logOutConfirmingWaitingWork(logOut: () => void, t: TFunction): void {
  const waiting = pendingCount();
  if (waiting === 0) {
    logOut();
    return;
  }
  openConfirmDialog({
    title: t('logout-unsynced-title'),
    body: t('logout-unsynced-body', { count: waiting }),
    confirmLabel: t('log-out'),
    cancelLabel: t('cancel'),
    confirmQa: 'logout-unsynced-confirm',
    danger: false,
    onConfirm: logOut,
  });
}
