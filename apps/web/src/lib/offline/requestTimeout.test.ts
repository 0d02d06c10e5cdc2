import { afterEach, describe, expect, it, vi } from 'vitest';
import { stallGuard, TIMED_OUT, timed } from './requestTimeout';
import { SyncNetworkError } from './syncEngine';

/** A request that never answers but stops when its signal aborts (as fetch and the upload do). */
function hanging(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('sync request time limits', () => {
  it('a request that never answers fails as a network failure when its time is up', async () => {
    vi.useFakeTimers();
    const result = timed(hanging, 1_000);
    const seen = expect(result).rejects.toEqual(new SyncNetworkError(TIMED_OUT));
    await vi.advanceTimersByTimeAsync(999);
    await vi.advanceTimersByTimeAsync(1);
    await seen;
    await expect(result).rejects.toBeInstanceOf(SyncNetworkError);
  });

  it('answers and refusals within the time pass through untouched', async () => {
    await expect(timed(async () => 'ok', 1_000)).resolves.toBe('ok');
    const refused = new Error('refused by the server');
    await expect(timed(async () => Promise.reject(refused), 1_000)).rejects.toBe(refused);
  });

  it('an upload that keeps making progress is never cut; one that stalls is', () => {
    vi.useFakeTimers();
    const guard = stallGuard(1_000);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(900);
      guard.touch();
    }
    expect(guard.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(guard.signal.aborted).toBe(true);
    guard.done();
  });
});
