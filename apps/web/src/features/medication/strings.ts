/** en-GB strings of the medication record (issue 31; spec 002 §5 wording for its messages). */
export const medicationStrings = {
  'medication-record-title': 'Medication record',
  'medication-signature-pad': 'Signature',
  'medication-signature-clear': 'Clear',
  'medication-signature-hint': 'Sign in the box with a finger, a stylus or the mouse, then apply.',
  'medication-signature-apply': 'Apply',
  'medication-signature-cancel': 'Cancel',
} as const;
