import { describe, expect, it } from 'vitest';
import { formatMessage, interpolate, isMessageKey, MESSAGES_EN_GB } from './messages.ts';

describe('messages', () => {
  it('has the spec literal wording where given', () => {
    expect(MESSAGES_EN_GB['registers-feature-disabled-at-site']).toBe(
      'Registers are disabled for this site. Please select another site.',
    );
    expect(MESSAGES_EN_GB['err-no-site']).toBe('The user must have at least one site');
    expect(MESSAGES_EN_GB['err-no-staff-access']).toBe(
      'This account does not have staff access. Parents and carers should use the parent app.',
    );
    expect(MESSAGES_EN_GB['cannot-approve-own-request']).toBe('You cannot approve your own request.');
    expect(MESSAGES_EN_GB['learning-story-single-child']).toBe(
      'You must select a single child when adding a learning story.',
    );
  });
  it('interpolates {{name}} placeholders', () => {
    expect(formatMessage('this-field-has-max-length-of', { limit: 50 })).toBe(
      'This field has a maximum length of 50 characters.',
    );
    expect(formatMessage('err-already-registered', { id: 42 })).toBe(
      'This account is already registered with HubSpot ID: 42',
    );
    expect(interpolate('a {{x}} {{ y }} {{z}}', { x: 1, y: 'two' })).toBe('a 1 two {{z}}');
  });
  it('keys are i18next-safe (no dots or colons) and values are non-empty strings', () => {
    for (const [key, value] of Object.entries(MESSAGES_EN_GB)) {
      expect(key).toMatch(/^[a-z0-9-]+$/);
      expect(typeof value).toBe('string');
      expect(value.length).toBeGreaterThan(0);
    }
  });
  it('isMessageKey', () => {
    expect(isMessageKey('sync-offline')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
  });
  it('has every sync key', () => {
    for (const k of [
      'sync-error',
      'sync-error-long',
      'sync-invalid-response',
      'sync-no-media',
      'sync-missing-media',
      'sync-offline',
      'sync-conflict',
      'sync-finished-some',
    ]) {
      expect(isMessageKey(k)).toBe(true);
    }
  });
});
