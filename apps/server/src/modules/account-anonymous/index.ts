// The account-anonymous module's front door (issue 30): activation and password reset, no session.

// What the profile's password change reuses (account-security): a new password, and ending sessions.
export { endSessionsOf, setPassword } from './queries.ts';
export { accountAnonymousRoutes } from './routes.ts';
