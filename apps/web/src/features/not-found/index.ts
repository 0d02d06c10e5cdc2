// The page for an address no route matches; app/router.tsx puts its route last.
import type { RouteObject } from 'react-router';

export const notFoundRoutes: RouteObject[] = [{ path: '*', lazy: () => import('./NotFoundPage') }];

export { notFoundStrings } from './strings';
