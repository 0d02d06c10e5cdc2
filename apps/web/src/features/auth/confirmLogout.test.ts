import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmRequests } from '../../components/confirmDialog';
import { setPendingCount } from '../../lib/offline/pendingCount';
import { logOutConfirmingWaitingWork } from './confirmLogout';

const t = ((key: string, options?: { count?: number }) =>
  options?.count === undefined ? key : `${key}:${options.count}`) as unknown as TFunction;

afterEach(() => {
  setPendingCount(0);
  for (const r of confirmRequests.get()) confirmRequests.close(r.id);
});

describe('logOutConfirmingWaitingWork', () => {
  it('logs out at once when nothing waits on the device', () => {
    const logOut = vi.fn();
    logOutConfirmingWaitingWork(logOut, t);
    expect(logOut).toHaveBeenCalledTimes(1);
    expect(confirmRequests.get()).toEqual([]);
  });

  it('asks first when work waits, naming how much; logs out only on confirm', () => {
    setPendingCount(3);
    const logOut = vi.fn();
    logOutConfirmingWaitingWork(logOut, t);
    expect(logOut).not.toHaveBeenCalled();
    const [request] = confirmRequests.get();
    expect(request).toMatchObject({ confirmQa: 'logout-unsynced-confirm', body: 'logout-unsynced-body:3' });
    request!.onConfirm();
    expect(logOut).toHaveBeenCalledTimes(1);
  });
});
