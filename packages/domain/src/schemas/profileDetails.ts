/**
 * The signed-in member of staff's own details (issue 30, spec 002 §3 Change request, §5 Profile, §7
 * "POST change requests"): raise a change request of one's own contact details, address and
 * biography (a manager approves it on Home's requests widget), and read the one awaiting approval.
 * Never another person's: the request is for the session's person, so the body names nobody.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import {
  detailLimit,
  detailRequired,
  PROFILE_DETAIL_FIELDS,
  type ProfileDetailField,
} from '../profileDetails.ts';
import { routes } from '../routes.ts';
import { Id, IdParam, Instant, SafeText } from './primitives.ts';

const REQUIRED = 'this-field-is-required';
const MAX = 'this-field-has-max-length-of';

/**
 * One detail as sent: trimmed; a required one (address line 1, postcode, biography) may not be blank,
 * another blank or null clears it (null). The limits are the domain's (detailLimit).
 */
function detailValue(field: ProfileDetailField) {
  const trimmed = SafeText.nullable().transform((s) => (s ?? '').trim());
  const limited = z.string().max(detailLimit(field), MAX);
  if (detailRequired(field)) return trimmed.pipe(z.string().min(1, REQUIRED).pipe(limited));
  return trimmed.pipe(limited).transform((s) => (s === '' ? null : s));
}

const detailShape = Object.fromEntries(PROFILE_DETAIL_FIELDS.map((f) => [f, detailValue(f).optional()])) as {
  [K in ProfileDetailField]: z.ZodOptional<ReturnType<typeof detailValue>>;
};

/** POST change-requests: the details to change (any of them; one that is already so is no change). */
export const ChangeRequestRaiseBody = z.object({ fields: z.object(detailShape).strict() }).strict();
export type ChangeRequestRaiseBody = z.input<typeof ChangeRequestRaiseBody>;

/** The user's own request awaiting approval: the requested values by detail (null clears it). */
export const OwnChangeRequest = z.object({
  id: Id,
  fields: z.object(
    Object.fromEntries(PROFILE_DETAIL_FIELDS.map((f) => [f, z.string().nullable().optional()])) as {
      [K in ProfileDetailField]: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    },
  ),
  created: Instant,
});
export type OwnChangeRequest = z.infer<typeof OwnChangeRequest>;

export const OwnChangeRequestAnswer = z.object({ request: OwnChangeRequest.nullable() });
export type OwnChangeRequestAnswer = z.infer<typeof OwnChangeRequestAnswer>;

export const raiseChangeRequest = defineRoute({
  ...routes.raiseChangeRequest,
  summary:
    "Ask for a change of one's own contact details, address or biography (merged into the pending request; 400 err-no-change when nothing differs)",
  tags: ['requests'],
  body: ChangeRequestRaiseBody,
  response: { 200: OwnChangeRequestAnswer },
});

export const getOwnChangeRequest = defineRoute({
  ...routes.getOwnChangeRequest,
  summary: "One's own change of details awaiting approval (null when none is)",
  tags: ['requests'],
  response: { 200: OwnChangeRequestAnswer },
});

// ---- The profile photo (spec 002 §4 "Offline users cannot … upload a profile photo", §7) -----------

export const PersonPhotoParams = z.object({ personID: IdParam });

/** The photo's bytes (a square JPEG); documents the answer, never serialised. */
export const PersonPhotoFile = z.string().meta({ format: 'binary', description: 'The photo (JPEG)' });

export const PersonPhotoAnswer = z.object({ hasImage: z.literal(true), updated: Instant });
export type PersonPhotoAnswer = z.infer<typeof PersonPhotoAnswer>;

/**
 * POST people/{personID}/image.jpg (multipart, field `file`): one's own profile photo, a JPEG, PNG or
 * WebP (415 err-media-type otherwise; 413 err-media-too-large over the photo limit). Stored as a square
 * JPEG without its metadata. Another person's id answers 404, as one that does not exist.
 */
export const uploadProfilePhoto = defineRoute({
  ...routes.uploadProfilePhoto,
  summary: "Upload one's own profile photo (multipart: file)",
  tags: ['profile'],
  params: PersonPhotoParams,
  response: { 200: PersonPhotoAnswer },
});

/** GET people/{personID}/image.jpg: one's own profile photo (404 without one, or for another person). */
export const getProfilePhoto = defineRoute({
  ...routes.getProfilePhoto,
  summary: "One's own profile photo",
  tags: ['profile'],
  params: PersonPhotoParams,
  response: { 200: PersonPhotoFile },
});
