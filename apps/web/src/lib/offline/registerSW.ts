/**
 * Registers the app's service worker (src/serviceWorker/sw.ts, built to sw.js at the app root) with
 * workbox-window. Loaded lazily after the first render (Providers), or as soon as a signed-in shell
 * starts (app/router.tsx, app/SignedInShell.tsx), so it is not in the login bundle's critical path.
 * The first worker takes control at once, as soon as the floor screens' files are stored (issue 27),
 * and stores the rest straight after: the page follows how far it got for the readiness banner.
 * Updates are a prompt: a new worker waits until the user presses Reload
 * in the version notice (never an automatic reload while a form is dirty or a sync runs, see busy.ts).
 */
import { Workbox } from 'workbox-window';
import { isBusy } from './busy';
import {
  codeComplete,
  countPrecacheEntries,
  floorList,
  getCodeReadiness,
  PRECACHE_PREFIX,
  setCodeReadiness,
} from './codeReadiness';
import { setServiceWorkerControls, setServiceWorkerState } from './serviceWorker';

/** How long Reload waits for a new worker to install or take control before reloading anyway. */
const UPDATE_WAIT_MS = 15_000;
/** A tablet left open all day still looks for a new build (the health check also triggers a look). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

/** How often the code's progress is read from Cache Storage until every file is stored. */
const PROGRESS_POLL_MS = 250;
/** Files fetched at once by the page's warm-up (a browser opens about six connections to one server). */
const WARM_CONCURRENCY = 6;

let started = false;

/** Files stored in the worker's code cache so far. */
async function storedCodeFiles(): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  let stored = 0;
  for (const name of await caches.keys()) {
    if (name.startsWith(PRECACHE_PREFIX))
      stored = Math.max(stored, (await (await caches.open(name)).keys()).length);
  }
  return stored;
}

/**
 * Fetches the floor screens' files into the HTTP cache (the server marks them immutable), several at a
 * time, alongside the worker: until the worker controls this page, its lazy screens are answered from
 * the HTTP cache, even offline.
 */
async function warmHttpCache(urls: readonly string[]): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < urls.length && !navigator.serviceWorker.controller) {
      const url = urls[next++] as string;
      try {
        await (await fetch(url, { credentials: 'same-origin' })).arrayBuffer();
      } catch {
        // Offline or refused: the worker stores it when the network is back.
      }
    }
  };
  await Promise.all(Array.from({ length: WARM_CONCURRENCY }, lane));
}

/**
 * Back online before every file is stored: the controlling worker stores the rest; a first worker
 * whose install failed (the network went before the floor's files were stored) is installed again,
 * keeping the files it stored.
 */
function askForTheRest(): void {
  const controller = navigator.serviceWorker.controller;
  if (controller) {
    controller.postMessage({ type: 'FILL_CODE' });
    return;
  }
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => {
      if (registration?.installing || registration?.waiting || registration?.active) return undefined;
      return navigator.serviceWorker.register('./sw.js', { scope: './' });
    })
    .catch(() => undefined);
}

/**
 * Follows how much of the code is on the device (codeReadiness.ts, for the readiness banner) until
 * every file is stored and the worker controls the page.
 */
function followCode(scriptURL: string): void {
  void fetch(scriptURL, { cache: 'no-store' })
    .then((res) => (res.ok ? res.text() : ''))
    .then((source) => {
      setCodeReadiness({ total: countPrecacheEntries(source) });
      if (!navigator.serviceWorker.controller) return warmHttpCache(floorList(source));
      return undefined;
    })
    .catch(() => undefined);
  window.addEventListener('online', askForTheRest);
  const poll = () => {
    void storedCodeFiles()
      .then((stored) => setCodeReadiness({ stored, controlled: !!navigator.serviceWorker.controller }))
      .catch(() => undefined)
      .finally(() => {
        if (codeComplete(getCodeReadiness())) {
          window.removeEventListener('online', askForTheRest);
          return;
        }
        setTimeout(poll, PROGRESS_POLL_MS);
      });
  };
  poll();
}

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
  // The first worker could not install (the network went before the floor's files were stored): it is
  // tried again at the next start, keeping what it stored; the banner says the device is not ready.
  wb.addEventListener('controlling', (event) => {
    setServiceWorkerState({ controlled: true, updateWaiting: false, status: 'active' });
    setCodeReadiness({ controlled: true });
    // The first worker claiming this page (clientsClaim) changes nothing on screen: no reload.
    if (!event.isUpdate) return;
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
  followCode(new URL('./sw.js', window.location.href).href);
  try {
    // At once, not at the window's load event: the device is ready offline as fast as the network allows.
    const registration = await wb.register({ immediate: true });
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
