// The staff resource (no screen of its own yet): other features use its client from here.
export { staffApi } from './api';
export { siteStaffQuery, staffKeys } from './queries';
