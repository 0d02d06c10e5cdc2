// The registers module's front door (issue 28): what other modules may use. Imports from another module go
// through this file only (dependency-cruiser rule modules-through-index).
export { requireAnyPermission, requireRegisterAccess } from './policy.ts';
export { sessionOf } from './presenter.ts';
export type { SessionRow } from './queries.ts';
export { markOffCategoryRows, registerSite, SESSION_COLUMNS, updateTimes } from './queries.ts';
export { markOffIn } from './service.ts';
