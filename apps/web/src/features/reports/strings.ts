/** en-GB strings of the reports (spec 002 §2 Links, §6 lastPublishedObservation). */
export const reportsStrings = {
  'last-published-title': 'Last published observation',
  'last-published-intro': 'The date of the last published observation in each area of learning, per child.',
  'last-published-site': 'Site',
  'last-published-room': 'Room',
  'last-published-all-rooms': 'All rooms',
  'last-published-framework': 'Framework',
  'last-published-child': 'Child',
  'last-published-loading': 'Loading the report…',
  'last-published-load-failed': 'Unable to load the report.',
  'last-published-offline':
    'You are offline. This report needs a connection; please go online and try again.',
  'last-published-no-access': 'You do not have permission to view this report.',
  'last-published-shown': 'Showing {{count}} children',
} as const;
