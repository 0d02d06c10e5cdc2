// The child page (#/child/{childID}; spec 002 §2 "Other screens: Child page"): the child's name, today's
// bookings, today's signatures per session and the open reminders. Its route is in the register's
// route list (features/register/index.ts) and its code travels in the register screen's lazy chunk:
// the shell gains one route object and no file names (the login + Home budget is at its limit).
// Only the register screen imports this file; the shell imports its strings' type alone.
export { Component as ChildPage } from './ChildPage';

// The screen's own strings load with it; the type lets app/i18n.ts type their keys.
export type ChildPageStrings = typeof import('./strings').childPageStrings;
