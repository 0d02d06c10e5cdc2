// The user-settings module's front door (issue 30): the signed-in user's accessibility settings.
export { userSettingsRoutes } from './routes.ts';
