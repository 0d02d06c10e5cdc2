/**
 * Whether this device may hold a read cache copy to restore (issue 13, "first screen weight"): set in
 * localStorage once a session went live here (config fetched; lib/offline/persist.ts writes a copy only
 * then), removed when a restore finds none. Without it (a new device, a logged-out one) the first
 * screen waits for neither Dexie (app/Providers.tsx, cache.ts) nor the signed-in screens' code
 * (app/router.tsx). Unreadable storage counts as "may": everything then starts as it did before.
 */
const DEVICE_COPY_HINT = 'nursery.mayHaveDeviceCopy';

export function mayHaveDeviceCopy(): boolean {
  try {
    return localStorage.getItem(DEVICE_COPY_HINT) !== null;
  } catch {
    return true;
  }
}

export function setDeviceCopyHint(present: boolean): void {
  try {
    if (present) localStorage.setItem(DEVICE_COPY_HINT, '1');
    else localStorage.removeItem(DEVICE_COPY_HINT);
  } catch {
    // No storage: every start restores first.
  }
}
