/**
 * The REST operations anyone may call (no session): what the auth plugin's test and the tenancy probe
 * both expect. Every other /api route needs a staff session. A new public route is a decision: add it here.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  'GET /api/health',
  'POST /api/v1/login',
  'POST /api/v1/logout',
  // Issue 30: activation and password reset (no session; they name a code or an e-mail, no provider).
  'GET /api/v1/activate',
  'POST /api/v1/activate',
  'GET /api/v1/resetPassword',
  'POST /api/v2/resetPassword',
  'POST /api/v1/resetPassword/link',
  'POST /api/v1/resetPassword/code',
];
