/**
 * Home's key children and pending considerations, and the last-published-observation report
 * (spec 002 §2 Home and Links, §3 "Key-children data" and Consideration, §6, §7, §9).
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { childAvatarFields, personCardFields } from './personFields.ts';
import { Id, IdParam, Instant, IsoDate } from './primitives.ts';

/** An area of learning: a depth-1 item of a framework usable at the site ('/-29/1/'). */
export const LearningArea = z.object({
  id: z.string(),
  name: z.string(),
  frameworkID: z.string(),
  frameworkName: z.string(),
});
export type LearningArea = z.infer<typeof LearningArea>;

/** The last observation of a child in one area: its day at the site, and whether it is recent. */
export const AreaObservation = z.object({
  areaID: z.string(),
  date: IsoDate,
  /** Within 2 weeks of the asked date (spec 002 §9; domain isRecentObservation). */
  recent: z.boolean(),
});
export type AreaObservation = z.infer<typeof AreaObservation>;

/** A spotlight (snapshot or learning story): its id and day. */
export const SpotlightRef = z.object({ id: Id, date: IsoDate });
export type SpotlightRef = z.infer<typeof SpotlightRef>;

export const TwoYearCheckStatusSchema = z.enum(['done', 'invalid', 'due', 'warning', 'overdue']);

export const KeyChildTwoYearCheck = z.object({
  /** The two-year check event, when one was recorded (not deleted). */
  id: Id.nullable(),
  date: IsoDate.nullable(),
  status: TwoYearCheckStatusSchema,
  /** The third birthday (spec 001 §9). */
  due: IsoDate,
});

export const KeyChild = z.object({
  ...personCardFields,
  dob: IsoDate,
  siteID: Id,
  roomID: Id.nullable(),
  /** One entry per area with an observation (not deleted) on or before the date. */
  lastObservationDates: z.array(AreaObservation),
  latestSnapshot: SpotlightRef.nullable(),
  latestLearningStory: SpotlightRef.nullable(),
  snapshotDueDate: IsoDate,
  learningStoryDueDate: IsoDate,
  twoYearCheck: KeyChildTwoYearCheck,
});
export type KeyChild = z.infer<typeof KeyChild>;

export const KeyChildrenQuery = z.object({
  /** The day the table is for (the device's today at the site). */
  date: IsoDate,
  /** Whose frameworks give the areas; default: the session's site. */
  siteID: IdParam.optional(),
});
export type KeyChildrenQuery = z.infer<typeof KeyChildrenQuery>;

export const KeyChildrenAnswer = z.object({
  date: IsoDate,
  siteID: Id,
  /** The user as a member of staff; null for an account without a staff record. */
  staff: z
    .object({
      id: Id,
      forename: z.string(),
      surname: z.string(),
      /** Snapshots and learning stories (not deleted) about the current key children. */
      totalSpotlights: z.number().int().min(0),
    })
    .nullable(),
  /** The columns of the table, by framework then the framework's order. */
  areas: z.array(LearningArea),
  /** Which event-checker columns the user has (provider flags and enableSpotlight). */
  permittedActions: z.object({ viewSnapshots: z.boolean(), viewLearningStories: z.boolean() }),
  /** The user's current key children at their sites, by surname, forename, id. */
  children: z.array(KeyChild),
});
export type KeyChildrenAnswer = z.infer<typeof KeyChildrenAnswer>;

export const getKeyChildren = defineRoute({
  ...routes.getKeyChildren,
  summary: "Home: the user's key children with their last observation per area and event-checker data",
  tags: ['home'],
  querystring: KeyChildrenQuery,
  response: { 200: KeyChildrenAnswer },
});

/* ---------------------------------------------------------------- pending considerations */

/** One consideration waiting for a manager (its event is Pending), as GraphQL PendingConsiderations answers. */
export const PendingConsideration = z.object({
  id: Id,
  status: z.string(),
  notes: z.string().nullable(),
  visibleToParents: z.boolean(),
  staffID: Id.nullable(),
  eventID: Id,
  created: Instant,
  child: z.object(personCardFields),
  staffMember: z.object({ id: Id, forename: z.string(), surname: z.string() }).nullable(),
});
export type PendingConsideration = z.infer<typeof PendingConsideration>;

/* ------------------------------------------------------- last published observation report */

export const LastPublishedQuery = z.object({
  siteID: IdParam,
  /** Only this room's children (a room of the site). */
  roomID: IdParam.optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(100))
    .optional(),
  /** The next page's cursor (from `next`). */
  after: z.string().max(400).optional(),
});
export type LastPublishedQuery = z.infer<typeof LastPublishedQuery>;

export const LastPublishedChild = z.object({
  ...childAvatarFields,
  /** Per area with a published observation: the day of the last one at the site. */
  lastPublishedDates: z.array(z.object({ areaID: z.string(), date: IsoDate })),
});
export type LastPublishedChild = z.infer<typeof LastPublishedChild>;

export const LastPublishedAnswer = z.object({
  siteID: Id,
  roomID: Id.nullable(),
  /** Today at the site. */
  today: IsoDate,
  areas: z.array(LearningArea),
  /** The site's (or room's) current children, by surname, forename, id: one page. */
  children: z.array(LastPublishedChild),
  /** Cursor of the next page; null on the last. */
  next: z.string().nullable(),
});
export type LastPublishedAnswer = z.infer<typeof LastPublishedAnswer>;

export const getLastPublishedObservations = defineRoute({
  ...routes.getLastPublishedObservations,
  summary: "The last published observation per area of learning of a site's (or room's) children",
  tags: ['reports'],
  querystring: LastPublishedQuery,
  response: { 200: LastPublishedAnswer },
});
