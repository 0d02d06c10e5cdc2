// The session's calls: log-in and log-out, the site of the session, and the app's configuration (the
// user, the sites, the event types and statuses the screens are built from).
import type { AppConfig, Me } from '@nursery/domain';
import { api } from '../../lib/api';

export const sessionApi = {
  /** POST api/v1/login with the SHA-512 hex of the password; a wrong one answers 401 (not an expiry). */
  login: (body: { email: string; password: string }) =>
    api.post<Me>('api/v1/login', body, { skipUnauthorizedHandling: true }),
  /** POST api/v1/logout (204). */
  logout: () => api.post<void>('api/v1/logout', undefined, { skipUnauthorizedHandling: true }),
  /** POST api/v1/session/site (204): the site the session works in. */
  switchSite: (siteID: number) => api.post<void>('api/v1/session/site', { siteID }),
};

export const configApi = {
  /** GET api/v1/config: everything the shell needs after log-in. */
  get: () => api.get<AppConfig>('api/v1/config'),
};
