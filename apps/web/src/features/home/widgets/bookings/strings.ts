/** en-GB strings of today's bookings widget (spec 002 §2 Home widgets, §8). */
export const bookingsStrings = {
  'bookings-title': "Today's bookings",
  'bookings-loading': "Loading today's bookings…",
  'bookings-error': "Unable to load today's bookings.",
  'bookings-empty': 'No children are booked today.',
  'bookings-no-room': 'No room',
  'bookings-booked_one': '{{count}} child booked',
  'bookings-booked_other': '{{count}} children booked',
  'bookings-state-due': 'Due in',
  'bookings-state-in': 'In',
  'bookings-state-left': 'Left',
  'bookings-state-off': 'Off',
  'bookings-times': '{{start}}–{{end}}',
} as const;
