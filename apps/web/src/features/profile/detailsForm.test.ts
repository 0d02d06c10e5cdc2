import type { Me } from '@nursery/domain/account';
import { describe, expect, it } from 'vitest';
import {
  DETAIL_SECTIONS,
  detailProblems,
  editedDetails,
  initialDetailValues,
  pendingDetailsOf,
  storedDetailsOf,
} from './detailsForm';

const me = {
  telmob: '07700 900000',
  telwork: null,
  telhome: null,
  address1: '1 High Street',
  address2: null,
  address3: null,
  address4: null,
  address5: null,
  postCode: 'BS1 1AA',
  biography: 'Hello',
} as Me;
const pending = {
  id: 4,
  fields: { telwork: '0117 496 0000', postcode: 'BS2 2BB' },
  created: '2026-12-01T10:00:00Z',
};

describe('the profile details form', () => {
  it('opens with the stored details and the pending values over them', () => {
    const stored = storedDetailsOf(me);
    expect(initialDetailValues(DETAIL_SECTIONS.contact, stored, pending)).toEqual({
      telmob: '07700 900000',
      telwork: '0117 496 0000',
      telhome: '',
    });
    expect(initialDetailValues(DETAIL_SECTIONS.address, stored, null).postcode).toBe('BS1 1AA');
    expect(pendingDetailsOf(DETAIL_SECTIONS.address, pending)).toEqual(['postcode']);
    expect(pendingDetailsOf(DETAIL_SECTIONS.biography, null)).toEqual([]);
  });

  it("checks each field by the spec's rule", () => {
    expect(
      detailProblems(DETAIL_SECTIONS.address, { address1: '', postcode: 'x'.repeat(21), address2: '' }),
    ).toEqual({
      address1: { key: 'this-field-is-required' },
      postcode: { key: 'this-field-has-max-length-of', params: { limit: 20 } },
    });
    expect(detailProblems(DETAIL_SECTIONS.contact, { telmob: '', telwork: '', telhome: '' })).toEqual({});
  });

  it('sends the edited fields only, blank as null', () => {
    const initial = { telmob: '07700 900000', telwork: '', telhome: '' };
    expect(editedDetails(DETAIL_SECTIONS.contact, initial, { ...initial, telmob: ' 07700 900111 ' })).toEqual(
      {
        telmob: '07700 900111',
      },
    );
    expect(editedDetails(DETAIL_SECTIONS.contact, initial, { ...initial, telmob: '' })).toEqual({
      telmob: null,
    });
    expect(editedDetails(DETAIL_SECTIONS.contact, initial, { ...initial })).toEqual({});
  });
});
