/**
 * en-GB strings of the staff register's signature dialog and offline queue (issue 18). The spec's own
 * messages ('Shift not found: {id}', 'Unable to get registers whilst offline.', the cached warning)
 * are the domain's MESSAGES_EN_GB, used by their keys. Merged into the screen's strings.ts; the app's
 * one signature dialog (components/SignatureDialog.tsx) takes the signature words as its labels.
 */
export const signatureStrings = {
  'staff-signature-pad': 'Signature',
  'staff-signature-clear': 'Clear',
  'staff-signature-hint': 'Sign in the box, then confirm.',
  'staff-signature-confirm': 'Confirm',
  'staff-signature-cancel': 'Cancel',
} as const;

export const offlineQueueStrings = {
  /** Spec 002 §8 'Unsynced' warning, with the count of the changes waiting on this device. */
  'staff-offline-unsynced_one': 'Unsynced: {{count}} change waits on this device.',
  'staff-offline-unsynced_other': 'Unsynced: {{count}} changes wait on this device.',
  'staff-offline-sent_one': '{{count}} change sent.',
  'staff-offline-sent_other': '{{count}} changes sent.',
  'staff-offline-refused': 'A change was not saved: {{message}}',
} as const;

export const staffRegisterOfflineStrings = { ...signatureStrings, ...offlineQueueStrings } as const;
export type StaffRegisterOfflineStrings = typeof staffRegisterOfflineStrings;
