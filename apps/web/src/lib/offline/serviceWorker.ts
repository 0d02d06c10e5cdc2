/**
 * What the page knows about its service worker (issue 6), as a tiny store without workbox: the
 * registration module (registerSW.ts, loaded after first render) fills it; the version notice and the
 * device page read it. `applyUpdate` activates a waiting worker and reloads once it controls the page.
 */
import { useSyncExternalStore } from 'react';

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

type Listener = () => void;

let state: ServiceWorkerState = {
  status: typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? 'none' : 'unsupported',
  updateWaiting: false,
  controlled: typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller,
};
let controls: ServiceWorkerControls | null = null;
const listeners = new Set<Listener>();

export function getServiceWorkerState(): ServiceWorkerState {
  return state;
}

export function setServiceWorkerState(patch: Partial<ServiceWorkerState>): void {
  const next = { ...state, ...patch };
  if (
    next.status === state.status &&
    next.updateWaiting === state.updateWaiting &&
    next.controlled === state.controlled
  ) {
    return;
  }
  state = next;
  for (const listener of listeners) listener();
}

export function setServiceWorkerControls(value: ServiceWorkerControls): void {
  controls = value;
}

export function subscribeServiceWorker(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useServiceWorker(): ServiceWorkerState {
  return useSyncExternalStore(subscribeServiceWorker, getServiceWorkerState, getServiceWorkerState);
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
      if (state.updateWaiting || (await controls.checkForUpdate())) await controls.activateWaiting();
    } catch {
      // Reload anyway: the worker will update on a later start.
    }
  }
  window.location.reload();
}
