/** en-GB strings of the log-in, the site picker and log-out. */
export const authStrings = {
  // Login
  'login-title': 'Log in',
  'login-intro': 'Log in with your staff account.',
  'login-email': 'E-mail address',
  'login-password': 'Password',
  'login-submit': 'Log in',
  'toggle-password-visibility': 'Show or hide the password',
  'login-failed-title': 'Unable to log in',
  'login-email-required': 'Enter your e-mail address.',
  'login-password-required': 'Enter your password.',
  'login-logged-out': 'You have logged out.',
  'login-password-reset': 'Your password has been changed. Log in with the new one.',
  'login-forgot-password': 'Forgot password?',
  'login-unexpected-error': 'Something went wrong. Please try again.',
  // The domain's err-too-many-attempts names a fixed wait; these use the server's Retry-After.
  'err-too-many-attempts-wait_one':
    'Too many failed log-in attempts. Please wait {{count}} minute and try again.',
  'err-too-many-attempts-wait_other':
    'Too many failed log-in attempts. Please wait {{count}} minutes and try again.',
  'login-offline': 'You appear to be offline. Check the connection and try again.',

  // Sites
  'site-picker-title': 'Choose a site',
  'site-picker-intro': 'You work at more than one site. Choose the site you are working at now.',
  'site-picker-sites': 'Your sites',
  'no-site-title': 'No site',

  'log-out-failed': 'Unable to log out. Check the connection and try again.',

  // The lock screen (issue 30)
  'lock-title': 'Locked: {{name}}',
  'lock-enter-pin': 'Enter your PIN to continue.',
  'lock-no-pin': 'The app locked after a time without use. Log in again to continue.',
  'lock-pin': 'PIN',
  'lock-unlock': 'Unlock',
  'lock-switch-user': 'Sign in as someone else',
  'lock-log-in-again': 'Log in again',
  'lock-offline': 'You are offline. Unlocking needs a connection; your work stays on this device until then.',
  'lock-pin-wrong': 'The PIN is incorrect. After 5 wrong PINs you must log in with your password.',
  'lock-too-many_one': 'Too many attempts. Please wait {{count}} second and try again.',
  'lock-too-many_other': 'Too many attempts. Please wait {{count}} seconds and try again.',
  'lock-failed': 'Unable to unlock. Please try again.',
  'lock-unsent_one':
    'One item saved on this device by {{name}} has not been uploaded yet. It stays on this device for {{name}}.',
  'lock-unsent_other':
    '{{count}} items saved on this device by {{name}} have not been uploaded yet. They stay on this device for {{name}}.',
} as const;
