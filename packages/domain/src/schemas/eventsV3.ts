/**
 * Events v3 (spec 002 §7 "Events v3 GET | include media, comments, signatures"; issue 31): the events
 * drawer's one read. GET api/v3/events/{ids} answers the events asked for, in the order asked, each
 * as GET api/v2/events/{id} answers it (EventDetail: one contract) plus what the drawer shows: the
 * user's actions on it and, when included, its media, its comment thread and its signatures.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { EVENT_V3_IDS_MAX } from '../limits.ts';
import { routes } from '../routes.ts';
import { EventDetail } from './events.ts';
import { Id, Instant, idListParam } from './primitives.ts';

/** What `include` may name (comma-separated; each at most once, in any order). */
export const EVENT_V3_INCLUDES = ['media', 'comments', 'signatures'] as const;
export type EventV3Include = (typeof EVENT_V3_INCLUDES)[number];

/** `/api/v3/events/:ids`: 1 to 20 event ids, comma-separated; a repeated id is answered once. */
export const EventsV3Params = z.object({ ids: idListParam(EVENT_V3_IDS_MAX) });

const includeName = EVENT_V3_INCLUDES.join('|');
export const EventsV3Query = z.object({
  /** 'media,comments,signatures' or any of them; none (or empty) = the events and their actions only. */
  include: z
    .string()
    .max(64)
    .regex(
      new RegExp(`^((${includeName})(,(${includeName}))*)?$`),
      `a comma-separated list of ${EVENT_V3_INCLUDES.join(', ')}`,
    )
    .transform((s) => [...new Set(s.split(',').filter(Boolean))] as EventV3Include[])
    .optional(),
});
export type EventsV3Query = z.infer<typeof EventsV3Query>;

/**
 * What the user may do with the event (the drawer's buttons), from their permissions and the event:
 * eventActions.ts decides, the server answers, the web never re-derives.
 */
export const EventActions = z.object({
  /** Add to the comment thread (anyone who may see the event). */
  comment: z.boolean(),
  /** Open it in its editor (the role's edit right on its type and status: the event's `editable`). */
  edit: z.boolean(),
  /** Start a conversation about it (#/conversations/new): sendMessages, and only when published. */
  startConversation: z.boolean(),
  /** See its history (viewEventHistory). */
  viewHistory: z.boolean(),
});
export type EventActions = z.infer<typeof EventActions>;

/**
 * A photo or video attached to the event, with what its URL needs (spec 002 §7: media URL with
 * mediaToken, d (updated) and size): the web's mediaThumbnailUrl(id) / mediaFileUrl(id).
 */
export const EventV3Media = z.object({
  /** The medium's UUID as stored (any UUID the column holds, as EventDetail's mediaIDs). */
  id: z.string(),
  kind: z.enum(['photo', 'video', 'other']),
  mimeType: z.string(),
  mediaToken: z.string(),
  /** The medium's last change (ISO instant): the `d` of its URL, so a changed file is fetched anew. */
  d: Instant,
});
export type EventV3Media = z.infer<typeof EventV3Media>;

/** Who wrote a comment (a staff member's person; staffID null for anyone else). */
export const EventCommentAuthor = z.object({
  personID: Id,
  forename: z.string(),
  surname: z.string(),
  hasImage: z.boolean(),
  staffID: Id.nullable(),
});
export type EventCommentAuthor = z.infer<typeof EventCommentAuthor>;

/** One comment of the thread (oldest first); POST api/v1/events/{id}/comments answers this shape too. */
export const EventV3Comment = z.object({
  id: Id,
  text: z.string(),
  created: Instant,
  author: EventCommentAuthor,
});
export type EventV3Comment = z.infer<typeof EventV3Comment>;

/** One signature on the event (medication: AdministeredBy, Witness, Consent; accident: Parent). */
export const EventV3Signature = z.object({
  id: Id,
  signatureType: z.string(),
  personID: Id,
  staffID: Id.nullable(),
  contactID: Id.nullable(),
  forename: z.string(),
  surname: z.string(),
  created: Instant,
  /** The image: api/v1/providers/{providerID}/signature/{id}/{key} (access-checked there). */
  imageUrl: z.string(),
});
export type EventV3Signature = z.infer<typeof EventV3Signature>;

/** One event of the answer: GET api/v2/events/{id}'s answer, its actions, and what was included. */
export const EventV3 = EventDetail.extend({
  actions: EventActions,
  /** With include=media, in the event's order. */
  media: z.array(EventV3Media).optional(),
  /** With include=comments, oldest first. */
  comments: z.array(EventV3Comment).optional(),
  /** With include=signatures, oldest first. */
  signatures: z.array(EventV3Signature).optional(),
});
export type EventV3 = z.infer<typeof EventV3>;

export const EventsV3Answer = z.object({ events: z.array(EventV3) });
export type EventsV3Answer = z.infer<typeof EventsV3Answer>;

/**
 * GET api/v3/events/{ids}: every id must be an event the user may see (THE visibility rule), else
 * 404 for the whole call, so an answer never tells which of the ids exist.
 */
export const getEventsV3 = defineRoute({
  ...routes.getEventsV3,
  summary:
    'Events by ids (at most 20, in the order asked) with their actions; include=media,comments,signatures adds those',
  tags: ['events'],
  params: EventsV3Params,
  querystring: EventsV3Query,
  response: { 200: EventsV3Answer },
});
