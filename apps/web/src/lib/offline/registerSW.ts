/**
 * Registers the generated service worker (vite-plugin-pwa generateSW, sw.js at the app root) with
 * workbox-window. Loaded lazily after the first render (Providers), or as soon as a signed-in shell
 * starts (app/router.tsx, app/SignedInShell.tsx), so it is not in the login bundle's critical path.
 * The first worker takes control at once (clientsClaim, issue 27): the page that installed it gets its
 * lazy screens from the device. Updates are a prompt: a new worker waits until the user presses Reload
 * in the version notice (never an automatic reload while a form is dirty or a sync runs, see busy.ts).
 */
import { Workbox } from 'workbox-window';
import { isBusy } from './busy';
import { countPrecacheEntries, PRECACHE_PREFIX, setCodeReadiness, warmList } from './codeReadiness';
import { setServiceWorkerControls, setServiceWorkerState } from './serviceWorker';

/** How long Reload waits for a new worker to install or take control before reloading anyway. */
const UPDATE_WAIT_MS = 15_000;
/** A tablet left open all day still looks for a new build (the health check also triggers a look). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

/** How often the code's progress is read from Cache Storage while the first worker installs. */
const PROGRESS_POLL_MS = 250;

let started = false;
/** Whether the first install is still being followed (false once it controls or failed). */
let following = false;

/** Precache entries stored so far (the worker stores them one by one while it installs). */
async function storedPrecacheEntries(): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  let stored = 0;
  for (const name of await caches.keys()) {
    if (name.startsWith(PRECACHE_PREFIX)) stored += (await (await caches.open(name)).keys()).length;
  }
  return stored;
}

/** Files fetched at once by the page's warm-up (a browser opens about six connections to one server). */
const WARM_CONCURRENCY = 6;

/**
 * Fetches the build's hashed files into the HTTP cache (the server marks them immutable), several at a
 * time, the floor screens first, alongside the worker's own warm-up (vite.config.ts): until the worker
 * controls this page, its lazy screens are answered from the HTTP cache, even offline.
 */
async function warmHttpCache(urls: readonly string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < urls.length && following) {
      const url = urls[next++] as string;
      try {
        await (await fetch(url, { credentials: 'same-origin' })).arrayBuffer();
      } catch {
        // Offline or refused: the worker's install tries again.
      }
    }
  };
  await Promise.all(Array.from({ length: WARM_CONCURRENCY }, worker));
}

/** Follows the first worker's install for the readiness banner (codeReadiness.ts) until it controls. */
function followFirstInstall(scriptURL: string): void {
  void fetch(scriptURL, { cache: 'no-store' })
    .then((res) => (res.ok ? res.text() : ''))
    .then((source) => {
      setCodeReadiness({ total: countPrecacheEntries(source) });
      return warmHttpCache(warmList(source));
    })
    .catch(() => undefined);
  following = true;
  const poll = () => {
    if (navigator.serviceWorker.controller) {
      following = false;
      setCodeReadiness({ controlled: true });
      return;
    }
    if (!following) return;
    void storedPrecacheEntries()
      .then((stored) => setCodeReadiness({ stored }))
      .catch(() => undefined)
      .finally(() => setTimeout(poll, PROGRESS_POLL_MS));
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
  // The first worker could not install (the network went while it fetched the precache): it is tried
  // again at the next start; the banner keeps saying the device is not ready.
  wb.addEventListener('redundant', (event) => {
    if (!event.isUpdate) following = false;
  });
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
  if (!navigator.serviceWorker.controller) followFirstInstall(new URL('./sw.js', window.location.href).href);
  try {
    // At once, not at the window's load event: the device is ready offline as fast as the network allows.
    const registration = await wb.register({ immediate: true });
    if (!registration) {
      following = false;
      setServiceWorkerState({ status: 'error' });
      return;
    }
    setServiceWorkerState({
      status: registration.active ? 'active' : 'installing',
      updateWaiting: !!registration.waiting && !!navigator.serviceWorker.controller,
    });
    setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
  } catch {
    following = false;
    setServiceWorkerState({ status: 'error' });
  }
}
