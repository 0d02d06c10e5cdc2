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
} as const;
