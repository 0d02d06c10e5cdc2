/**
 * Register signatures, attendance requests, accident signatures and the child page (spec 002 §2
 * "Other screens: Child page", §3 Attendance request / Signature, §5 "Register", §7 `POST signatures`,
 * `GET api/v1/sites/{siteID}/attendance/{date}/requests`, `PUT api/v1/attendance/requests/{id}`,
 * "Signature fetch by id", "Child bookings and signatures fetch", `POST events/{id}/signatures`, and
 * the image path `api/v1/providers/{id}/signature/{id}/{key}`).
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { SIGNATURE_DATA_URL_MAX, signatureDataUrlProblem } from '../registerSignatures.ts';
import { routes } from '../routes.ts';
import { personCardFields } from './personFields.ts';
import { Id, IdParam, Instant, IsoDate } from './primitives.ts';
import { ClockTime, RegisterSession } from './registers.ts';

/** A PNG data URL of at most SIGNATURE_MAX_BYTES ('data:image/png;base64,...'). */
export const SignatureDataUrl = z
  .string()
  .max(SIGNATURE_DATA_URL_MAX, 'the signature image is too large')
  .refine(
    (s) => signatureDataUrlProblem(s) === null,
    'a PNG image as a data URL (data:image/png;base64,...)',
  );

/** Spec §3 "Signature post": childID, comboIDs, date, signature, personID, typeID. */
export const SignatureBody = z.object({
  childID: Id,
  comboIDs: z.array(Id).min(1).max(20),
  date: IsoDate,
  signature: SignatureDataUrl,
  /** The signer: the person of one of the child's contacts. */
  personID: Id,
  /** The register signature type (Drop off, Pick up). */
  typeID: Id,
});
export type SignatureBody = z.infer<typeof SignatureBody>;

export const SignatureAnswer = z.object({
  id: Id,
  key: z.string(),
  childID: Id,
  date: IsoDate,
  comboIDs: z.array(Id),
  typeID: Id,
  personID: Id,
  /** The image's path (api/v1/providers/{id}/signature/{id}/{key}). */
  url: z.string(),
  created: Instant,
});
export type SignatureAnswer = z.infer<typeof SignatureAnswer>;

export const postSignature = defineRoute({
  ...routes.postSignature,
  summary: "A contact's signature for a child's sessions of a day (drop off, pick up)",
  tags: ['registers'],
  body: SignatureBody,
  response: { 201: SignatureAnswer },
});

export const SignatureParams = z.object({ id: IdParam });
/** Spec §7 "Signature fetch by id": data, mimeType, forename, surname, created. */
export const SignatureDetails = z.object({
  id: Id,
  childID: Id,
  date: IsoDate,
  comboIDs: z.array(Id),
  typeID: Id,
  /** The image as a data URL; null when the row has no image. */
  data: z.string().nullable(),
  mimeType: z.string().nullable(),
  forename: z.string(),
  surname: z.string(),
  created: Instant,
});
export type SignatureDetails = z.infer<typeof SignatureDetails>;

export const getSignature = defineRoute({
  ...routes.getSignature,
  summary: 'A register signature by id: its image (data URL), signer and time',
  tags: ['registers'],
  params: SignatureParams,
  response: { 200: SignatureDetails },
});

export const SignatureImageParams = z.object({
  providerID: IdParam,
  id: IdParam,
  key: z.string().regex(/^[0-9a-f]{8,64}$/, 'a signature key'),
});
/** The PNG's bytes (sent as they are, never serialised). */
export const SignatureImage = z.string().meta({ format: 'binary', description: 'The signature image' });

export const getSignatureImage = defineRoute({
  ...routes.getSignatureImage,
  summary: 'A signature image (register or event signature), by provider, id and its random key',
  tags: ['registers'],
  params: SignatureImageParams,
  response: { 200: SignatureImage },
});

/**
 * POST events/{id}/signatures (spec §7): body personID, signature. An accident's parent signature
 * ('Parent', the default there), or a medication record's AdministeredBy, Witness or Consent signature
 * (issue 31; default Consent): `personID` is the signer's person (a contact's, or a member of staff's).
 */
export const EventSignatureParams = z.object({ id: IdParam });
export const EventSignatureType = z.enum(['Parent', 'AdministeredBy', 'Witness', 'Consent']);
export const EventSignatureBody = z.object({
  personID: Id,
  signature: SignatureDataUrl,
  signatureType: EventSignatureType.optional(),
});
export type EventSignatureBody = z.infer<typeof EventSignatureBody>;
export const EventSignatureAnswer = z.object({
  id: Id,
  eventID: Id,
  signatureType: z.string(),
  personID: Id,
  key: z.string(),
  url: z.string(),
});
export type EventSignatureAnswer = z.infer<typeof EventSignatureAnswer>;

export const postEventSignature = defineRoute({
  ...routes.postEventSignature,
  summary:
    "A parent's signature on an accident (register-unsigned-accidents), or a signature on a medication record",
  tags: ['registers'],
  params: EventSignatureParams,
  body: EventSignatureBody,
  response: { 201: EventSignatureAnswer },
});

// --- Attendance requests ------------------------------------------------------------------------

export const AttendanceRequestContact = z.object({
  ...personCardFields,
});

/** Spec §3: id, type, time, notes, contact, signature (id, key); with the child, booking and decision. */
export const AttendanceRequest = z.object({
  id: Id,
  childID: Id,
  siteID: Id,
  date: IsoDate,
  comboID: Id.nullable(),
  type: z.enum(['drop-off', 'pick-up']),
  time: ClockTime,
  notes: z.string().nullable(),
  contact: AttendanceRequestContact,
  signature: z.object({ id: Id, key: z.string() }).nullable(),
  /** Null while pending. */
  approved: z.boolean().nullable(),
  decidedAt: Instant.nullable(),
});
export type AttendanceRequest = z.infer<typeof AttendanceRequest>;

export const AttendanceRequestsParams = z.object({ siteID: IdParam, date: IsoDate });
export const AttendanceRequestsAnswer = z.object({ requests: z.array(AttendanceRequest) });
export type AttendanceRequestsAnswer = z.infer<typeof AttendanceRequestsAnswer>;

export const getAttendanceRequests = defineRoute({
  ...routes.getAttendanceRequests,
  summary: "A site day's drop-off and pick-up requests (pending and decided)",
  tags: ['registers'],
  params: AttendanceRequestsParams,
  response: { 200: AttendanceRequestsAnswer },
});

export const AttendanceDecisionParams = z.object({ id: IdParam });
/** Spec §7: body approved, time. Approving checks the child in (drop-off) or out (pick-up) at time. */
export const AttendanceDecisionBody = z.object({ approved: z.boolean(), time: ClockTime });
export type AttendanceDecisionBody = z.infer<typeof AttendanceDecisionBody>;
export const AttendanceDecisionAnswer = z.object({
  request: AttendanceRequest,
  /** The child's sessions of the day as they are now. */
  sessions: z.array(RegisterSession),
});
export type AttendanceDecisionAnswer = z.infer<typeof AttendanceDecisionAnswer>;

export const putAttendanceRequest = defineRoute({
  ...routes.putAttendanceRequest,
  summary: 'Approve (check the child in or out at the time) or decline a drop-off/pick-up request',
  tags: ['registers'],
  params: AttendanceDecisionParams,
  body: AttendanceDecisionBody,
  response: { 200: AttendanceDecisionAnswer },
});

// --- The child page -----------------------------------------------------------------------------

export const ChildContactSummary = z.object({
  contactID: Id,
  personID: Id,
  forename: z.string(),
  surname: z.string(),
  hasImage: z.boolean(),
  relationship: z.string().nullable(),
});
export type ChildContactSummary = z.infer<typeof ChildContactSummary>;

export const ChildSignature = z.object({
  id: Id,
  key: z.string(),
  comboIDs: z.array(Id),
  typeID: Id,
  typeName: z.string(),
  forename: z.string(),
  surname: z.string(),
  created: Instant,
  /** False for a row stored without an image. */
  hasImage: z.boolean(),
  url: z.string(),
});
export type ChildSignature = z.infer<typeof ChildSignature>;

export const ChildReminder = z.object({
  id: Id,
  notes: z.string(),
  due: Instant.nullable(),
  raised: Instant,
  statusID: Id,
});
export type ChildReminder = z.infer<typeof ChildReminder>;

export const ChildTodayParams = z.object({ childID: IdParam });
export const ChildTodayAnswer = z.object({
  child: z.object({ ...personCardFields, siteID: Id }),
  date: IsoDate,
  /** Today's bookings, by start then end descending. */
  bookings: z.array(RegisterSession),
  /** Today's signatures (each names its sessions by comboIDs). */
  signatures: z.array(ChildSignature),
  /** The signature types (Drop off, Pick up). */
  signatureTypes: z.array(z.object({ id: Id, name: z.string() })),
  contacts: z.array(ChildContactSummary),
  /** Accidents without a parent's signature (register-unsigned-accidents). */
  unsignedAccidents: z.array(z.object({ id: Id, raised: Instant, notes: z.string() })),
  /** Open reminders and tasks about the child. */
  reminders: z.array(ChildReminder),
});
export type ChildTodayAnswer = z.infer<typeof ChildTodayAnswer>;

export const getChildToday = defineRoute({
  ...routes.getChildToday,
  summary: "A child's bookings and signatures today, contacts, unsigned accidents and open reminders",
  tags: ['registers'],
  params: ChildTodayParams,
  response: { 200: ChildTodayAnswer },
});
