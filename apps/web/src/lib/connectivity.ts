import { routes } from '@nursery/domain';
import { useSyncExternalStore } from 'react';

/**
 * Whether the app believes it is offline. A failed request (not `navigator.onLine`, which lies on
 * captive Wi-Fi) marks it offline; any answer from the server marks it online again. The browser's
 * `offline`/`online` events are honoured too, because they are the quickest signal on a tablet.
 */
type Listener = () => void;

/** How often to re-check the server while offline (spec: "not shown"; a quiet probe every 15 s). */
export const OFFLINE_PROBE_INTERVAL_MS = 15_000;
// Relative like every request (served from './'); a plain fetch: lib/api.ts reports to this module.
const HEALTH_PATH = routes.getHealth.path.replace(/^\//, '');

let offline = false;
let probeTimer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

async function probe(): Promise<void> {
  try {
    const response = await fetch(HEALTH_PATH, { credentials: 'same-origin', cache: 'no-store' });
    if (response.ok) markOnline();
  } catch {
    // Still offline: the next tick tries again.
  }
}

function startProbing(): void {
  if (probeTimer !== null || typeof window === 'undefined') return;
  probeTimer = setInterval(() => void probe(), OFFLINE_PROBE_INTERVAL_MS);
}

function stopProbing(): void {
  if (probeTimer === null) return;
  clearInterval(probeTimer);
  probeTimer = null;
}

export function markOffline(): void {
  if (offline) return;
  offline = true;
  startProbing();
  emit();
}

export function markOnline(): void {
  if (!offline) return;
  offline = false;
  stopProbing();
  emit();
}

export function isOffline(): boolean {
  return offline;
}

export function subscribeConnectivity(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useIsOffline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOffline, () => false);
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', markOffline);
  window.addEventListener('online', markOnline);
}
