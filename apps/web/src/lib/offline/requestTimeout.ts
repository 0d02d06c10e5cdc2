/**
 * Time limits of the sync loop's requests. A request the network never answers (Wi-Fi gone
 * mid-request, a half-open connection) would hold the sync lock for ever: an event call gets
 * SYNC_REQUEST_TIMEOUT_MS in all, an upload SYNC_UPLOAD_STALL_MS without progress. Either counts as a
 * network failure (pending, backoff); the replay is safe (uuid and media id).
 */
import { SyncNetworkError } from './syncEngine';

export const SYNC_REQUEST_TIMEOUT_MS = 60_000;
export const SYNC_UPLOAD_STALL_MS = 60_000;
export const TIMED_OUT = 'The request timed out';

/** An AbortSignal that fires `ms` after the last `touch()` (or after the start). */
export function stallGuard(ms: number) {
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), ms);
  return {
    signal: controller.signal,
    touch() {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(), ms);
    },
    done() {
      clearTimeout(timer);
    },
  };
}

/** Runs one request under a time limit; running out rejects with SyncNetworkError. */
export async function timed<T>(
  request: (signal: AbortSignal) => Promise<T>,
  ms = SYNC_REQUEST_TIMEOUT_MS,
): Promise<T> {
  const guard = stallGuard(ms);
  try {
    return await request(guard.signal);
  } catch (error) {
    if (guard.signal.aborted) throw new SyncNetworkError(TIMED_OUT);
    throw error;
  } finally {
    guard.done();
  }
}
