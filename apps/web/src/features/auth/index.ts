// The auth feature: log-in, the session (config, current site, permissions) and log-out. The login
// route is in the first bundle (not lazy): it is the page a logged-out tablet opens on.
import type { RouteObject } from 'react-router';
import { LoginPage } from './LoginPage';

/** Outside the app shell and the session gate. */
export const authRoutes: RouteObject[] = [{ path: 'login', Component: LoginPage }];

export { sessionApi } from './api';
export { logOutConfirmingWaitingWork } from './confirmLogout';
export { type Session, useSession } from './SessionContext';
export { FullPageLoader, SessionGate } from './SessionGate';
export { SessionWatcher } from './SessionWatcher';
export { CONFIG_QUERY_KEY, getSessionState, prefetchConfig } from './session';
export { authStrings } from './strings';
export { useAfterLogin } from './useLogin';
export { useLogout } from './useLogout';
export { useSwitchSite } from './useSwitchSite';
