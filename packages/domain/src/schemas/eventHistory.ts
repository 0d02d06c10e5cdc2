/**
 * GET api/v2/events/{id}/history (spec 000 §6 viewEventHistory): creation, edits, status changes; for
 * medication records also what each change was (old and new values, signatures; issue 31).
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { EventIdParams } from './events.ts';

/** A field an edit changed, with its value before and after (null: unset; a new record: from null). */
export const EventHistoryChange = z.object({
  field: z.string(),
  from: z.union([z.string(), z.number()]).nullable(),
  to: z.union([z.string(), z.number()]).nullable(),
});
export type EventHistoryChange = z.infer<typeof EventHistoryChange>;

/** A signature a save added, removed or replaced (a medication record's), by the signers' names. */
export const EventHistorySignatureChange = z.object({
  signatureType: z.string(),
  change: z.enum(['added', 'removed', 'replaced']),
  /** The new signer (added, replaced); null when removed. */
  signer: z.string().nullable(),
  /** The signer before (removed, replaced); null when added. */
  previous: z.string().nullable(),
});
export type EventHistorySignatureChange = z.infer<typeof EventHistorySignatureChange>;

/**
 * A signature change as event_history.details stores it: the signers by person id, so their names are
 * read when the history is (an erased person's anonymised name, never a copy of the old one).
 */
export const StoredSignatureChange = z.object({
  signatureType: z.string(),
  change: z.enum(['added', 'removed', 'replaced']),
  signerPersonID: z.int().nullable(),
  previousPersonID: z.int().nullable(),
});
export type StoredSignatureChange = z.infer<typeof StoredSignatureChange>;

/** What a change recorded beyond its field names (medication records, issue 31); absent for others. */
export const EventHistoryDetails = z.object({
  fields: z.array(z.string()).optional(),
  changes: z.array(EventHistoryChange).optional(),
  signatures: z.array(StoredSignatureChange).optional(),
});
export type EventHistoryDetails = z.infer<typeof EventHistoryDetails>;

export const EventHistoryEntry = z.object({
  id: z.int(),
  at: z.string(),
  action: z.enum(['create', 'update', 'transition']),
  /** The status before the change; null when the event was created. */
  fromStatusID: z.int().nullable(),
  /** The status after the change. */
  statusID: z.int(),
  /** Changed field names of an edit, when recorded. */
  fields: z.array(z.string()).nullable(),
  /** The fields' old and new values, when recorded (medication records). */
  changes: z.array(EventHistoryChange).nullable(),
  /** The signatures added, removed or replaced, when recorded (medication records). */
  signatures: z.array(EventHistorySignatureChange).nullable(),
  author: z
    .object({
      personID: z.int(),
      forename: z.string(),
      surname: z.string(),
      staffID: z.int().nullable(),
    })
    .nullable(),
});
export type EventHistoryEntry = z.infer<typeof EventHistoryEntry>;
export const EventHistoryAnswer = z.array(EventHistoryEntry);
export type EventHistoryAnswer = z.infer<typeof EventHistoryAnswer>;

export const getEventHistory = defineRoute({
  ...routes.getEventHistory,
  summary: "The event's history (creation, edits, status changes), newest first",
  tags: ['events'],
  params: EventIdParams,
  response: { 200: EventHistoryAnswer },
});
