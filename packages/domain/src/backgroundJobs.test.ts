import { describe, expect, it } from 'vitest';
import { DEAD_LETTER_ERROR_MAX, deadLetterMessage, mayManageBackgroundJobs } from './backgroundJobs.ts';

describe('mayManageBackgroundJobs', () => {
  it('is the device page administration rule: addStaff or settingsProvider', () => {
    expect(mayManageBackgroundJobs({ addStaff: true })).toBe(true);
    expect(mayManageBackgroundJobs({ settingsProvider: true })).toBe(true);
    expect(mayManageBackgroundJobs({ editStaff: true, viewDeviceSync: true })).toBe(false);
    expect(mayManageBackgroundJobs({})).toBe(false);
  });
});

describe('deadLetterMessage', () => {
  it('keeps the first line only and hides credentials in addresses', () => {
    expect(
      deadLetterMessage('connect failed smtp://mailer:s3cret@mail.example.org:587\n    at x (y.ts:1)'),
    ).toBe('connect failed smtp://[hidden]@mail.example.org:587');
  });
  it('cuts long messages and answers an empty text for none', () => {
    const long = deadLetterMessage('x'.repeat(1000));
    expect(long).toHaveLength(DEAD_LETTER_ERROR_MAX);
    expect(long.endsWith('…')).toBe(true);
    expect(deadLetterMessage(undefined)).toBe('');
  });
});
