import { describe, expect, it } from 'vitest';
import {
  changedDetails,
  detailLimit,
  detailProblem,
  detailRequired,
  detailsAwaitingApproval,
  PROFILE_DETAIL_FIELDS,
  type ProfileDetails,
} from './profileDetails.ts';
import { ChangeRequestRaiseBody } from './schemas/profileDetails.ts';

const current: ProfileDetails = {
  telmob: '07700 900000',
  telwork: null,
  telhome: null,
  address1: '1 High Street',
  address2: null,
  address3: null,
  address4: null,
  address5: null,
  postcode: 'BS1 1AA',
  biography: 'Hello',
};

describe("one's own details (spec 002 §5 Profile)", () => {
  it('has the spec limits: phones 30, address lines 50, postcode 20, biography 1000', () => {
    expect(Object.fromEntries(PROFILE_DETAIL_FIELDS.map((f) => [f, detailLimit(f)]))).toEqual({
      telmob: 30,
      telwork: 30,
      telhome: 30,
      address1: 50,
      address2: 50,
      address3: 50,
      address4: 50,
      address5: 50,
      postcode: 20,
      biography: 1000,
    });
  });

  it('requires all but the phones and address lines 2 to 5', () => {
    expect(PROFILE_DETAIL_FIELDS.filter(detailRequired)).toEqual(['address1', 'postcode', 'biography']);
    expect(detailProblem('postcode', '  ')).toEqual({ key: 'this-field-is-required' });
    expect(detailProblem('telmob', '')).toBeNull();
    expect(detailProblem('postcode', 'x'.repeat(21))).toEqual({
      key: 'this-field-has-max-length-of',
      params: { limit: 20 },
    });
    expect(detailProblem('postcode', ` ${'x'.repeat(20)} `)).toBeNull();
  });

  it('a detail sent as it is stored is no change; blank clears', () => {
    expect(changedDetails(current, { telmob: ' 07700 900000 ', address1: '1 High Street' })).toEqual({});
    expect(changedDetails(current, { telmob: '', telwork: '  ', postcode: 'BS2 2BB' })).toEqual({
      telmob: null,
      postcode: 'BS2 2BB',
    });
  });

  it('shows the pending values over the stored ones', () => {
    expect(detailsAwaitingApproval(current, { telmob: '07700 111111' }).telmob).toBe('07700 111111');
    expect(detailsAwaitingApproval(current, null)).toEqual(current);
  });

  it("the request's body applies the same rule, its limit in the refusal", () => {
    const long = ChangeRequestRaiseBody.safeParse({ fields: { postcode: 'x'.repeat(21) } });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]).toMatchObject({
      path: ['fields', 'postcode'],
      message: 'this-field-has-max-length-of',
      maximum: 20,
    });
    const blank = ChangeRequestRaiseBody.safeParse({ fields: { biography: ' ' } });
    expect(blank.error?.issues[0]?.message).toBe('this-field-is-required');
    expect(ChangeRequestRaiseBody.parse({ fields: { telmob: ' ', address1: ' 2 Low Road ' } })).toEqual({
      fields: { telmob: null, address1: '2 Low Road' },
    });
    expect(ChangeRequestRaiseBody.safeParse({ fields: {}, personID: 2 }).success).toBe(false);
  });
});
