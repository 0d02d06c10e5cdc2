/**
 * Staff administration (issue 29): the settings hub's staff card (#/settings/staff) and the e-mail
 * outbox view of #/settings/device. Reading and adding need addStaff, changing a member editStaff; the
 * outbox addStaff or settingsProvider. Field errors are 400 `<field>: <message key>` (spec §9 wording).
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import {
  STAFF_ADDRESS_LINE_MAX,
  STAFF_EMAIL_MAX,
  STAFF_NAME_MAX,
  STAFF_PHONE_MAX,
  STAFF_POSTCODE_MAX,
  STAFF_TEXT_MAX,
} from '../staffAdmin.ts';
import { addressFields, personNameFields } from './personFields.ts';
import { Id, IdParam, IsoDate, SafeText } from './primitives.ts';

export const StaffMemberParams = z.object({ staffID: IdParam });

const REQUIRED = 'this-field-is-required';
const MAX = 'this-field-has-max-length-of';

/** A required text: trimmed, 1 to `max` characters. */
const requiredText = (max: number) =>
  SafeText.transform((s) => s.trim()).pipe(z.string().min(1, REQUIRED).max(max, MAX));

/** An optional text: trimmed, at most `max` characters; empty is null. */
const optionalText = (max: number) =>
  SafeText.transform((s) => s.trim())
    .pipe(z.string().max(max, MAX))
    .transform((s) => (s === '' ? null : s))
    .nullish()
    .transform((s) => s ?? null);

export const StaffEmail = z
  .string()
  .trim()
  .min(1, REQUIRED)
  .max(STAFF_EMAIL_MAX, MAX)
  .pipe(z.email('this-field-must-be-an-email'));

/** #/staff/{id}'s own edit: the name only (title, forename and surname). */
export const StaffNameInput = z.object({
  title: optionalText(STAFF_TEXT_MAX),
  forename: requiredText(STAFF_NAME_MAX),
  surname: requiredText(STAFF_NAME_MAX),
});
export type StaffNameInput = z.input<typeof StaffNameInput>;

/** A member as the form sends it, whole (add and change alike): the name as #/staff/{id} edits it, and more. */
export const StaffMemberInput = z.object({
  ...StaffNameInput.shape,
  email: StaffEmail,
  jobTitle: optionalText(STAFF_TEXT_MAX),
  /** The home site; other sites give access too. Only sites the editor works at may be given. */
  siteID: Id,
  otherSiteIDs: z.array(Id).max(100).default([]),
  /** At least one role (a member without any may do nothing). */
  roleIDs: z.array(Id).min(1, REQUIRED).max(50),
  roomID: Id.nullish().transform((v) => v ?? null),
  keyChildIDs: z.array(Id).max(500).default([]),
  telhome: optionalText(STAFF_PHONE_MAX),
  telmob: optionalText(STAFF_PHONE_MAX),
  telwork: optionalText(STAFF_PHONE_MAX),
  address1: optionalText(STAFF_ADDRESS_LINE_MAX),
  address2: optionalText(STAFF_ADDRESS_LINE_MAX),
  address3: optionalText(STAFF_ADDRESS_LINE_MAX),
  address4: optionalText(STAFF_ADDRESS_LINE_MAX),
  address5: optionalText(STAFF_ADDRESS_LINE_MAX),
  postCode: optionalText(STAFF_POSTCODE_MAX),
  startDate: IsoDate.nullish().transform((v) => v ?? null),
});
export type StaffMemberInput = z.input<typeof StaffMemberInput>;

export const ArchiveStaffInput = z.object({
  /** The last working day (default: today). */
  endDate: IsoDate.nullish(),
});

export const Invitation = z.object({
  state: z.enum(['activated', 'pending', 'expired', 'none']),
  sentAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof Invitation>;

/** Who a member of staff is: the fields the list row and the member's page open with. */
const staffIdentityFields = {
  id: Id,
  ...personNameFields,
  email: z.string().nullable(),
  jobTitle: z.string().nullable(),
  siteID: Id,
};

export const StaffListRow = z.object({
  ...staffIdentityFields,
  roles: z.array(z.string()),
  archived: z.boolean(),
  invitation: Invitation,
});
export type StaffListRow = z.infer<typeof StaffListRow>;

export const StaffListQuery = z.object({
  search: SafeText.pipe(z.string().max(100)).optional(),
  siteID: IdParam.optional(),
  roleID: IdParam.optional(),
  archived: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  cursor: z.string().max(400).optional(),
});

export const StaffList = z.object({
  staff: z.array(StaffListRow),
  nextCursor: z.string().nullable(),
  permittedActions: z.object({ add: z.boolean() }),
});
export type StaffList = z.infer<typeof StaffList>;

export const StaffMember = z.object({
  ...staffIdentityFields,
  otherSiteIDs: z.array(Id),
  roleIDs: z.array(Id),
  roomID: Id.nullable(),
  keyChildIDs: z.array(Id),
  telhome: z.string().nullable(),
  telmob: z.string().nullable(),
  telwork: z.string().nullable(),
  ...addressFields,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  archived: z.boolean(),
  invitation: Invitation,
  permittedActions: z.object({
    edit: z.boolean(),
    archive: z.boolean(),
    restore: z.boolean(),
    resendInvitation: z.boolean(),
  }),
});
export type StaffMember = z.infer<typeof StaffMember>;

/** What the form may choose from: the editor's sites and their rooms and children, the roles. */
export const StaffOptions = z.object({
  sites: z.array(z.object({ id: Id, name: z.string() })),
  rooms: z.array(z.object({ id: Id, siteID: Id, name: z.string() })),
  roles: z.array(z.object({ id: Id, name: z.string() })),
  children: z.array(z.object({ id: Id, siteID: Id, forename: z.string(), surname: z.string() })),
});
export type StaffOptions = z.infer<typeof StaffOptions>;

export const OutboxMessage = z.object({
  id: Id,
  to: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const OutboxQuery = z.object({ cursor: z.string().max(400).optional() });

export const OutboxPage = z.object({
  messages: z.array(OutboxMessage),
  nextCursor: z.string().nullable(),
  /** 'smtp': sent through SMTP_URL; 'kept': no SMTP_URL, messages are kept here and not sent. */
  delivery: z.enum(['smtp', 'kept']),
});
export type OutboxPage = z.infer<typeof OutboxPage>;

const tags = ['settings'];

export const listStaffAdmin = defineRoute({
  ...routes.listStaffAdmin,
  summary: "The staff of the user's sites by name, paged by cursor (addStaff)",
  tags,
  querystring: StaffListQuery,
  response: { 200: StaffList },
});

export const getStaffOptions = defineRoute({
  ...routes.getStaffOptions,
  summary: "The staff form's choices: the user's sites, rooms and children, the roles (addStaff)",
  tags,
  response: { 200: StaffOptions },
});

export const getStaffMember = defineRoute({
  ...routes.getStaffMember,
  summary: 'A member of staff with their sites, roles, key children and invitation (addStaff)',
  tags,
  params: StaffMemberParams,
  response: { 200: StaffMember },
});

export const createStaffMember = defineRoute({
  ...routes.createStaffMember,
  summary: 'Add a member of staff and e-mail their invitation (addStaff); 400 email: err-email-taken',
  tags,
  body: StaffMemberInput,
  response: { 201: StaffMember },
});

export const updateStaffMember = defineRoute({
  ...routes.updateStaffMember,
  summary: 'Change a member of staff (editStaff); 409 err-last-permissions-admin',
  tags,
  params: StaffMemberParams,
  body: StaffMemberInput,
  response: { 200: StaffMember },
});

export const renameStaffMember = defineRoute({
  ...routes.renameStaffMember,
  summary: "Change a member's title, forename and surname (editStaff; #/staff/{id})",
  tags,
  params: StaffMemberParams,
  body: StaffNameInput,
  response: { 200: StaffMember },
});

export const archiveStaffMember = defineRoute({
  ...routes.archiveStaffMember,
  summary: 'Archive a member: end date, login disabled, sessions ended (editStaff)',
  tags,
  params: StaffMemberParams,
  body: ArchiveStaffInput,
  response: { 200: StaffMember },
});

export const restoreStaffMember = defineRoute({
  ...routes.restoreStaffMember,
  summary: 'Restore an archived member: no end date, login enabled (editStaff)',
  tags,
  params: StaffMemberParams,
  response: { 200: StaffMember },
});

export const resendStaffInvitation = defineRoute({
  ...routes.resendStaffInvitation,
  summary: 'Send a new invitation (a new code; the old one stops working) (addStaff)',
  tags,
  params: StaffMemberParams,
  response: { 200: StaffMember },
});

export const listEmailOutbox = defineRoute({
  ...routes.listEmailOutbox,
  summary:
    "The provider's recent e-mails: to, subject, status, time; never the text (addStaff or settingsProvider)",
  tags,
  querystring: OutboxQuery,
  response: { 200: OutboxPage },
});
