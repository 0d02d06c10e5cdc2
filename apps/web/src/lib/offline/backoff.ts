/**
 * Retry schedule of the sync loop after a network failure (decisions.md "Offline (issue 6)"): 2 s, then
 * doubling, capped at 5 minutes. The browser's `online` event and the Sync button reset it.
 */
export const BACKOFF_FIRST_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** The wait before retry number `failures` (1 = after the first failure). */
export function backoffDelay(failures: number): number {
  if (failures <= 0) return 0;
  const delay = BACKOFF_FIRST_MS * 2 ** (failures - 1);
  return Math.min(BACKOFF_MAX_MS, delay);
}
