/** en-GB strings of the profile's "Sign in on another device" section (issue 30, token login). */
export const tokenLoginProfileStrings = {
  'profile-section-sign-in-elsewhere': 'Sign in on another device',
  'profile-sign-in-elsewhere-intro':
    'Make a one-time link that signs you in on another device, such as a shared tablet, without typing your password there.',
  'profile-sign-in-elsewhere-create': 'Create a sign-in link',
  'profile-sign-in-elsewhere-creating': 'Creating…',
  'profile-sign-in-elsewhere-link': 'Your sign-in link',
  'profile-sign-in-elsewhere-expiry':
    'Open it on the other device before {{time}}. It works once; anyone with the link can sign in as you, so do not share it.',
  'profile-sign-in-elsewhere-copy': 'Copy link',
  'profile-sign-in-elsewhere-copied': 'Copied',
  'profile-sign-in-elsewhere-failed': 'The link could not be made. Please try again.',
  'profile-sign-in-elsewhere-offline': 'You are offline: a sign-in link needs the network.',
} as const;
