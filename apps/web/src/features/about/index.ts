// The About page (issue 30, spec 002 Links "#/about"): the app's version and the licences of the
// third-party packages it ships. A lazy route; its strings load with it.
import type { RouteObject } from 'react-router';

export const aboutRoutes: RouteObject[] = [{ path: 'about', lazy: () => import('./AboutPage') }];

export type AboutStrings = typeof import('./strings').aboutStrings;
/** The user menu's entry: the shell needs it before the screen's code loads. */
export const aboutMenuStrings = { 'about-menu': 'About' } as const;
