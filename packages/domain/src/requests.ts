// The rules of the requests a manager decides (spec 002 §4 Requests, §5, §6): who may approve or
// decline, and the field changes of a change request. The server enforces them and answers them as
// `permittedActions`; the widget only shows what it is given.
import type { RequestPermittedActions } from './schemas/requests.ts';
import {
  CHANGE_REQUEST_FIELDS,
  type ChangeRequestField,
  REQUEST_RESPONSE_LIMIT,
} from './schemas/requests.ts';

export interface RequestActionFacts {
  /** The user made the request (or, for a change request, it changes their own details). */
  own: boolean;
  /** A change request whose person's children (or staff sites) include a site the user cannot edit. */
  otherSites?: boolean;
  /** A change request of details managed by a third-party integration. */
  integrationManaged?: boolean;
}

/**
 * What the user may do with a pending request. One's own request can be neither approved nor declined
 * (403 cannot-approve-own-request); a change the user may not apply can still be declined (the spec:
 * "the user must decline and change them there").
 */
export function requestActions(facts: RequestActionFacts): RequestPermittedActions {
  if (facts.own) return { approve: false, decline: false, reason: 'cannot-approve-own-request' };
  if (facts.integrationManaged)
    return { approve: false, decline: true, reason: 'third-party-managed-details' };
  if (facts.otherSites) return { approve: false, decline: true, reason: 'change-request-other-sites' };
  return { approve: true, decline: true, reason: null };
}

/** The requested fields of a stored change request, in the spec's order (tablename and unknown keys left out). */
export function requestedFields(stored: Readonly<Record<string, unknown>>): ChangeRequestField[] {
  return CHANGE_REQUEST_FIELDS.filter((f) => Object.hasOwn(stored, f));
}

/** A blank value clears the detail (null), other values are kept as typed, trimmed. */
export function normaliseDetail(value: string | null | undefined): string | null {
  if (value == null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Characters left of a decline message (the counter under the box). */
export const responseCharactersLeft = (text: string) => REQUEST_RESPONSE_LIMIT - text.length;
