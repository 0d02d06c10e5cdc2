import { Outlet } from 'react-router';
import { SessionWatcher } from '../features/auth';

/** Wraps every route (login included) so a 401 from anywhere can send the user back to login. */
export function RootRoute() {
  return (
    <>
      <SessionWatcher />
      <Outlet />
    </>
  );
}
