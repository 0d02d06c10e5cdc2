// The rules of the profile's three details sections (contact details, address details, biography; spec
// 002 §4 Forms, §5 Profile): what the form shows (the stored details with the pending request's values
// over them), each field's problem (the domain's rule, the server's too), and what a submit sends.

import type { Me, OwnChangeRequest } from '@nursery/domain/account';
import {
  detailProblem,
  detailsAwaitingApproval,
  type ProfileDetailField,
  type ProfileDetails,
} from '@nursery/domain/account';

/** The sections and their fields, in the spec's order. */
export const DETAIL_SECTIONS = {
  contact: ['telmob', 'telwork', 'telhome'],
  address: ['address1', 'address2', 'address3', 'address4', 'address5', 'postcode'],
  biography: ['biography'],
} as const satisfies Record<string, readonly ProfileDetailField[]>;
export type DetailSection = keyof typeof DETAIL_SECTIONS;

export type DetailValues = Partial<Record<ProfileDetailField, string>>;

/** The user's stored details, as a change request names them (config `me` calls the postcode postCode). */
export function storedDetailsOf(me: Me): ProfileDetails {
  return {
    telmob: me.telmob,
    telwork: me.telwork,
    telhome: me.telhome,
    address1: me.address1,
    address2: me.address2,
    address3: me.address3,
    address4: me.address4,
    address5: me.address5,
    postcode: me.postCode,
    biography: me.biography,
  };
}

/** The section's values as the form opens: the stored ones, the pending request's over them. */
export function initialDetailValues(
  fields: readonly ProfileDetailField[],
  stored: ProfileDetails,
  pending: OwnChangeRequest | null | undefined,
): DetailValues {
  const shown = detailsAwaitingApproval(stored, pending?.fields ?? null);
  return Object.fromEntries(fields.map((f) => [f, shown[f] ?? ''])) as DetailValues;
}

/** The section's pending details (those the pending request changes), in the section's order. */
export function pendingDetailsOf(
  fields: readonly ProfileDetailField[],
  pending: OwnChangeRequest | null | undefined,
): ProfileDetailField[] {
  return fields.filter((f) => pending?.fields[f] !== undefined);
}

export type DetailProblems = Partial<
  Record<ProfileDetailField, NonNullable<ReturnType<typeof detailProblem>>>
>;

/** Each field's problem: what the server would refuse (empty when the section may be sent). */
export function detailProblems(fields: readonly ProfileDetailField[], values: DetailValues): DetailProblems {
  const problems: DetailProblems = {};
  for (const field of fields) {
    const problem = detailProblem(field, values[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The body's fields: those edited since the form opened (the server leaves out any already stored). */
export function editedDetails(
  fields: readonly ProfileDetailField[],
  initial: DetailValues,
  values: DetailValues,
): Partial<Record<ProfileDetailField, string | null>> {
  const edited: Partial<Record<ProfileDetailField, string | null>> = {};
  for (const field of fields) {
    const value = (values[field] ?? '').trim();
    if (value !== (initial[field] ?? '').trim()) edited[field] = value === '' ? null : value;
  }
  return edited;
}
