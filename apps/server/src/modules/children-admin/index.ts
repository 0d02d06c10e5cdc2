// The children-admin module's front door (issue 29): what other modules may use. The registers write a
// site's booking patterns up to the day they are asked for (pattern-bookings.ts).
export { bookPatternsThrough } from './pattern-bookings.ts';
export { createPattern } from './patterns.ts';
// The CSV import (modules/imports) writes children and their patterns through the page's own commands.
export { createChild, getChild, updateChild } from './service.ts';
