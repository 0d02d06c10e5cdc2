import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.ts';
import { offlineRefusal } from './offline.ts';

describe('offlineRefusal', () => {
  it("refuses the two-year check, reminders and the profile photo with the spec's messages", () => {
    expect(offlineRefusal({ kind: 'two-year-check' })).toBe('err-twoyear-offline');
    expect(offlineRefusal({ kind: 'create-reminder' })).toBe('create-reminder-offline');
    expect(formatMessage(offlineRefusal({ kind: 'edit-reminder' })!)).toBe(
      "You can't edit reminders when in offline mode, please go online and try again",
    );
    expect(offlineRefusal({ kind: 'profile-photo' })).toBe('profile-photo-offline');
  });

  it("refuses only a future register: today's and past ones work from the cache", () => {
    const today = '2026-11-22';
    expect(offlineRefusal({ kind: 'register', date: '2026-11-23', today })).toBe(
      'registers-future-date-offline',
    );
    expect(offlineRefusal({ kind: 'register', date: today, today })).toBeNull();
    expect(offlineRefusal({ kind: 'register', date: '2026-10-31', today })).toBeNull();
    // Across a year boundary the ISO order still holds.
    expect(offlineRefusal({ kind: 'register', date: '2027-01-01', today: '2026-12-31' })).toBe(
      'registers-future-date-offline',
    );
  });
});
