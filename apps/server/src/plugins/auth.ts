// Session loading, the CSRF header rule, and the guards every route declares in its options:
// `preHandler: requireSession` or `preHandler: requirePermission('markOff')`.
import { createHash, randomBytes } from 'node:crypto';
import { type FlagValue, SESSION_LOCK_GRACE_MINUTES, sessionLockState } from '@nursery/domain/account';
import {
  asPersonID,
  asProviderID,
  asSiteID,
  asStaffID,
  type Permission,
  type PermissionMap,
  type PersonID,
  type ProviderID,
  permissionMap,
  type SiteID,
  type StaffID,
} from '@nursery/domain/common';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { AppError, forbidden, notLoggedIn } from '../lib/errors.ts';

export const SESSION_COOKIE = 'nursery_sid';
export const CSRF_HEADER_VALUE = 'nursery';
/** Sliding expiry is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;
/** A minute of a session timeout; e2e runs may shorten it (SESSION_MINUTE_MS, AppDeps.sessionMinuteMs). */
export const MINUTE_MS = 60_000;

/** A session timeout's length in milliseconds. */
export const timeoutMs = (minutes: number, minuteMs = MINUTE_MS) => minutes * minuteMs;

export interface AuthContext {
  sessionId: string;
  // Branded at the session boundary: the tenant and the user's ids come from the session row only,
  // and a query that asks for a ProviderID cannot be handed a site id or a number from the request.
  providerId: ProviderID;
  userId: number;
  personId: PersonID;
  staffId: StaffID | null;
  /** The session's current site, or null until the user picks one. */
  siteId: SiteID | null;
  /** The sites the user may work at. */
  siteIds: SiteID[];
  permissions: PermissionMap;
  /**
   * The provider's feature and server flags (enableEvents, enableSpotlight, text limits, ...), read with the
   * session in its one statement, so a route that checks a flag sends no statement of its own for it.
   */
  providerFlags: Record<string, FlagValue>;
  timeoutMinutes: number;
  /** The idle timeout in milliseconds (timeoutMinutes, unless e2e shortens the minute). */
  timeoutMs: number;
  /** Issue 30: idle past its timeout, kept for its user's PIN; only routes with `whileLocked` see it. */
  locked: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The cookie's session is locked (issue 30): a guarded route answers 401 err-session-locked. */
    sessionLocked: boolean;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newSessionToken = () => randomBytes(32).toString('base64url');

interface SessionRow {
  session_id: string;
  provider_id: number;
  user_id: number;
  person_id: number;
  staff_id: number | null;
  site_id: number | null;
  timeout_minutes: number;
  last_seen_at: Date | string;
  expires_at: Date | string;
  has_pin: boolean;
  site_ids: number[] | null;
  permissions: string[] | null;
  provider_flags: Record<string, FlagValue> | null;
}

/**
 * One round trip: the session, its user, staff row, sites, the union of role permissions and the
 * provider's flags. A session past its idle expiry is read within the lock's grace too (sessionLockState
 * decides what it is).
 */
export function sessionSql(sessionId: string, now: Date): SQL {
  const graceStart = new Date(now.getTime() - SESSION_LOCK_GRACE_MINUTES * 60_000);
  return sql`
    select s.id as session_id, s.provider_id, s.user_id, u.person_id, st.id as staff_id, s.site_id,
           s.timeout_minutes, s.last_seen_at, s.expires_at, u.pin_hash is not null as has_pin,
           -- The home site and the staff_sites accesses (issue 30: a member added in #/settings/staff has
           -- their home site in staff.site_id only, and must work there once activated).
           array(select x.site_id from (select ss.site_id from staff_sites ss
                                         where ss.provider_id = s.provider_id and ss.staff_id = st.id
                                        union select st.site_id where st.site_id is not null) x
                 order by x.site_id) as site_ids,
           array(select distinct unnest(r.permissions) from staff_roles sr
                 join roles r on r.provider_id = sr.provider_id and r.id = sr.role_id
                 where sr.provider_id = s.provider_id and sr.staff_id = st.id) as permissions,
           (select p.flags from providers p where p.id = s.provider_id) as provider_flags
    from server_sessions s
    join user_accounts u on u.provider_id = s.provider_id and u.id = s.user_id
    left join staff st on st.provider_id = u.provider_id and st.person_id = u.person_id
    where s.id = ${sessionId} and s.expires_at > ${graceStart.toISOString()} and not u.disabled`;
}

export async function loadSession(db: Db, sessionId: string, now: Date): Promise<SessionRow | undefined> {
  const result = await db.execute<SessionRow & Record<string, unknown>>(sessionSql(sessionId, now));
  return result.rows[0];
}

export interface AuthPluginOptions {
  db: Db;
  now: () => Date;
  /** A session-timeout minute in milliseconds (MINUTE_MS; e2e runs shorten it). */
  minuteMs?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route anyone may call without a staff session (health, login, logout). */
    public?: boolean;
    /** Issue 30: a route that sees a locked session (unlock, logout); every other one gets 401. */
    whileLocked?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a request may do is decided by the route the router matched (its pattern and config), never by
 * the raw URL: the router decodes percent-escapes (`/%61pi/v1/login` matches `/api/v1/login`), a
 * string test on `request.url` does not.
 */
export function matchedRoute(request: FastifyRequest): string | undefined {
  return request.routeOptions.url;
}

/** API and GraphQL routes read the session; static files and the web shell do not. */
export function isApiRoute(route: string | undefined): boolean {
  return route !== undefined && (route.startsWith('/api/') || route === '/graphql');
}

/** The OpenAPI viewer (`/api/docs`, `/api/docs/json`, its static files) describes the API to anyone. */
const isDocsRoute = (route: string) => route === '/api/docs' || route.startsWith('/api/docs/');

export const authPlugin = fp<AuthPluginOptions>(async (app, opts) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionLocked', false);

  app.addHook('onRequest', async (request) => {
    // CSRF: every state-changing request carries the header, whatever its path (matched or not), so an
    // HTML form or a text/plain fetch from another site can never log a tablet out or post anything.
    if (!SAFE_METHODS.has(request.method) && request.headers['x-requested-with'] !== CSRF_HEADER_VALUE) {
      throw new AppError(403, 'err-csrf', 'Missing X-Requested-With header.');
    }
    const route = matchedRoute(request);
    if (!isApiRoute(route)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.auth = await sessionOf(opts, token);
    // A locked session is no session to any route but those that unlock or end it (issue 30).
    if (request.auth?.locked && !request.routeOptions.config.whileLocked) {
      request.auth = null;
      request.sessionLocked = true;
    }
    // Deny by default, before the body is read or validated: every REST route needs a staff session
    // unless its options say `public: true`, so a route that forgets its guard is closed, not open.
    // Routes still declare their permission guards (`requirePermission`); GraphQL checks the session
    // in its own plugin (GraphQL answers have their own error shape).
    if (route!.startsWith('/api/') && !isDocsRoute(route!) && !request.routeOptions.config.public) {
      staffAuth(request);
    }
  });
});

/** The session of a session cookie's token (touched as any API call touches it), or null. */
export async function sessionOf(opts: AuthPluginOptions, token: string): Promise<AuthContext | null> {
  const now = opts.now();
  const row = await loadSession(opts.db, hashToken(token), now);
  if (!row) return null;
  const state = sessionLockState(new Date(row.expires_at), now, row.has_pin);
  if (state === 'over') return null;
  const idleMs = timeoutMs(row.timeout_minutes, opts.minuteMs);
  // A locked session is not touched: only the unlock gives it a new expiry. A short (e2e) timeout is
  // touched more often than every minute, so it slides as a real one does.
  const touchEvery = Math.min(TOUCH_INTERVAL_MS, idleMs / 10);
  if (state === 'live' && now.getTime() - new Date(row.last_seen_at).getTime() > touchEvery) {
    const expires = new Date(now.getTime() + idleMs);
    await opts.db.execute(
      sql`update server_sessions set last_seen_at = ${now.toISOString()}, expires_at = ${expires.toISOString()}
          where id = ${row.session_id}`,
    );
  }
  return {
    sessionId: row.session_id,
    providerId: asProviderID(row.provider_id),
    userId: row.user_id,
    personId: asPersonID(row.person_id),
    staffId: row.staff_id === null ? null : asStaffID(row.staff_id),
    siteId: row.site_id === null ? null : asSiteID(row.site_id),
    siteIds: (row.site_ids ?? []).map((id) => asSiteID(Number(id))),
    permissions: permissionMap([{ permissions: row.permissions ?? [] }]),
    // Typed loosely by the column; the answer schema (Flags) checks the values when serialising.
    providerFlags: row.provider_flags ?? {},
    timeoutMinutes: row.timeout_minutes,
    timeoutMs: idleMs,
    locked: state === 'locked',
  };
}

/** The session of a guarded route (throws if a route forgot its guard). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw notLoggedIn();
  return request.auth;
}

export const sessionLocked = () =>
  new AppError(401, 'err-session-locked', 'The session is locked. Enter your PIN to continue.');

function staffAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw request.sessionLocked ? sessionLocked() : notLoggedIn();
  if (request.auth.staffId === null)
    throw new AppError(403, 'err-no-staff-access', 'This account does not have staff access.');
  return request.auth;
}

/** A staff session: contact-only accounts never reach the staff API. */
export const requireSession: preHandlerAsyncHookHandler = async (
  request: FastifyRequest,
  _reply: FastifyReply,
) => {
  staffAuth(request);
};

export function requirePermission(...needed: Permission[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const auth = staffAuth(request);
    if (!needed.every((p) => auth.permissions[p])) throw forbidden();
  };
}

/** Whether a site id (from the request or a row) is one of the sites the session may work at. */
export function mayUseSite(auth: AuthContext, siteId: number): siteId is SiteID {
  return (auth.siteIds as readonly number[]).includes(siteId);
}

/** A site id from the client: one of the user's sites, otherwise 404 (never reveal other tenants). */
export function assertSite(auth: AuthContext, siteId: number): SiteID {
  if (!mayUseSite(auth, siteId)) throw new AppError(404, 'err-not-found', 'Site not found.');
  return siteId;
}
