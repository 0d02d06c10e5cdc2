import { describe, expect, it, vi } from 'vitest';
import { confirmRequests, openConfirmDialog } from './confirmDialog';

const options = (qa: string) => ({
  title: 'Delete?',
  confirmLabel: 'Delete',
  cancelLabel: 'Cancel',
  confirmQa: qa,
  onConfirm: vi.fn(),
  onClose: vi.fn(),
});

describe('confirm dialog requests', () => {
  it('queues each request for the host and tells listeners', () => {
    const listener = vi.fn();
    const unsubscribe = confirmRequests.subscribe(listener);
    openConfirmDialog(options('first'));
    openConfirmDialog(options('second'));
    expect(confirmRequests.get().map((r) => r.confirmQa)).toEqual(['first', 'second']);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    for (const r of confirmRequests.get()) confirmRequests.close(r.id);
  });

  it('closing removes only that request and calls its onClose once', () => {
    const first = options('a');
    const second = options('b');
    openConfirmDialog(first);
    openConfirmDialog(second);
    const [a, b] = confirmRequests.get();
    confirmRequests.close(a!.id);
    confirmRequests.close(a!.id);
    expect(first.onClose).toHaveBeenCalledTimes(1);
    expect(second.onClose).not.toHaveBeenCalled();
    expect(first.onConfirm).not.toHaveBeenCalled();
    expect(confirmRequests.get().map((r) => r.id)).toEqual([b!.id]);
    confirmRequests.close(b!.id);
    expect(confirmRequests.get()).toEqual([]);
  });
});
