/**
 * The web app's own en-GB strings. Keys follow the spec's message keys where it gives one; the rest are
 * named after the screen and the thing they label. The domain package's MESSAGES_EN_GB hold the texts the
 * server and the web share (error codes, alerts); i18n.ts merges both. Interpolation uses {{name}}.
 */
export const uiStrings = {
  'app-name': 'Nursery',
  'skip-to-content': 'Skip to main content',
  loading: 'Loading…',

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
  'site-switch-failed': 'Unable to change site. Please try again.',
  'no-site-title': 'No site',
  'current-site': 'Current site',
  'switch-site': 'Switch site',
  'switch-site-to': 'Switch to {{name}}',

  // Shell
  'main-navigation': 'Main navigation',
  'open-navigation': 'Open navigation',
  'close-navigation': 'Close navigation',
  'user-menu': 'Account menu for {{name}}',
  'log-out': 'Log out',
  'log-out-failed': 'Unable to log out. Check the connection and try again.',
  'nav-home': 'Home',
  'nav-add': 'Add an event',
  'nav-drafts': 'Drafts',
  'page-not-found-title': 'Page not found',
  'page-not-found': 'This page does not exist or is not available yet.',
  'go-home': 'Go to Home',
  'error-title': 'Something went wrong',
  'error-reload': 'Reload the app',
  'config-load-failed': 'Unable to load your settings from the server.',
  retry: 'Retry',

  // Home (spec 002 §2 Home)
  'home-title': 'Home',
  'home-due-in_one': '{{count}} child due in',
  'home-due-in_other': '{{count}} children due in',
  'home-alerts': 'Alerts',
  'pin-prompt-title': 'Set a PIN',
  'pin-new': 'PIN',
  'pin-confirm': 'Confirm PIN',
  'pin-save': 'Save',
  'toggle-pin-visibility': 'Show or hide the PIN',
  'pin-no-thanks': 'No thanks',
  'pin-saved': 'Your PIN has been set.',
  'pin-declined': 'You will not be asked to set a PIN again. You can set one in your profile.',
  'pin-save-failed': 'Unable to save your PIN. Please try again.',
  'version-reload': 'Reload',
} as const;

export type UiStringKey = keyof typeof uiStrings;
