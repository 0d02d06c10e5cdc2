import { describe, expect, it } from 'vitest';
import { isMessageKey } from './messages.ts';

// Every message key a rule in this package can return must have en-GB text.
const RETURNED_KEYS = [
  'break-minutes-out-of-range',
  'end-time-must-be-after-start-time',
  'grading-not-allowed',
  'grading-needs-age-range',
  'grading-needs-value',
  'too-many-gradings',
  'new-password-is-invalid',
  'new-password-does-not-match-confirmation',
  'old-password-is-the-same-as-new-password',
  'passwords-do-not-match',
  'err-invalid-security-answer',
  'this-field-is-required',
  'this-field-has-max-length-of',
  'pin-incorrect',
  'pin-must-be-4-digits',
  'confirmation-pin-not-the-same',
  'enter-valid-date',
  'future-dates-not-allowed',
  'date-after-2001',
  'medication-expired',
  'err-permission-add-media',
  'event-no-content',
];

describe('returned message keys', () => {
  it.each(RETURNED_KEYS)('%s has text', (key) => {
    expect(isMessageKey(key)).toBe(true);
  });
});
