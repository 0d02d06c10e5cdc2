import { describe, expect, it } from 'vitest';
import { normaliseDetail, requestActions, requestedFields, responseCharactersLeft } from './requests.ts';

describe('requestActions (spec 002 §6)', () => {
  it('refuses approving and declining one’s own request, whatever else holds', () => {
    const own = { approve: false, decline: false, reason: 'cannot-approve-own-request' };
    expect(requestActions({ own: true })).toEqual(own);
    expect(requestActions({ own: true, otherSites: true, integrationManaged: true })).toEqual(own);
  });
  it('lets a change managed by an integration or at other sites be declined, not approved', () => {
    expect(requestActions({ own: false, integrationManaged: true })).toEqual({
      approve: false,
      decline: true,
      reason: 'third-party-managed-details',
    });
    expect(requestActions({ own: false, otherSites: true })).toEqual({
      approve: false,
      decline: true,
      reason: 'change-request-other-sites',
    });
  });
  it('allows both otherwise', () => {
    expect(requestActions({ own: false })).toEqual({ approve: true, decline: true, reason: null });
  });
});

describe('change request fields', () => {
  it('keeps the known detail names in the spec’s order, without tablename or unknown keys', () => {
    expect(
      requestedFields({
        tablename: 'Contacts',
        postcode: 'BS1',
        telmob: '07',
        password: 'x',
        biography: null,
      }),
    ).toEqual(['telmob', 'postcode', 'biography']);
  });
  it('treats a blank value as clearing the detail', () => {
    expect(normaliseDetail('  ')).toBeNull();
    expect(normaliseDetail(undefined)).toBeNull();
    expect(normaliseDetail(' 0117 ')).toBe('0117');
  });
  it('counts the decline message’s 500 characters down', () => {
    expect(responseCharactersLeft('')).toBe(500);
    expect(responseCharactersLeft('a'.repeat(501))).toBe(-1);
  });
});
