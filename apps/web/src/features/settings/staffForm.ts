// The staff form's state and checks (issue 29): the fields as typed, the same limits and words as the
// server (spec §9), and a server's field error (`forename: this-field-is-required`) put under its field.
import {
  STAFF_ADDRESS_LINE_MAX,
  STAFF_EMAIL_MAX,
  STAFF_NAME_MAX,
  STAFF_PHONE_MAX,
  STAFF_POSTCODE_MAX,
  STAFF_TEXT_MAX,
  type StaffMember,
  type StaffMemberInput,
} from '@nursery/domain/settings';
import { ApiError } from '../../lib/api';

export interface StaffForm {
  title: string;
  forename: string;
  surname: string;
  email: string;
  jobTitle: string;
  siteID: string;
  otherSiteIDs: string[];
  roleIDs: string[];
  roomID: string;
  keyChildIDs: string[];
  telhome: string;
  telmob: string;
  telwork: string;
  address1: string;
  address2: string;
  address3: string;
  address4: string;
  address5: string;
  postCode: string;
  startDate: string;
}

export type TextField = Exclude<keyof StaffForm, 'otherSiteIDs' | 'roleIDs' | 'keyChildIDs'>;

export const TEXT_LIMITS: Partial<Record<TextField, number>> = {
  title: STAFF_TEXT_MAX,
  forename: STAFF_NAME_MAX,
  surname: STAFF_NAME_MAX,
  email: STAFF_EMAIL_MAX,
  jobTitle: STAFF_TEXT_MAX,
  telhome: STAFF_PHONE_MAX,
  telmob: STAFF_PHONE_MAX,
  telwork: STAFF_PHONE_MAX,
  address1: STAFF_ADDRESS_LINE_MAX,
  address2: STAFF_ADDRESS_LINE_MAX,
  address3: STAFF_ADDRESS_LINE_MAX,
  address4: STAFF_ADDRESS_LINE_MAX,
  address5: STAFF_ADDRESS_LINE_MAX,
  postCode: STAFF_POSTCODE_MAX,
};

const s = (v: string | null | undefined) => v ?? '';

export function formOf(member: StaffMember | null, defaultSite: number | null): StaffForm {
  return {
    title: s(member?.title),
    forename: s(member?.forename),
    surname: s(member?.surname),
    email: s(member?.email),
    jobTitle: s(member?.jobTitle),
    siteID: member ? String(member.siteID) : defaultSite === null ? '' : String(defaultSite),
    otherSiteIDs: member?.otherSiteIDs.map(String) ?? [],
    roleIDs: member?.roleIDs.map(String) ?? [],
    roomID: member?.roomID ? String(member.roomID) : '',
    keyChildIDs: member?.keyChildIDs.map(String) ?? [],
    telhome: s(member?.telhome),
    telmob: s(member?.telmob),
    telwork: s(member?.telwork),
    address1: s(member?.address1),
    address2: s(member?.address2),
    address3: s(member?.address3),
    address4: s(member?.address4),
    address5: s(member?.address5),
    postCode: s(member?.postCode),
    startDate: s(member?.startDate),
  };
}

export function inputOf(form: StaffForm): StaffMemberInput {
  const ids = (v: string[]) => v.map(Number);
  return {
    ...form,
    siteID: Number(form.siteID),
    otherSiteIDs: ids(form.otherSiteIDs).filter((id) => id !== Number(form.siteID)),
    roleIDs: ids(form.roleIDs),
    roomID: form.roomID ? Number(form.roomID) : null,
    keyChildIDs: ids(form.keyChildIDs),
    startDate: form.startDate || null,
  };
}

/** A problem's message key and its limit, as `t(key, { limit })` shows it. */
export interface FieldProblem {
  key: string;
  limit?: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The problems the form can see before sending (the server checks the same and more). */
export function formProblems(form: StaffForm): Partial<Record<keyof StaffForm, FieldProblem>> {
  const problems: Partial<Record<keyof StaffForm, FieldProblem>> = {};
  for (const [field, limit] of Object.entries(TEXT_LIMITS) as [TextField, number][]) {
    if (form[field].trim().length > limit) problems[field] = { key: 'this-field-has-max-length-of', limit };
  }
  for (const field of ['forename', 'surname', 'email', 'siteID'] as const)
    if (form[field].trim() === '') problems[field] = { key: 'this-field-is-required' };
  if (!problems.email && !EMAIL.test(form.email.trim()))
    problems.email = { key: 'this-field-must-be-an-email' };
  if (form.roleIDs.length === 0) problems.roleIDs = { key: 'this-field-is-required' };
  return problems;
}

/** A server's refusal of one field (400 `field: message`), or null for any other error. */
export function serverFieldProblem(error: unknown): { field: keyof StaffForm; problem: FieldProblem } | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const match = /^([A-Za-z0-9]+)(?:\.\d+)?: (.*)$/.exec(error.message);
  if (!match) return null;
  const field = match[1] as keyof StaffForm;
  if (error.code === 'err-email-taken') return { field, problem: { key: 'err-email-taken' } };
  const limit = field in TEXT_LIMITS ? TEXT_LIMITS[field as TextField] : undefined;
  return { field, problem: { key: match[2]!, limit } };
}
