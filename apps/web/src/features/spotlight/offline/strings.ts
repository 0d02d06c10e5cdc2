/**
 * en-GB strings of the Spotlight saves kept on this device (issue 16 "Spotlight saves queued
 * offline"; the spec is silent on these, docs/decisions.md records the wording). Spread into the
 * screen's spotlightStrings.
 */
export const spotlightOfflineStrings = {
  'spotlight-saved-offline': 'Saved on this device. It will be sent when you are back online.',
  'spotlight-saved-offline-sent': 'The save kept on this device has been sent.',
  'spotlight-pending-title': 'Spotlight saves waiting on this device',
  'spotlight-pending-saved-at': 'Saved {{date}} {{time}}',
  'spotlight-pending-status-pending': 'Waiting to be sent',
  'spotlight-pending-status-error': 'Not saved',
  'spotlight-pending-status-conflict': 'Changed by another save',
  'spotlight-pending-conflict-help':
    'The event was changed by another save after you opened it. Open the event to see it now and make your changes again.',
  'spotlight-pending-send-now': 'Send now',
  'spotlight-pending-sending': 'Sending…',
  'spotlight-pending-offline': 'You are offline: these are sent when you are back online.',
  'spotlight-pending-delete': 'Delete from this device',
  'spotlight-pending-delete-title': 'Delete this save from this device?',
  'spotlight-pending-delete-body': '“{{title}}” was not saved and will be lost.',
  'spotlight-pending-delete-confirm': 'Delete',
  'spotlight-pending-delete-cancel': 'Keep',
  'spotlight-pending-open-event': 'Open the event',
  'spotlight-pending-edit-waiting':
    'Your changes to this event are saved on this device and will be sent when you are back online.',
  'spotlight-pending-title-children': '{{type}} – {{children}}',
  'spotlight-pending-more-children_one': '{{names}} and {{count}} more child',
  'spotlight-pending-more-children_other': '{{names}} and {{count}} more children',
  'spotlight-pending-read-failed': 'The saves on this device could not be read.',
} as const;
