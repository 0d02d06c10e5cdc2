/**
 * Registers the generated service worker (vite-plugin-pwa generateSW, sw.js at the app root) with
 * workbox-window. Loaded lazily after the first render (Providers), so it is not in the login bundle's
 * critical path. Updates are a prompt: a new worker waits until the user presses Reload in the version
 * notice (never an automatic reload while a form is dirty or a sync runs, see busy.ts).
 */
import { Workbox } from 'workbox-window';
import { isBusy } from './busy';
import { setServiceWorkerControls, setServiceWorkerState } from './serviceWorker';

/** How long Reload waits for a new worker to install or take control before reloading anyway. */
const UPDATE_WAIT_MS = 15_000;
/** A tablet left open all day still looks for a new build (the health check also triggers a look). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

let started = false;

export async function registerServiceWorker(): Promise<void> {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;

  const wb = new Workbox('./sw.js', { scope: './' });
  let reloadRequested = false;
  let waitingResolvers: Array<() => void> = [];
  const settleWaiting = () => {
    for (const resolve of waitingResolvers) resolve();
    waitingResolvers = [];
  };

  wb.addEventListener('installed', (event) => {
    if (!event.isUpdate) setServiceWorkerState({ status: 'active' });
  });
  wb.addEventListener('waiting', () => {
    setServiceWorkerState({ updateWaiting: true });
    settleWaiting();
  });
  wb.addEventListener('activated', (event) => {
    if (!event.isUpdate) setServiceWorkerState({ status: 'active' });
  });
  wb.addEventListener('controlling', () => {
    setServiceWorkerState({ controlled: true, updateWaiting: false, status: 'active' });
    // Another tab activated the new build: this page's lazy chunks may be gone from the cache, so reload
    // too, unless something here is busy (then the notice stays and the user decides).
    if (!reloadRequested && !isBusy() && navigator.serviceWorker.controller) window.location.reload();
  });

  const waitForWaiting = () =>
    new Promise<void>((resolve) => {
      waitingResolvers.push(resolve);
      setTimeout(resolve, UPDATE_WAIT_MS);
    });

  setServiceWorkerControls({
    activateWaiting: () =>
      new Promise<void>((resolve) => {
        reloadRequested = true;
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
        setTimeout(resolve, UPDATE_WAIT_MS);
        wb.messageSkipWaiting();
      }),
    checkForUpdate: async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      if (!registration) return false;
      if (registration.waiting) return true;
      await wb.update();
      if (registration.installing) await waitForWaiting();
      return !!registration.waiting;
    },
  });

  setServiceWorkerState({ status: 'installing', controlled: !!navigator.serviceWorker.controller });
  try {
    const registration = await wb.register();
    if (!registration) {
      setServiceWorkerState({ status: 'error' });
      return;
    }
    setServiceWorkerState({
      status: registration.active ? 'active' : 'installing',
      updateWaiting: !!registration.waiting && !!navigator.serviceWorker.controller,
    });
    setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
  } catch {
    setServiceWorkerState({ status: 'error' });
  }
}
