/**
 * en-GB strings of the child register screen (spec 002 §2 "Child register"). The spec's own messages
 * ('No children to display!', 'Checked in.', the refusals, the errors) are the domain's MESSAGES_EN_GB
 * and are used by their keys; these are the screen's labels (the navigation label is in index.ts).
 */
/**
 * The screen's strings: added to i18next when the lazy screen module loads (RegisterPage.tsx), so the
 * login + Home bundle (at its 250 KB limit) does not carry them; app/i18n.ts types them.
 */
export const registerStrings = {
  'register-title': 'Register',
  'register-heading': 'Register for {{date}}',
  'register-previous-day': 'Previous day',
  'register-next-day': 'Next day',
  'register-date': 'Date',
  'register-tabs': 'Sessions shown',
  'register-tab-all': 'All',
  'register-tab-in': 'In',
  'register-tab-due': 'Due',
  'register-tab-off': 'Off',
  'register-rows': 'Children on the register',
  'register-group': 'Sessions starting {{time}}',
  'register-select-child': 'Select {{name}}, {{session}}',
  'register-time': 'Time',
  'register-actions': 'Register actions',
  'register-select-all': 'Select all',
  'register-clear-selection': 'Clear selection',
  'register-selected_one': '{{count}} selected',
  'register-selected_other': '{{count}} selected',
  'register-check-in': 'Check in',
  'register-check-out': 'Check out',
  'register-undo-check-in': 'Undo check-in',
  'register-undo-check-out': 'Undo check-out',
  'register-mark-off': 'Mark off',
  'register-status-due': 'Due',
  'register-status-in': 'Checked in',
  'register-status-left': 'Checked out',
  'register-status-off': 'Marked off',
  'register-status-requested': 'Mark-off requested',
  'register-booked': '{{start}}–{{end}}',
  'register-actual-in': 'In {{time}}',
  'register-actual-out': 'Out {{time}}',
  'register-nothing-to-undo': 'None of the selected children can be changed this way.',
  'register-conflict_one':
    'Someone else changed this session meanwhile. The register has been refreshed: please check it and try again.',
  'register-conflict_other':
    'Someone else changed {{count}} of these sessions meanwhile. The register has been refreshed: please check it and try again.',
  'register-refresh-warning': 'The register has changed since it was shown.',
  'register-refresh': 'Refresh',
  'register-undo-check-out-title': 'Check in again?',
  'register-undo-check-out-body':
    'The booked session has already ended. Are you sure you want to undo the check-out?',
  'register-undo-check-out-confirm': 'Yes, undo check-out',
  'register-cancel': 'Cancel',
  'register-go-to-today': "Go to today's register",
  'register-offline-actions': 'Changes to the register are not available offline yet.',
  'register-details': 'Child details',
  'register-details-show': 'Show details of {{name}}',
  'register-details-none': 'Select a child to see their sessions.',
  'register-details-sessions': 'Sessions on {{date}}',
  'register-mark-off-title': 'Mark off',
  'register-mark-off-step': '{{step}} of {{total}}',
  'register-mark-off-category': 'Mark-off category',
  'register-mark-off-notes': 'Notes',
  'register-mark-off-count': '{{length}} / {{limit}}',
  'register-mark-off-category-required': 'You must select a mark off category.',
  'register-mark-off-next': 'Next',
  'register-mark-off-submit': 'Mark off',
  'register-mark-off-send-request': 'Send request',
  'register-mark-off-back': 'Back',
  'register-loading': 'Loading the register…',
} as const;
