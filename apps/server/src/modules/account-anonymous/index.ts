// The account-anonymous module's front door (issue 30): activation and password reset, no session.
export { accountAnonymousRoutes } from './routes.ts';
