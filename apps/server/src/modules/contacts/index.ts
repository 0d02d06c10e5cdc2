// The contacts module's front door (issue 29): the CSV import (modules/imports) adds contacts and links
// them to children through the page's own commands.
export { putLink } from './links.ts';
// The import's bulk path (issue 29): the same columns and the same rule of whose a contact is.
export { contactInScope } from './queries.ts';
export { createContact, personValues, scopeOf } from './service.ts';
