// The profile (spec 002 §2 "Profile accordion", §4 Forms, §5 Profile, issue 30): #/profile, a lazy route;
// `#/profile?section=<id>` opens one section (the home PIN prompt links to the PIN section). Its strings
// load with it.
import type { RouteObject } from 'react-router';

export const profileRoutes: RouteObject[] = [{ path: 'profile', lazy: () => import('./ProfilePage') }];

// The screen's own strings load with it; the type lets app/i18n.ts type their keys.
export type ProfileStrings = typeof import('./strings').profileStrings;
/** The user menu's entry: the shell needs it before the screen's code loads. */
export const profileMenuStrings = { 'profile-menu': 'My profile' } as const;
/** The shell's one call that shows the user's accessibility settings on every screen (issue 30). */
export { UserSettingsApplier } from './accessibility/UserSettingsApplier';
