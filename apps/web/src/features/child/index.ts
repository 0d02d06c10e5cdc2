// The child page (#/child/{childID}; spec 002 §2 "Other screens: Child page"): the child's name, today's
// bookings, today's signatures per session and the open reminders. Only this file is imported by the
// shell: the page is a lazy route and its strings load with it.
import type { RouteObject } from 'react-router';

export const childRoutes: RouteObject[] = [{ path: 'child/:childID', lazy: () => import('./ChildPage') }];

// The screen's own strings load with it; the type lets app/i18n.ts type their keys.
export type ChildPageStrings = typeof import('./strings').childPageStrings;
