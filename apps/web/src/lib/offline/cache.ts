/**
 * The small, always-loaded entry to the read cache: the logout and session-expiry paths call
 * dropPersistedCache without pulling Dexie and the persister into the login bundle. The children's
 * photos cached for offline use (photoCache.ts) go with it.
 */
import { mayHaveDeviceCopy } from './deviceCopyHint';

export function dropPersistedCache(): Promise<void> {
  // A device where no session ever went live has no copy (deviceCopyHint.ts): no Dexie for a first 401.
  if (!mayHaveDeviceCopy()) return Promise.resolve();
  return Promise.all([
    import('./persist').then((m) => m.clearPersistedCache()),
    // Its own chunk: the photo cache's code is not needed before login.
    import('./photoCache').then((m) => m.clearPhotoCache()),
  ]).then(
    () => undefined,
    () => undefined,
  );
}
