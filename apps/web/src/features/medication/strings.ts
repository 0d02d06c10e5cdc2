/** en-GB strings of the medication record (issue 31; spec 002 §5 wording for its messages). */
export const medicationStrings = {
  'medication-record-title': 'Medication record',
} as const;
