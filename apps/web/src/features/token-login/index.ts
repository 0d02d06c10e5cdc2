// Token login and the CRM integration page (issue 30, spec 002 §2 "Other screens", §7, §8).
// #/token-login/{key}: a one-time sign-in link (made in the profile's "Sign in on another device"),
// outside the session gate like the login page. #/crm/{token}: the HubSpot confirmation page, signed in.
// Lazy routes; their strings load with them.
import type { RouteObject } from 'react-router';

/** Outside the session gate. */
export const tokenLoginRoutes: RouteObject[] = [
  { path: 'token-login/:key', lazy: () => import('./TokenLoginPage') },
];

/** Inside the signed-in shell. */
export const crmRoutes: RouteObject[] = [{ path: 'crm/:token', lazy: () => import('./CrmIntegrationPage') }];

// The screens' own strings load with them; the type lets app/i18n.ts type their keys.
export type TokenLoginStrings = typeof import('./strings').tokenLoginStrings;
