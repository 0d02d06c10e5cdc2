// The staff resource (no screen of its own yet): other features use its client from here.
export { type SiteStaffMember, staffApi } from './api';
