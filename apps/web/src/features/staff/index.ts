// The staff resource: its page (#/staff/{id}, a lazy route; its strings load with it) and the client
// other features use.
import type { RouteObject } from 'react-router';

export { staffApi } from './api';
export { siteStaffQuery, staffKeys } from './queries';

export const staffRoutes: RouteObject[] = [{ path: 'staff/:id', lazy: () => import('./StaffPage') }];

// The screen's own strings load with it; the type lets app/i18n.ts type their keys.
export type StaffPageStrings = typeof import('./strings').staffPageStrings;
