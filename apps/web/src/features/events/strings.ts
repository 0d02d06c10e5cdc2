/** en-GB strings of the add/edit screen's frame and general panels. */
export const eventStrings = {
  'event-add-title': 'Add an event',
  'event-edit-title': 'Edit event',
  'event-type-tabs': 'Event type',
  'event-tab-observation': 'Observation',
  'event-tab-assessment': 'Assessment',
  'event-tab-sleep': 'Sleep',
  'event-tab-meal': 'Meal',
  'event-tab-accident': 'Accident',
  'event-tab-nappy': 'Nappy',
  'event-tab-generic': 'Other',
} as const;
