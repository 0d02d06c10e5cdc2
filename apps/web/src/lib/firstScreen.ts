/**
 * "The first screen is up": the moment background work of a fresh page may start (the offline boot, the
 * sync loop, the device preparation, the toasts' code) without competing with the screen the user is
 * waiting for (bench "home cold": on the 2-core test machine the renderer's main thread is the limit).
 * app/Providers.tsx decides it once per page: the session check has its answer (or the page opened on
 * login), then no query has been fetching for a short quiet spell, then the browser is idle; at the
 * latest FIRST_SCREEN_MAX_MS after the page started.
 */

/** Latest moment (ms after the page started) the deferred work starts when the screen never settles. */
export const FIRST_SCREEN_MAX_MS = 5000;
/** How long no query may be fetching before the screen counts as settled. */
const QUIET_MS = 250;
const POLL_MS = 50;

let settled = false;
let resolveUp: () => void = () => undefined;
const up = new Promise<void>((resolve) => {
  resolveUp = resolve;
});

/** Resolves once the first screen is up (immediately afterwards for the rest of the page's life). */
export function whenFirstScreenUp(): Promise<void> {
  return up;
}

export function isFirstScreenUp(): boolean {
  return settled;
}

function markUp(): void {
  if (settled) return;
  settled = true;
  resolveUp();
}

/**
 * Watches for the first screen to be up and marks it. `answered` says whether the session check has its
 * answer; `fetching` how many queries are fetching now. Returns a cancel function (for tests).
 */
export function watchFirstScreen(answered: () => boolean, fetching: () => number): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let quietSince: number | null = null;
  const latest = setTimeout(() => finish(), Math.max(0, FIRST_SCREEN_MAX_MS - performance.now()));
  const finish = () => {
    if (cancelled) return;
    cancelled = true;
    clearTimeout(latest);
    clearTimeout(timer);
    markUp();
  };
  const poll = () => {
    if (cancelled) return;
    const now = performance.now();
    if (!answered() || fetching() > 0) quietSince = null;
    else quietSince ??= now;
    if (quietSince !== null && now - quietSince >= QUIET_MS) {
      if ('requestIdleCallback' in window) requestIdleCallback(finish, { timeout: 1000 });
      else finish();
      return;
    }
    timer = setTimeout(poll, POLL_MS);
  };
  poll();
  return () => {
    cancelled = true;
    clearTimeout(latest);
    clearTimeout(timer);
  };
}
