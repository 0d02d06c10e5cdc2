// The first screen's later chunks (issue 13, "first screen weight"): named here so the places that use
// them and the places that fetch them early share one import each.

/** The signed-in shell: app shell, dialogs' provider, the rest of Mantine's CSS (app/router.tsx). */
export const loadSignedInShell = () => import('./SignedInShell');

/** The toasts' stack (app/RootRoute.tsx mounts it): prefetched by the shell, or fetched by the first toast. */
export const loadNotifications = () => import('./AppNotifications');

/** The service worker's registration (lib/offline/registerSW.ts; idempotent): the shell starts it early. */
export const registerServiceWorkerNow = () =>
  import('../lib/offline/registerSW').then((m) => m.registerServiceWorker()).catch(() => undefined);
