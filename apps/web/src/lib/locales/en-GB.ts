/**
 * The shell's own en-GB strings (header, navigation frame, error pages, shared components). Each feature
 * keeps its screens' strings in its strings.ts and exports them from its index.ts; the domain package's
 * MESSAGES_EN_GB hold the texts the server and the web share (error codes, alerts); app/i18n.ts merges
 * them all. Keys follow the spec's message keys where it gives one; the rest are named after the screen
 * and the thing they label. Interpolation uses {{name}}.
 */
export const uiStrings = {
  'app-name': 'Nursery',
  'skip-to-content': 'Skip to main content',
  loading: 'Loading…',

  // Site switcher (header)
  'site-switch-failed': 'Unable to change site. Please try again.',
  'current-site': 'Current site',
  'switch-site': 'Switch site',
  'switch-site-to': 'Switch to {{name}}',

  // Shell
  'main-navigation': 'Main navigation',
  'open-navigation': 'Open navigation',
  'close-navigation': 'Close navigation',
  'user-menu': 'Account menu for {{name}}',
  'log-out': 'Log out',
  'error-title': 'Something went wrong',
  'error-reload': 'Reload the app',
  'config-load-failed': 'Unable to load your settings from the server.',
  retry: 'Retry',
  close: 'Close',
  dismiss: 'Dismiss',

  // Time field (components/DateTimeInputs)
  'date-clear-of': '{{label}}: clear',
  'time-hours-of': '{{label}}: hours',
  'time-minutes-of': '{{label}}: minutes',
  'time-hours-placeholder': 'hh',
  'time-minutes-placeholder': 'mm',
  'time-pick': '{{label}}: pick from a list',
  'time-pick-hours': 'Hour',
  'time-pick-minutes': 'Minutes',
} as const;
