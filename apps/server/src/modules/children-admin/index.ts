// The children-admin module's front door (issue 29): what other modules may use. The registers write a
// site's booking patterns up to the day they are asked for (pattern-bookings.ts).
// The import's bulk path (issue 29): the same rules and columns, written set-based for a whole file.
export { bookPatterns, bookPatternsThrough, horizonOf } from './pattern-bookings.ts';
export { createPattern } from './patterns.ts';
// The CSV import (modules/imports) writes children and their patterns through the page's own commands.
export {
  CHILD_ARCHIVED_MESSAGE,
  childSiteProblems,
  columnsOf as childColumnsOf,
  createChild,
  getChild,
  todayOf,
  updateChild,
} from './service.ts';
