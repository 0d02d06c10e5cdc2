/**
 * What the page knows about its service worker (issue 6), as a tiny store without workbox: the
 * registration module (registerSW.ts, loaded after first render) fills it; the version notice and the
 * device page read it. `applyUpdate` activates a waiting worker and reloads once it controls the page.
 */
import { createStore, shallowEqual } from '../store';
import { useStore } from '../useStore';

export type ServiceWorkerStatus =
  | 'unsupported'
  | 'none' // not registered (yet)
  | 'installing'
  | 'active'
  | 'error';

export interface ServiceWorkerState {
  status: ServiceWorkerStatus;
  /** A new version is installed and waiting for the user's reload. */
  updateWaiting: boolean;
  /** Whether a service worker controls this page (false on the very first visit). */
  controlled: boolean;
}

/** What registerSW.ts plugs in once workbox-window is loaded. */
export interface ServiceWorkerControls {
  /** Tells the waiting worker to take over; resolves once it controls the page (or at a timeout). */
  activateWaiting: () => Promise<void>;
  /** Asks the server for a newer sw.js; resolves true when a new version ends up waiting. */
  checkForUpdate: () => Promise<boolean>;
}

const serviceWorker = createStore<ServiceWorkerState>(
  {
    status: typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? 'none' : 'unsupported',
    updateWaiting: false,
    controlled: typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller,
  },
  shallowEqual,
);
let controls: ServiceWorkerControls | null = null;

export function getServiceWorkerState(): ServiceWorkerState {
  return serviceWorker.get();
}

export function setServiceWorkerState(patch: Partial<ServiceWorkerState>): void {
  serviceWorker.update((state) => ({ ...state, ...patch }));
}

export function setServiceWorkerControls(value: ServiceWorkerControls): void {
  controls = value;
}

export const subscribeServiceWorker = serviceWorker.subscribe;

export function useServiceWorker(): ServiceWorkerState {
  return useStore(serviceWorker);
}

/** Ask for a newer worker now (e.g. the server reports a newer version); never reloads. */
export function checkForServiceWorkerUpdate(): Promise<boolean> {
  return controls ? controls.checkForUpdate().catch(() => false) : Promise.resolve(false);
}

/**
 * The Reload button: with a service worker, the new build must be installed and activated first, or the
 * reload would show the cached old one. Otherwise a plain reload fetches the server's current files.
 */
export async function applyUpdate(): Promise<void> {
  if (controls) {
    try {
      if (serviceWorker.get().updateWaiting || (await controls.checkForUpdate()))
        await controls.activateWaiting();
    } catch {
      // Reload anyway: the worker will update on a later start.
    }
  }
  window.location.reload();
}
