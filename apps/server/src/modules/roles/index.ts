// The roles module's front door (issue 29): what other modules may use (staff administration refuses
// a change that leaves nobody able to change permissions with the same answer).
export { lastPermissionsAdmin } from './service.ts';
