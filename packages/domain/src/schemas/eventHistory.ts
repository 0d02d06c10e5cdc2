/** GET api/v2/events/{id}/history (spec 000 §6 viewEventHistory): creation, edits, status changes. */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { EventIdParams } from './events.ts';

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
