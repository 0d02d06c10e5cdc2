/**
 * Requests awaiting a manager (spec 002 §3, §4 Requests, §5 Register, §6, §7, §8 Home and widgets):
 * booking (mark-off) requests, change-of-details requests and GDPR erasure requests. Each item
 * carries `permittedActions`: the widget shows and disables from it and never re-derives the rules.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { PROFILE_LIMITS } from '../limits.ts';
import { routes } from '../routes.ts';
import { NoContent } from './auth.ts';
import { childAvatarFields } from './personFields.ts';
import { Id, IdParam, Instant, IsoDate, SafeText } from './primitives.ts';
import { MarkOffCategory } from './registers.ts';

/** A request decline (or approval) message: at most 500 characters (spec 002 §5, §9). */
export const REQUEST_RESPONSE_LIMIT = 500;

/** Why approving is refused; each is an i18n key of the widget and the error code of the call. */
export const REQUEST_REFUSALS = [
  'cannot-approve-own-request',
  'change-request-other-sites',
  'third-party-managed-details',
] as const;
export type RequestRefusal = (typeof REQUEST_REFUSALS)[number];

export const RequestPermittedActions = z.object({
  approve: z.boolean(),
  decline: z.boolean(),
  /** Why approve (and, for one's own request, decline) is refused; null when both are allowed. */
  reason: z.enum(REQUEST_REFUSALS).nullable(),
});
export type RequestPermittedActions = z.infer<typeof RequestPermittedActions>;

/** A person named on a request (requester, creator, subject). */
export const RequestPerson = z.object({ id: Id, forename: z.string(), surname: z.string() });
export type RequestPerson = z.infer<typeof RequestPerson>;

/** The child of a request, with what ChildAvatar shows (photo or initials, name, age, room). */
export const RequestChild = z.object({
  ...childAvatarFields,
  roomName: z.string().nullable(),
});
export type RequestChild = z.infer<typeof RequestChild>;

export const RequestIdParams = z.object({ id: IdParam });

/** The answer of a decision: the request's id and its new status. */
export const RequestDecision = z.object({ id: Id, status: z.enum(['approved', 'declined']) });
export type RequestDecision = z.infer<typeof RequestDecision>;

// ---- Booking (mark-off) requests ------------------------------------------------------------------

export const BookingRequestItem = z.object({
  id: Id,
  /** MO = mark off. */
  type: z.literal('MO'),
  siteID: Id,
  date: IsoDate,
  comboID: Id,
  /** The session (combo) name. */
  comboName: z.string(),
  requestNotes: z.string().nullable(),
  created: Instant,
  child: RequestChild,
  /** Who asked (a parent or a member of staff). */
  person: RequestPerson,
  permittedActions: RequestPermittedActions,
});
export type BookingRequestItem = z.infer<typeof BookingRequestItem>;

export const BookingRequestsQuery = z.object({
  /** Default: the session's site. */
  siteID: IdParam.optional(),
});

export const BookingRequestsAnswer = z.object({
  siteID: Id,
  /** Pending requests of the site's children, oldest first. */
  requests: z.array(BookingRequestItem),
  /** The mark-off categories available at the site (enabled ones), for the approve select. */
  markOffCategories: z.array(MarkOffCategory),
});
export type BookingRequestsAnswer = z.infer<typeof BookingRequestsAnswer>;

/** PUT booking-requests/{id}: the spec's body (notify, ocID = the mark-off category, responseNotes, approved). */
export const BookingRequestDecisionBody = z.object({
  approved: z.boolean(),
  /** The mark-off category; required to approve (widget-requests-must-select-off-category). */
  ocID: Id.nullable().optional(),
  responseNotes: SafeText.max(REQUEST_RESPONSE_LIMIT).nullable().optional(),
  /** Send the requester an in-app message (when they have an account). */
  notify: z.boolean().default(false),
});
export type BookingRequestDecisionBody = z.infer<typeof BookingRequestDecisionBody>;

export const getBookingRequests = defineRoute({
  ...routes.getBookingRequests,
  summary: "Pending booking (mark-off) requests of a site's children",
  tags: ['requests'],
  querystring: BookingRequestsQuery,
  response: { 200: BookingRequestsAnswer },
});

export const putBookingRequest = defineRoute({
  ...routes.putBookingRequest,
  summary: 'Approve (marking the session off) or decline a booking request',
  tags: ['requests'],
  params: RequestIdParams,
  body: BookingRequestDecisionBody,
  response: { 200: RequestDecision },
});

// ---- Change requests ------------------------------------------------------------------------------

/** A person's own profile limits (limits.ts), the postcode apart: a change request names it `postcode`. */
const { postCode: postCodeLimit, biography: biographyLimit, ...phonesAndAddressLimits } = PROFILE_LIMITS;

/** The details a change request may change (spec 002 §3 Change request) and their limits (§9). */
export const CHANGE_REQUEST_FIELD_LIMITS = {
  ...phonesAndAddressLimits,
  postcode: postCodeLimit,
  biography: biographyLimit,
} as const;
export type ChangeRequestField = keyof typeof CHANGE_REQUEST_FIELD_LIMITS;
export const CHANGE_REQUEST_FIELDS = Object.keys(CHANGE_REQUEST_FIELD_LIMITS) as ChangeRequestField[];

export const ChangeRequestFieldChange = z.object({
  name: z.enum(CHANGE_REQUEST_FIELDS as [ChangeRequestField, ...ChangeRequestField[]]),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
});
export type ChangeRequestFieldChange = z.infer<typeof ChangeRequestFieldChange>;

export const ChangeRequestItem = z.object({
  /** The spec's requestID. */
  id: Id,
  personID: Id,
  person: RequestPerson,
  tablename: z.enum(['Contacts', 'StaffMember']),
  fields: z.array(ChangeRequestFieldChange),
  requestedBy: RequestPerson.nullable(),
  created: Instant,
  permittedActions: RequestPermittedActions,
});
export type ChangeRequestItem = z.infer<typeof ChangeRequestItem>;

export const ChangeRequestsAnswer = z.object({ requests: z.array(ChangeRequestItem) });
export type ChangeRequestsAnswer = z.infer<typeof ChangeRequestsAnswer>;

const fieldValue = (max: number) => SafeText.max(max).nullable().optional();
/** POST change-requests/approve/{id}: the field values to apply (names among the requested ones). */
export const ChangeRequestApproveBody = z.object({
  fields: z
    .object(
      Object.fromEntries(
        CHANGE_REQUEST_FIELDS.map((f) => [f, fieldValue(CHANGE_REQUEST_FIELD_LIMITS[f])]),
      ) as {
        [K in ChangeRequestField]: ReturnType<typeof fieldValue>;
      },
    )
    .strict(),
});
export type ChangeRequestApproveBody = z.infer<typeof ChangeRequestApproveBody>;

export const getChangeRequests = defineRoute({
  ...routes.getChangeRequests,
  summary: "Pending changes of contacts' and staff members' details",
  tags: ['requests'],
  response: { 200: ChangeRequestsAnswer },
});

export const approveChangeRequest = defineRoute({
  ...routes.approveChangeRequest,
  summary: "Approve a change request: the field values are applied to the person's details",
  tags: ['requests'],
  params: RequestIdParams,
  body: ChangeRequestApproveBody,
  response: { 200: RequestDecision },
});

export const declineChangeRequest = defineRoute({
  ...routes.declineChangeRequest,
  summary: 'Decline a change request',
  tags: ['requests'],
  params: RequestIdParams,
  response: { 204: NoContent },
});

// ---- GDPR erasure requests ------------------------------------------------------------------------

export const GdprErasureRequestItem = z.object({
  id: Id,
  /** Exactly one of child and person is set. */
  child: RequestChild.nullable(),
  person: RequestPerson.nullable(),
  creator: RequestPerson,
  reason: z.string().nullable(),
  created: Instant,
  permittedActions: RequestPermittedActions,
});
export type GdprErasureRequestItem = z.infer<typeof GdprErasureRequestItem>;

export const GdprErasureRequestsAnswer = z.object({ requests: z.array(GdprErasureRequestItem) });
export type GdprErasureRequestsAnswer = z.infer<typeof GdprErasureRequestsAnswer>;

export const GdprErasureDecisionBody = z.object({ approved: z.boolean() });
export type GdprErasureDecisionBody = z.infer<typeof GdprErasureDecisionBody>;

/** A GDPR erasure request's reason: optional, at most 1000 characters (as a biography). */
export const GDPR_REASON_LIMIT = 1000;

/**
 * POST gdpr-erasure-requests (issue 29, #/gdpr): raise a request to erase a child's data, or a contact's
 * (a parent or carer, named by the contact id the children answer carries). Exactly one of the two.
 */
export const GdprErasureRaiseBody = z
  .object({
    childID: Id.optional(),
    contactID: Id.optional(),
    reason: SafeText.max(GDPR_REASON_LIMIT, 'this-field-has-max-length-of').nullable().optional(),
  })
  .refine((b) => (b.childID === undefined) !== (b.contactID === undefined), {
    message: 'name exactly one of childID and contactID',
    path: ['childID'],
  });
export type GdprErasureRaiseBody = z.infer<typeof GdprErasureRaiseBody>;

export const postGdprErasureRequest = defineRoute({
  ...routes.postGdprErasureRequest,
  summary:
    "Raise a request to erase a child's or a contact's data (approveGDPR); 409 err-gdpr-request-pending when one is pending",
  tags: ['requests'],
  body: GdprErasureRaiseBody,
  response: { 201: GdprErasureRequestItem },
});

export const getGdprErasureRequests = defineRoute({
  ...routes.getGdprErasureRequests,
  summary: "Pending requests to erase a child's or a person's data",
  tags: ['requests'],
  response: { 200: GdprErasureRequestsAnswer },
});

export const putGdprErasureRequest = defineRoute({
  ...routes.putGdprErasureRequest,
  summary: 'Approve (erasing the data) or decline a GDPR erasure request',
  tags: ['requests'],
  params: RequestIdParams,
  body: GdprErasureDecisionBody,
  response: { 200: RequestDecision },
});
