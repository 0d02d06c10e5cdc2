// The contacts module's front door (issue 29): the CSV import (modules/imports) adds contacts and links
// them to children through the page's own commands.
export { putLink } from './links.ts';
export { createContact } from './service.ts';
