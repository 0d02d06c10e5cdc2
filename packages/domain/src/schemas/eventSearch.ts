import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { EVENT_TAGS } from '../eventTypes.ts';
import { EVENT_SEARCH_LIMIT } from '../limits.ts';
import { routes } from '../routes.ts';
import { EVENT_STATUS_IDS } from '../statuses.ts';
import { IdParam, IsoDate, idListParam, SafeText } from './primitives.ts';

/** Children in the childIDs filter (the drafts filter picks at most 120). */
export const EVENT_SEARCH_MAX_CHILDREN = 200;
/** Framework item path ids ('/-29/1/3/'), comma-separated, at most 50. */
export const EVENT_SEARCH_MAX_ITEMS = 50;
const itemIdList = z
  .string()
  .max(EVENT_SEARCH_MAX_ITEMS * 64)
  .regex(/^\/-?\d+\/(-?\d+\/)*(,\/-?\d+\/(-?\d+\/)*)*$/, "a comma-separated list of item ids ('/-29/1/3/')")
  .transform((s) => [...new Set(s.split(','))])
  .refine((a) => a.length <= EVENT_SEARCH_MAX_ITEMS, `at most ${EVENT_SEARCH_MAX_ITEMS} items`);

/** Event search (spec 000 §7): filters, keyset cursors (next = `after`, previous = `before`). */
export const EventSearchQuery = z
  .object({
    siteID: IdParam.optional(),
    /** Without it, every status but Deleted (spec 000 §7: "not in deleted statuses"). */
    statusID: IdParam.refine(
      (n) => (EVENT_STATUS_IDS as readonly number[]).includes(n),
      'an event status id',
    ).optional(),
    typeID: IdParam.optional(),
    /** Events of this code (the code must be the provider's). */
    codeID: IdParam.optional(),
    childIDs: idListParam(EVENT_SEARCH_MAX_CHILDREN).optional(),
    staffID: IdParam.optional(),
    /** The drafts filter's author (a staff id); the same filter as staffID. */
    authorID: IdParam.optional(),
    /** Area of learning: a framework item path id; events graded on an item under it. */
    areaID: z
      .string()
      .max(200)
      .regex(/^\/-?\d+\/(-?\d+\/)*$/, "an item id ('/-29/1/')")
      .optional(),
    /** Events of children whose room is this room (the timeline's room filter; issue 31). */
    roomID: IdParam.optional(),
    /**
     * 'cards' adds what a drafts card shows (media, meals, counts, rights); 'timeline' what a timeline
     * card shows (the child's tile, the type's tag, the code's name, media and comment counts);
     * default none.
     */
    fields: z.enum(['cards', 'timeline']).optional(),
    /** Events with a grading on one of these framework items (the observation list of an item). */
    itemIDs: itemIdList.optional(),
    from: IsoDate.optional(),
    to: IsoDate.optional(),
    oldestFirst: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    /** 25 when none is given (spec 000 §7; see docs/decisions.md). */
    limit: IdParam.pipe(z.number().max(100)).default(EVENT_SEARCH_LIMIT),
    after: SafeText.max(200).optional(),
    before: SafeText.max(200).optional(),
  })
  .refine((q) => !(q.after && q.before), 'give either after or before, not both');
export type EventSearchQuery = z.infer<typeof EventSearchQuery>;

export const EventSummary = z.object({
  id: z.int(),
  typeID: z.int(),
  codeID: z.int(),
  statusID: z.int(),
  /** The row's version: a status change sends it back (POST api/v1/transition `versions`). */
  version: z.int(),
  siteID: z.int(),
  childID: z.int().nullable(),
  raised: z.string(),
  date2: z.string().nullable(),
  notes: z.string().nullable(),
  child: z
    .object({
      id: z.int(),
      forename: z.string(),
      surname: z.string(),
      hasImage: z.boolean(),
      /** With fields=timeline: the tile's age, room and room name. */
      dob: IsoDate.optional(),
      roomID: z.int().nullable().optional(),
      roomName: z.string().nullable().optional(),
    })
    .nullable(),
  author: z.object({
    id: z.int(),
    forename: z.string(),
    surname: z.string(),
    staffID: z.int().nullable(),
    hasImage: z.boolean(),
  }),
  /** With fields=cards. */
  mediaIDs: z.array(z.string()).optional(),
  meals: z
    .array(
      z.object({
        mealID: z.int(),
        portionID: z.int().nullable(),
        portionAmount: z.string().nullable(),
      }),
    )
    .optional(),
  gradingCount: z.int().optional(),
  checkpointCount: z.int().optional(),
  editable: z.boolean().optional(),
  /** Status ids the user may move this event to (permissions as data). */
  permittedActions: z.array(z.int()).optional(),
  /** With fields=timeline: the type's tag (which view opens it), the code's name, the counts. */
  typeTag: z.enum(EVENT_TAGS).optional(),
  codeName: z.string().optional(),
  mediaCount: z.int().optional(),
  /** The first attached medium (the card's thumbnail: mediaThumbnailUrl), or null. */
  firstMediaID: z.string().nullable().optional(),
  commentCount: z.int().optional(),
});
export type EventSummary = z.infer<typeof EventSummary>;

export const EventSearchResult = z.object({
  events: z.array(EventSummary),
  next: z.string().nullable(),
  previous: z.string().nullable(),
});
export type EventSearchResult = z.infer<typeof EventSearchResult>;

/** GET /api/v2/events/counts: events per type for the same filters (the search facet). */
export const EventTypeCounts = z.object({
  counts: z.array(z.object({ typeID: z.int(), count: z.int() })),
});
export type EventTypeCounts = z.infer<typeof EventTypeCounts>;

/** GET /api/v2/events/counts: the search's filters without sort, cursors, limit or fields. */
export const EventCountsQuery = z.object(EventSearchQuery.shape).omit({
  oldestFirst: true,
  limit: true,
  after: true,
  before: true,
  fields: true,
});
export type EventCountsQuery = z.infer<typeof EventCountsQuery>;

/** GET api/v2/events. */
export const searchEvents = defineRoute({
  ...routes.searchEvents,
  summary:
    'Event search: filters and keyset cursors (next = after, previous = before), newest first; fields=cards adds what a drafts card shows, fields=timeline what a timeline card shows',
  tags: ['events'],
  querystring: EventSearchQuery,
  response: { 200: EventSearchResult },
});

/** GET api/v2/events/counts. */
export const countEvents = defineRoute({
  ...routes.countEvents,
  summary: 'Events per type for the search filters (the search facet)',
  tags: ['events'],
  querystring: EventCountsQuery,
  response: { 200: EventTypeCounts },
});
