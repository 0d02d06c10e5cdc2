// The account-security module's front door (issue 30): the signed-in user's password, security
// question and log out of every device (the profile's sections).
export { accountSecurityRoutes } from './routes.ts';
