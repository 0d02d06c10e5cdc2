/**
 * The Event Checker fetch (spec 001 §3 "Event checker report", §7 "An event-checker fetch (by staffIDs,
 * or by siteID, with dateFrom, dateTo, frameworkID)", §9 "Event Checker, key-children display"):
 * staff members with their key children, each child's latest snapshot and learning story in the range
 * with its due date and status, and the two-year check; per staff the warning counts.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { EVENT_CHECKER_EVENT_TYPES, EVENT_CHECKER_STAFF_MAX } from '../eventChecker.ts';
import { routes } from '../routes.ts';
import { KeyChildTwoYearCheck, SpotlightRef } from './keyChildren.ts';
import { childAvatarFields, personCardFields } from './personFields.ts';
import { Id, IdParam, IsoDate, idListParam } from './primitives.ts';

export const EventCheckerEventTypeSchema = z.enum(EVENT_CHECKER_EVENT_TYPES);

export const EventCheckerQuery = z.object({
  /** The site whose key children are checked; default: the session's (a site not the user's is 404). */
  siteID: IdParam.optional(),
  /**
   * These staff members ('3,7,12', at most 50; each must work at the site, else 404). Without it, and
   * with the right to select staff, the site's staff who have key children there (the first 50 by
   * surname). Without that right the answer is always the user's own key children.
   */
  staffIDs: idListParam(EVENT_CHECKER_STAFF_MAX).optional(),
  /** The range of spotlights looked at (site-local days, inclusive). */
  dateFrom: IsoDate,
  dateTo: IsoDate,
  /** Only spotlights with a grading or best fit in this framework ('-29'). */
  frameworkID: z
    .string()
    .regex(/^-?\d{1,9}$/, 'a framework id')
    .optional(),
  /** 'snapshot,learningStory' (default both): which spotlight cells are answered. */
  eventTypes: z
    .string()
    .max(40)
    .transform((s) => [...new Set(s.split(','))])
    .pipe(z.array(EventCheckerEventTypeSchema).min(1))
    .optional(),
});
export type EventCheckerQuery = z.infer<typeof EventCheckerQuery>;

export const SpotlightCheckStatusSchema = z.enum(['done', 'warning', 'overdue', 'missing']);

/** A snapshot or learning-story cell: the latest in the range, its due date and status (domain spotlightCheck). */
export const EventCheckerSpotlightCell = z.object({
  latest: SpotlightRef.nullable(),
  dueDate: IsoDate,
  status: SpotlightCheckStatusSchema,
});
export type EventCheckerSpotlightCell = z.infer<typeof EventCheckerSpotlightCell>;

export const EventCheckerChild = z.object({
  ...childAvatarFields,
  /** Null when snapshots are not among the event types asked. */
  snapshot: EventCheckerSpotlightCell.nullable(),
  /** Null when learning stories are not among the event types asked. */
  learningStory: EventCheckerSpotlightCell.nullable(),
  /** The child's two-year check (any date up to the end of the range) and its status on `asOf`. */
  twoYearCheck: KeyChildTwoYearCheck,
});
export type EventCheckerChild = z.infer<typeof EventCheckerChild>;

export const EventCheckerStaff = z.object({
  ...personCardFields,
  /** Current key children at the site on `asOf`, by surname, forename, id. */
  keyChildren: z.array(EventCheckerChild),
  /** Key children with a spotlight cell in warning, overdue or missing. */
  spotlightWarningCount: z.number().int().min(0),
  /** Key children whose two-year check is in warning or overdue. */
  twoYearCheckWarningCount: z.number().int().min(0),
  /** Spotlights of the asked types in the range about these key children (not deleted). */
  totalSpotlights: z.number().int().min(0),
});
export type EventCheckerStaff = z.infer<typeof EventCheckerStaff>;

export const EventCheckerAnswer = z.object({
  siteID: Id,
  dateFrom: IsoDate,
  dateTo: IsoDate,
  /** The day statuses are judged on: dateTo, or today when dateTo is later. */
  asOf: IsoDate,
  frameworkID: z.string().nullable(),
  eventTypes: z.array(EventCheckerEventTypeSchema),
  permittedActions: z.object({
    /** The user may choose staff (the `selectStaff` permission); else the answer is their own. */
    canSelectStaff: z.boolean(),
  }),
  /** In the order asked (staffIDs), else by surname, forename, id. */
  staff: z.array(EventCheckerStaff),
});
export type EventCheckerAnswer = z.infer<typeof EventCheckerAnswer>;

export const getEventChecker = defineRoute({
  ...routes.getEventChecker,
  summary: "Event Checker: staff members' key children with their latest spotlights and two-year checks",
  tags: ['spotlight'],
  querystring: EventCheckerQuery,
  response: { 200: EventCheckerAnswer },
});
