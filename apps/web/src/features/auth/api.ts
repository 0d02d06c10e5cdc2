// The session's calls: log-in and log-out, the site of the session, and the app's configuration (the
// user, the sites, the event types and statuses the screens are built from). Typed by the domain's
// contracts (imported as types only).
import type {
  chooseSessionSite,
  getConfig,
  LoginRequest,
  logIn,
  logOut,
  logOutEverywhere,
  SessionTimeoutOption,
  setSessionTimeout,
  unlockSession,
} from '@nursery/domain/account';
import { routes } from '@nursery/domain/common';
import { callRoute } from '../../lib/api';

export const sessionApi = {
  /** POST api/v1/login with the SHA-512 hex of the password; a wrong one answers 401 (not an expiry). */
  login: (body: LoginRequest) =>
    callRoute<typeof logIn>(routes.logIn, { body, skipUnauthorizedHandling: true }),
  /** POST api/v1/logout (204). */
  logout: () =>
    callRoute<typeof logOut>(
      routes.logOut,
      // Sent while every other request is held (useLogout, issue 27).
      { skipUnauthorizedHandling: true, endsSession: true },
    ),
  /** POST api/v1/logout/everywhere (204): every session of the user ends, this one too (issue 30). */
  logoutEverywhere: () =>
    callRoute<typeof logOutEverywhere>(routes.logOutEverywhere, {
      skipUnauthorizedHandling: true,
      endsSession: true,
    }),
  /** POST api/v1/session/site (204): the site the session works in. */
  switchSite: (siteID: number) =>
    callRoute<typeof chooseSessionSite>(routes.chooseSessionSite, { body: { siteID } }),
  /** POST api/v1/timeout: the user's session timeout, applied to this session at once. */
  setTimeout: (timeout: SessionTimeoutOption) =>
    callRoute<typeof setSessionTimeout>(routes.setSessionTimeout, { body: { timeout } }),
  /** POST api/v1/session/unlock: sent while the locked app holds every other request (issue 30). */
  unlock: (PIN: string) =>
    callRoute<typeof unlockSession>(routes.unlockSession, { body: { PIN }, unlocksSession: true }),
};

export const configApi = {
  /** GET api/v1/config: everything the shell needs after log-in. */
  get: () => callRoute<typeof getConfig>(routes.getConfig),
};
