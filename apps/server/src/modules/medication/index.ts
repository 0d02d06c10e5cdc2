// The medication module's front door (issue 31): what other modules may use. Imports from another module go
// through this file only (dependency-cruiser rule modules-through-index).
export { medicationGraphQL } from './graphql.ts';
