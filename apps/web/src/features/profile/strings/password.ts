/**
 * en-GB strings of the profile's "Change password", "Change security question" and "Log out" sections
 * (spec 002 §2, §5 Profile, §8 Account; issue 30). The messages the spec names by key
 * ('new-password-is-invalid', 'password-changed', 'security-question-required', …) are the domain's
 * shared messages; the texts here are ours (docs/decisions.md "Issue 30: password, question and logout").
 */
export const passwordStrings = {
  'profile-section-password': 'Change password',
  'profile-password-intro':
    'Your other devices are logged out when the password changes; this one stays logged in.',
  'profile-password-old': 'Current password',
  'profile-password-submit': 'Change password',
  'profile-password-saving': 'Changing the password…',

  'profile-section-security-question': 'Change security question',
  'profile-question-intro': 'The question lets you reset your password if you forget it.',
  'profile-question-current-password': 'Current password',
  'profile-question-current-password-hint':
    'So that nobody else can change it on a device you left logged in.',
  'profile-question-submit': 'Change security question',
  'profile-question-saving': 'Changing the security question…',

  'profile-section-account': 'Log out',
  'profile-account-intro': 'Log out of this device, or of every device where you are logged in.',
  'profile-logout-everywhere': 'Log out of all devices',
  'profile-logout-everywhere-title': 'Log out of all devices?',
  'profile-logout-everywhere-body':
    'You will be logged out here and on every other phone, tablet and computer where you are logged in.',
} as const;
