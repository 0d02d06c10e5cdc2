/**
 * en-GB strings of the emergency contacts screen (spec 002 §2). The spec's own messages
 * ('err-register-not-available', 'There are no children to show.', 'No known contacts', the 8-hour
 * warning) are the domain's MESSAGES_EN_GB, used by their keys; the navigation label is in index.ts.
 * Added to i18next when the lazy screen loads, so the login + Home bundle does not carry them.
 */
export const emergencyStrings = {
  'emergency-title': 'Emergency contacts',
  'emergency-room': 'Room',
  'emergency-all-rooms': 'All rooms at the site',
  'emergency-show-all': 'Show all at site',
  'emergency-letters': 'Jump to surnames starting with',
  'emergency-letter': 'Surnames starting with {{letter}}',
  'emergency-col-name': 'Name',
  'emergency-col-mobile': 'Mobile',
  'emergency-col-home': 'Home',
  'emergency-col-work': 'Work',
  'emergency-call': 'Call {{name}} ({{kind}}) on {{number}}',
  'emergency-flag-exceptions': 'Needs: {{list}}',
  'emergency-flag-reminders_one': '{{count}} open reminder',
  'emergency-flag-reminders_other': '{{count}} open reminders',
  'emergency-flag-accidents_one': '{{count}} accident today',
  'emergency-flag-accidents_other': '{{count}} accidents today',
  'emergency-loading': 'Loading emergency contacts…',
  'emergency-load-failed': 'The emergency contacts could not be loaded.',
  'emergency-contacts-of': 'Emergency contacts of {{name}}',
} as const;
