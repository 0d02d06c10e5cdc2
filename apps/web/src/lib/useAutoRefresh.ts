/**
 * A screen's refresh while it is open (the child and staff registers, spec 002 §4 and §9): a refetch
 * after `delay(errors)` (longer after consecutive failures), only while the page is visible and
 * `active` (online, with data); paused while hidden. Coming back to the page resumes the schedule, or
 * refreshes at once when `refreshOnVisible(lastAt, now)` says so (the staff register's debounced
 * visibility refresh).
 */
import { useEffect, useRef } from 'react';
import { now } from './clock';

export interface AutoRefreshOptions {
  active: boolean;
  /** Milliseconds to the next refresh after `errors` consecutive failed ones. */
  delay: (errors: number) => number;
  /** Whether coming back to the page refreshes at once (the last such refresh's time, now). */
  refreshOnVisible?: (lastAt: Date | null, at: Date) => boolean;
}

export function useAutoRefresh(
  refetch: () => Promise<{ isError: boolean }>,
  { active, delay, refreshOnVisible }: AutoRefreshOptions,
): void {
  // The latest callbacks, without restarting the schedule on every render.
  const latest = useRef({ refetch, delay, refreshOnVisible });
  latest.current = { refetch, delay, refreshOnVisible };

  useEffect(() => {
    if (!active || typeof document === 'undefined') return undefined;
    let errors = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let disposed = false;
    let lastVisibleRefresh: Date | null = null;
    const schedule = () => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => void run(), latest.current.delay(errors));
    };
    const run = async () => {
      timer = null;
      if (document.visibilityState !== 'visible') return;
      const result = await latest.current.refetch();
      if (disposed) return;
      errors = result.isError ? errors + 1 : 0;
      schedule();
    };
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') {
        if (timer !== null) clearTimeout(timer);
        timer = null;
        return;
      }
      const at = now();
      if (latest.current.refreshOnVisible?.(lastVisibleRefresh, at)) {
        lastVisibleRefresh = at;
        void run();
      } else schedule();
    };
    schedule();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      disposed = true;
      if (timer !== null) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active]);
}
