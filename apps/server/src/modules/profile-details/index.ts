// The profile-details module's front door (issue 30): one's own change of details and profile photo.
export { profileDetailsRoutes } from './routes.ts';
