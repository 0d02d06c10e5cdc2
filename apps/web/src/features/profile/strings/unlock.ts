/**
 * en-GB strings of the profile's Change PIN and Session timeout sections (spec 002 §2, §4 Forms, §5
 * Profile PIN, §9 Session timeout options; issue 30). The error texts are the domain's messages
 * ('pin-incorrect', 'confirmation-pin-not-the-same', 'pin-changed').
 */
export const profileUnlockStrings = {
  'profile-section-pin': 'Change PIN',
  'profile-pin-intro':
    'Your 4-digit PIN unlocks the app on this device after it has locked, without your password.',
  'profile-pin-intro-none':
    'Set a 4-digit PIN to unlock the app on this device after it has locked, without your password.',
  'profile-pin-old': 'Current PIN',
  'profile-pin-new': 'New PIN',
  'profile-pin-confirm': 'Confirm new PIN',
  'profile-pin-submit': 'Change PIN',
  'profile-pin-submit-none': 'Set PIN',
  'profile-pin-saving': 'Saving your PIN…',
  'profile-pin-failed': 'Your PIN could not be changed. Please try again.',
  'profile-section-timeout': 'Session timeout',
  'profile-timeout-intro':
    'After this long without use the app locks: unlock it with your PIN, or log in again if you have none.',
  'profile-timeout-label': 'Lock the app after',
  'profile-timeout-failed': 'The session timeout could not be saved. Please try again.',
  'profile-timeout-minutes': '{{count}} minutes',
  'profile-timeout-hours_one': '{{count}} hour',
  'profile-timeout-hours_other': '{{count}} hours',
} as const;
