import type { AppConfig } from '@nursery/domain/account';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { clearSignedInHint } from '../../lib/signedInHint';
import { configApi } from './api';

export const CONFIG_QUERY_KEY = ['config'] as const;

/**
 * What this page knows about the server session. A 401 while 'active' means "your session expired"
 * (go to login with a notice); a 401 before any config loaded only means "not logged in yet".
 */
type SessionState = 'none' | 'active' | 'expired';
let sessionState: SessionState = 'none';

export function markSessionSeen(): void {
  sessionState = 'active';
}

export function markSessionExpired(): void {
  sessionState = 'expired';
}

export function forgetSession(): void {
  sessionState = 'none';
}

export function getSessionState(): SessionState {
  return sessionState;
}

async function fetchConfig(): Promise<AppConfig> {
  try {
    const config = await configApi.get();
    markSessionSeen();
    return config;
  } catch (error) {
    if (isApiError(error, 401)) clearSignedInHint();
    throw error;
  }
}

const configQuery = {
  queryKey: CONFIG_QUERY_KEY,
  queryFn: fetchConfig,
  // Config changes rarely; it is refetched explicitly after a site switch or a PIN change.
  staleTime: 5 * 60_000,
  retry: (failureCount: number, error: unknown) => !isApiError(error) && failureCount < 2,
};

export function useConfigQuery() {
  return useQuery(configQuery);
}

/** The page's data block the server writes for a signed-in device (server modules/web-shell). */
const EMBEDDED_CONFIG_ID = 'nursery-config';

/**
 * The configuration the server put in the page (a device with a live session loading it from the
 * network: no call needed), read once and removed, so a later check always asks the server.
 */
export function takeEmbeddedConfig(): AppConfig | undefined {
  if (typeof document === 'undefined') return undefined;
  const block = document.getElementById(EMBEDDED_CONFIG_ID);
  if (!block) return undefined;
  block.remove();
  try {
    return JSON.parse(block.textContent ?? '') as AppConfig;
  } catch {
    return undefined;
  }
}

/**
 * The session check started before the first render (app/router.tsx, on a device that was signed in):
 * the router resolves the matched screen's code before it renders the session gate, so the check would
 * otherwise wait for that download. The answer, or undefined when there is none.
 */
export async function prefetchConfig(queryClient: QueryClient): Promise<AppConfig | undefined> {
  const embedded = takeEmbeddedConfig();
  if (embedded) {
    markSessionSeen();
    queryClient.setQueryData(CONFIG_QUERY_KEY, embedded);
    return embedded;
  }
  await queryClient.prefetchQuery(configQuery);
  return queryClient.getQueryData<AppConfig>(CONFIG_QUERY_KEY);
}

/** Where to come back to after login: only in-app paths, never another origin or the login page. */
export function safeNextPath(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/login')) return '/';
  return next;
}

export function loginPath(next: string, reason?: 'expired' | 'logged-out' | 'pin-attempts'): string {
  const params = new URLSearchParams();
  if (next && next !== '/' && !next.startsWith('/login')) params.set('next', next);
  if (reason) params.set('reason', reason);
  const search = params.toString();
  return search ? `/login?${search}` : '/login';
}
