/**
 * A member of staff's own details on #/profile (spec 002 §3 Change request, §5 Profile, §6 "Staff change
 * their contact details only through a change request awaiting approval", issue 30): which details a
 * request may change, each one's rule (the spec's limits; all required except the phones and address
 * lines 2 to 5), and what a request changes. The web checks a field with `detailProblem` as the user
 * types; the server's body schema (schemas/profileDetails.ts) applies the same rule.
 */
import { checkProfileField, type FieldProblem, OPTIONAL_PROFILE_FIELDS, profileFieldLimit } from './rules.ts';

/** The details a request may change, in the spec's order (a change request names the postcode `postcode`). */
export const PROFILE_DETAIL_FIELDS = [
  'telmob',
  'telwork',
  'telhome',
  'address1',
  'address2',
  'address3',
  'address4',
  'address5',
  'postcode',
  'biography',
] as const;
export type ProfileDetailField = (typeof PROFILE_DETAIL_FIELDS)[number];
export type ProfileDetails = Record<ProfileDetailField, string | null>;

/** The profile's own name of a detail (config `me` and PROFILE_LIMITS call the postcode `postCode`). */
const profileName = (field: ProfileDetailField) => (field === 'postcode' ? 'postCode' : field);

/** Phones 30, address lines 50, postcode 20, biography 1000 (spec 002 §5, §9). */
export const detailLimit = (field: ProfileDetailField): number => profileFieldLimit(profileName(field));

/** Address line 1, the postcode and the biography may be changed but not cleared (spec 002 §5 Profile). */
export const detailRequired = (field: ProfileDetailField): boolean =>
  !OPTIONAL_PROFILE_FIELDS.includes(field);

/** The problem of a detail as typed (trimmed, as it will be stored), or null. */
export function detailProblem(
  field: ProfileDetailField,
  value: string | null | undefined,
): FieldProblem | null {
  return checkProfileField(profileName(field), (value ?? '').trim());
}

/** A detail as stored: trimmed, and blank is no value (null). */
export function storedDetail(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * What a request really changes: the sent details whose stored form differs from the current value.
 * A detail sent as it already is, is not a change (an empty answer: nothing to ask for).
 */
export function changedDetails(
  current: Readonly<ProfileDetails>,
  sent: Readonly<Partial<Record<ProfileDetailField, string | null>>>,
): Partial<ProfileDetails> {
  const changes: Partial<ProfileDetails> = {};
  for (const field of PROFILE_DETAIL_FIELDS) {
    if (!Object.hasOwn(sent, field) || sent[field] === undefined) continue;
    const value = storedDetail(sent[field]);
    if (value !== storedDetail(current[field])) changes[field] = value;
  }
  return changes;
}

/** The details as the user will see them once the pending request is approved: current, then pending. */
export function detailsAwaitingApproval(
  current: Readonly<ProfileDetails>,
  pending: Readonly<Partial<ProfileDetails>> | null,
): ProfileDetails {
  return { ...current, ...(pending ?? {}) };
}
