import { notifications } from '@mantine/notifications';
import { translateKey } from '../../lib/i18n';
import { UnknownOutboxItem } from '../../lib/offline/outbox';

/**
 * Runs a sync item's action (sync, delete all, upload without media, keep or discard mine). An item
 * this device no longer holds (another tab synced or deleted it meanwhile) answers err-unknown (spec 000
 * §8); so does a failure of the device's storage, which leaves the item as it was.
 */
export async function runItemAction(action: () => Promise<unknown>): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (error) {
    if (!(error instanceof UnknownOutboxItem)) console.error('sync item action failed', error);
    notifications.show({
      color: 'red',
      message: translateKey('err-unknown'),
      autoClose: 8000,
      'data-qa': 'sync-item-unknown',
    } as Parameters<typeof notifications.show>[0]);
    return false;
  }
}
