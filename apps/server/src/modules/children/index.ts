// The children module's front door (issue 28): what other modules may use. Imports from another module go
// through this file only (dependency-cruiser rule modules-through-index).
export { childrenGraphQL } from './graphql.ts';
export { mayViewChild } from './policy.ts';
export { type ListChild, listChild } from './presenter.ts';
export { contactsOfChildren, type ListChildRow, listChildColumns } from './queries.ts';
