/** en-GB strings of the staff page (#/staff/{id}; issue 29). */
export const staffPageStrings = {
  'staff-page-key-children': 'Key children',
  'staff-page-no-key-children': 'No key children.',
  'staff-page-not-found': 'This member of staff was not found, or works at none of your sites.',
  'staff-page-load-failed': 'Unable to load this member of staff.',
  'staff-page-loading': 'Loading…',
  'staff-page-offline': 'You are offline. This page needs a connection; please go online and try again.',
  'staff-page-child-elsewhere': 'At another site',
  'staff-page-edit': 'Name',
  'staff-page-title': 'Title',
  'staff-page-forename': 'Forename',
  'staff-page-surname': 'Surname',
  'staff-page-save': 'Save the name',
  'staff-page-saved': 'Saved.',
  'staff-page-edit-offline': 'Changing the name needs a connection.',
} as const;
