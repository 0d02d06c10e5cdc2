/**
 * Browser storage facts for the offline store (issue 6): ask once per login session that our
 * IndexedDB is kept (`navigator.storage.persist()`), and read usage and quota for the device page.
 * Failures are ignored: a browser that refuses still works, it may just evict the cache under pressure.
 */
let requested = false;

export async function requestPersistentStorage(): Promise<boolean | null> {
  if (requested) return null;
  requested = true;
  try {
    if (typeof navigator === 'undefined' || !navigator.storage?.persist) return null;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return null;
  }
}

/** The next login asks again (logout and session expiry call this). */
export function resetPersistentStorageRequest(): void {
  requested = false;
}

export interface StorageFacts {
  /** null when the browser does not say. */
  persistent: boolean | null;
  usageBytes: number | null;
  quotaBytes: number | null;
}

export async function storageFacts(): Promise<StorageFacts> {
  const facts: StorageFacts = { persistent: null, usageBytes: null, quotaBytes: null };
  if (typeof navigator === 'undefined' || !navigator.storage) return facts;
  try {
    if (navigator.storage.persisted) facts.persistent = await navigator.storage.persisted();
  } catch {
    // Unknown stays null.
  }
  try {
    if (navigator.storage.estimate) {
      const estimate = await navigator.storage.estimate();
      facts.usageBytes = estimate.usage ?? null;
      facts.quotaBytes = estimate.quota ?? null;
    }
  } catch {
    // Unknown stays null.
  }
  return facts;
}

/** Bytes as megabytes with one decimal place ("0.4", "1,234.5"); null stays null. */
export function toMegabytes(bytes: number | null): string | null {
  if (bytes === null || !Number.isFinite(bytes)) return null;
  return (bytes / (1024 * 1024)).toLocaleString('en-GB', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}
