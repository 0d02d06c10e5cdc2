/**
 * The floor screens' code, loaded into the page as soon as the first screen is up (issue 27, "Offline
 * from the first second"): a practitioner may lose the network a second after Home appears, before the
 * service worker controls the page, and Add, Drafts, Sync and both registers must still open in this
 * tab. The same screens the worker stores first (vite.config.ts FLOOR_SCREENS).
 */
import type { RouteObject } from 'react-router';
import { draftsRoutes } from '../features/drafts';
import { eventsRoutes } from '../features/events';
import { registerRoutes } from '../features/register';
import { staffRegisterRoutes } from '../features/staff-register';
import { syncRoutes } from '../features/sync';

const FLOOR_ROUTES: ReadonlyArray<readonly [RouteObject[], string]> = [
  [eventsRoutes, 'add'],
  [draftsRoutes, 'draft/:eventID?'],
  [registerRoutes, 'register/:date?'],
  [staffRegisterRoutes, 'staff-register/:siteID?/:tab?/:date?'],
  [syncRoutes, 'sync'],
];

/** Each floor screen's module loader, as its route declares it (a renamed route fails here, in tests). */
export function floorScreenLoaders(): Array<() => Promise<unknown>> {
  return FLOOR_ROUTES.map(([routes, path]) => {
    const lazy = routes.find((route) => route.path === path)?.lazy;
    if (typeof lazy !== 'function') throw new Error(`floor screen ${path} has no lazy route`);
    return lazy as () => Promise<unknown>;
  });
}

/** Imports each floor screen's module (the router's own lazy call then resolves at once). */
export function loadFloorScreens(): Promise<unknown> {
  return Promise.allSettled(floorScreenLoaders().map((load) => load()));
}
