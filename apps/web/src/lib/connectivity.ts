import { routes } from '@nursery/domain/common';
import { createStore } from './store';
import { useStore } from './useStore';

/**
 * Whether the app believes it is offline. A failed request (not `navigator.onLine`, which lies on
 * captive Wi-Fi) marks it offline; any answer from the server marks it online again. The browser's
 * `offline`/`online` events are honoured too, because they are the quickest signal on a tablet.
 */
/** How often to re-check the server while offline (spec: "not shown"; a quiet probe every 15 s). */
export const OFFLINE_PROBE_INTERVAL_MS = 15_000;
// Relative like every request (served from './'); a plain fetch: lib/api.ts reports to this module.
const HEALTH_PATH = routes.getHealth.path.replace(/^\//, '');

const offline = createStore(false);
let probeTimer: ReturnType<typeof setInterval> | null = null;

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
  if (offline.get()) return;
  startProbing();
  offline.set(true);
}

export function markOnline(): void {
  if (!offline.get()) return;
  stopProbing();
  offline.set(false);
}

export function isOffline(): boolean {
  return offline.get();
}

export const subscribeConnectivity = offline.subscribe;

export function useIsOffline(): boolean {
  return useStore(offline, false);
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', markOffline);
  window.addEventListener('online', markOnline);
}
