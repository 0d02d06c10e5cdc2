// The config module's front door (issue 28): what other modules may use. Imports from another module go
// through this file only (dependency-cruiser rule modules-through-index).
export { loadEventConfig } from './event-config.ts';
export { loadMe } from './queries.ts';
export { loadConfig } from './service.ts';
