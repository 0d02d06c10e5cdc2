/**
 * How much of the app's code is on this device (issue 27, "Offline from the first second"): the
 * service worker's precache entries stored so far out of those its manifest lists, and whether the
 * worker controls this page (only then do lazy screens' chunks and a new tab come from the device).
 * registerSW.ts fills it while the first worker installs; the shell's readiness banner reads it.
 */
import { CODE_CACHE_PREFIX } from '../../serviceWorker/precachePlan';
import { createStore, shallowEqual } from '../store';
import { useStore } from '../useStore';

export interface CodeReadiness {
  /** Precache entries stored so far (Cache Storage). */
  stored: number;
  /** Entries the worker's precache manifest lists; 0 while unknown. */
  total: number;
  /** A service worker controls this page. */
  controlled: boolean;
}

const codeReadiness = createStore<CodeReadiness>(
  {
    stored: 0,
    total: 0,
    controlled: typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller,
  },
  shallowEqual,
);

export function getCodeReadiness(): CodeReadiness {
  return codeReadiness.get();
}

export function setCodeReadiness(patch: Partial<CodeReadiness>): void {
  codeReadiness.update((state) => ({ ...state, ...patch }));
}

export function useCodeReadiness(): CodeReadiness {
  return useStore(codeReadiness);
}

/**
 * The code's parts for a progress figure: every file of the worker's manifest plus the worker taking
 * control. The worker takes control once the floor screens' files are stored and stores the rest
 * straight after (serviceWorker/sw.ts), so both count.
 */
export function codeParts(code: CodeReadiness): { done: number; total: number } {
  const files = Math.max(code.total, 1);
  return { done: Math.min(code.stored, files) + (code.controlled ? 1 : 0), total: files + 1 };
}

/** Whether every file is stored and the worker controls the page. */
export function codeComplete(code: CodeReadiness): boolean {
  return code.controlled && code.total > 0 && code.stored >= code.total;
}

/**
 * The number of distinct files in the worker's precache manifest (`[{"revision":…,"url":"…"},…]`,
 * injected by vite-plugin-pwa); the worker stores each once.
 */
export function countPrecacheEntries(serviceWorkerSource: string): number {
  return new Set([...serviceWorkerSource.matchAll(/"url":"([^"]*)"/g)].map((m) => m[1])).size;
}

/**
 * The floor screens' files, which the installing page also fetches into its HTTP cache: the list
 * vite.config.ts writes at the top of sw.js (`self.__NURSERY_FLOOR=[…];`).
 */
export function floorList(serviceWorkerSource: string): string[] {
  const list = /self\.__NURSERY_FLOOR=(\[[^\]]*\]);/.exec(serviceWorkerSource)?.[1];
  if (!list) return [];
  try {
    const urls: unknown = JSON.parse(list);
    return Array.isArray(urls) ? urls.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

/** The worker's code caches (one per build). */
export const PRECACHE_PREFIX = CODE_CACHE_PREFIX;
