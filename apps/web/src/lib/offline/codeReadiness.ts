/**
 * How much of the app's code is on this device (issue 27, "Offline from the first second"): the
 * service worker's precache entries stored so far out of those its manifest lists, and whether the
 * worker controls this page (only then do lazy screens' chunks and a new tab come from the device).
 * registerSW.ts fills it while the first worker installs; the shell's readiness banner reads it.
 */
import { useSyncExternalStore } from 'react';

export interface CodeReadiness {
  /** Precache entries stored so far (Cache Storage). */
  stored: number;
  /** Entries the worker's precache manifest lists; 0 while unknown. */
  total: number;
  /** A service worker controls this page. */
  controlled: boolean;
}

let state: CodeReadiness = {
  stored: 0,
  total: 0,
  controlled: typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller,
};
const listeners = new Set<() => void>();

export function getCodeReadiness(): CodeReadiness {
  return state;
}

export function setCodeReadiness(patch: Partial<CodeReadiness>): void {
  const next = { ...state, ...patch };
  if (next.stored === state.stored && next.total === state.total && next.controlled === state.controlled)
    return;
  state = next;
  for (const l of listeners) l();
}

export function useCodeReadiness(): CodeReadiness {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}

/**
 * The code's parts for a progress figure: every precache entry plus the worker taking control. Once
 * the worker controls the page, all of them are done (it activates only with its precache complete).
 */
export function codeParts(code: CodeReadiness): { done: number; total: number } {
  const total = Math.max(code.total, 1) + 1;
  if (code.controlled) return { done: total, total };
  return { done: Math.min(code.stored, total - 1), total };
}

/**
 * The number of distinct URLs in a generateSW worker's precache manifest (`precacheAndRoute([{url:"…",
 * revision:…},…])`). The build checks that this count matches what it precached (vite.config.ts).
 */
export function countPrecacheEntries(serviceWorkerSource: string): number {
  // A file may be listed twice (an icon both in includeAssets and the glob): it is stored once.
  return new Set([...serviceWorkerSource.matchAll(/\{url:"([^"]*)",revision:/g)].map((m) => m[1])).size;
}

/**
 * The files the installing page fetches into the HTTP cache too, in the build's order (the floor
 * screens first): the list vite.config.ts writes at the top of sw.js (`self.__NURSERY_WARM=[…];`).
 */
export function warmList(serviceWorkerSource: string): string[] {
  const list = /self\.__NURSERY_WARM=(\[[^\]]*\]);/.exec(serviceWorkerSource)?.[1];
  if (!list) return [];
  try {
    const urls: unknown = JSON.parse(list);
    return Array.isArray(urls) ? urls.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

/** Cache Storage names workbox-precaching uses (`workbox-precache-v2-<scope>`). */
export const PRECACHE_PREFIX = 'workbox-precache';
