/**
 * "Busy, try again later" answers (the server's request queue answers 503 err-busy with Retry-After, a
 * rate limit 429) for background work that asks again by itself: the offline preparation and its
 * photo warming. The sync engine leaves such an item pending with its own backoff instead.
 */

/** A busy server (503, 429) is asked again this many times, after its Retry-After (at most 5 s). */
export const BUSY_RETRIES = 2;

/** Whether an answer says "busy, try again later" (the request queue's 503, a rate limit's 429). */
export function isBusyStatus(status: number): boolean {
  return status === 503 || status === 429;
}

/** Milliseconds to wait before asking a busy server again: its Retry-After, 1-5 s. */
export function busyDelayMs(retryAfter: string | null, attempt: number): number {
  const seconds = Number(retryAfter);
  const ms = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000 * (attempt + 1);
  return Math.min(5000, Math.max(1000, ms));
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
