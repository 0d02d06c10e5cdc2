/**
 * The small, always-loaded entry to the read cache: the logout and session-expiry paths call
 * dropPersistedCache without pulling Dexie and the persister into the login bundle.
 */
export function dropPersistedCache(): Promise<void> {
  return import('./persist').then((m) => m.clearPersistedCache()).catch(() => undefined);
}
