/**
 * en-GB strings of the notifications page and the notification settings (spec 002 §2 "Notifications
 * page", Profile "notification settings", §3 method ids 1 e-mail, 2 in-app, 4 push, §6 the rules).
 * The types' names ('Comments on my events', …, spec 002 §9) come from the server. Added to i18next
 * when the lazy screens load; the navigation label is in index.ts.
 */
export const notificationsStrings = {
  'notifications-title': 'Notifications',
  'notifications-filter': 'Type',
  'notifications-filter-all': 'All notifications',
  'notifications-loading': 'Loading notifications…',
  'notifications-load-failed': 'The notifications could not be loaded.',
  'notifications-empty': 'You have no notifications.',
  'notifications-empty-type': 'You have no notifications of this type.',
  'notifications-unread-count_one': '{{count}} unread',
  'notifications-unread-count_other': '{{count}} unread',
  'notifications-unread': 'Unread',
  'notifications-read': 'Read',
  'notifications-mark-read': 'Mark as read',
  'notifications-mark-read-of': 'Mark as read: {{name}}, {{time}}',
  'notifications-mark-read-failed': 'The notification could not be marked as read.',
  'notifications-open-event': 'Open the event',
  'notifications-open-conversation': 'Open the conversation',
  'notifications-offline':
    'You are offline: these are the notifications as last fetched. Marking as read needs a connection.',
  'notifications-settings-link': 'Notification settings',
  'notifications-back': 'Back to notifications',
  'notification-settings-title': 'Notification settings',
  'notification-settings-intro': 'Choose how you are told about each type of notification.',
  'notification-settings-type': 'Notification type',
  'notification-settings-method-1': 'E-mail',
  'notification-settings-method-2': 'In-app',
  'notification-settings-method-4': 'Push',
  'notification-settings-choice': '{{method}} for {{type}}',
  'notification-settings-reason-type-disabled': 'This type is switched off for your nursery.',
  'notification-settings-reason-not-offered': 'Not available for this type.',
  'notification-settings-reason-no-receive-emails':
    'E-mail is disabled: your role does not have the receive e-mails permission.',
  'notification-settings-reason-no-event-access':
    'Event notifications need the view timeline permission, key children and an event type you can view.',
  'notification-settings-save': 'Save',
  'notification-settings-save-failed': 'The settings could not be saved.',
  'notification-settings-loading': 'Loading notification settings…',
  'notification-settings-load-failed': 'The notification settings could not be loaded.',
  'notification-settings-offline': 'You are offline: the settings can be changed when you are back online.',
  'notification-settings-event-group': 'Event notifications',
  'notification-settings-general-group': 'Other notifications',
} as const;
