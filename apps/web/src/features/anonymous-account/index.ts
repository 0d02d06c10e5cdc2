// The anonymous account screens (issue 30, spec 002 "Other screens"): activating an invited account
// (#/activate/{code}) and resetting a password (#/reset-password: by the security question, or a link
// by e-mail; #/reset-password/{code}: the link's screen). Outside the session gate, like the login page;
// lazy routes, their strings load with them.
import type { RouteObject } from 'react-router';

export const anonymousAccountRoutes: RouteObject[] = [
  { path: 'activate/:code', lazy: () => import('./ActivatePage') },
  { path: 'reset-password', lazy: () => import('./ResetPasswordPage') },
  { path: 'reset-password/:code', lazy: () => import('./ResetByLinkPage') },
];

// The screens' own strings load with them; the type lets app/i18n.ts type their keys.
export type AnonymousAccountStrings = typeof import('./strings').anonymousAccountStrings;

// What the profile's password and security question sections reuse (issue 30): the new password's
// fields and meter, the answer's hashing, the error texts, and the strings they use.
export { accountErrorMessage, errorCode, hashedAnswer } from './forms';
export { PASSWORD_INPUT_STYLES, PasswordFields, useNewPassword } from './PasswordFields';
export { anonymousAccountStrings } from './strings';
