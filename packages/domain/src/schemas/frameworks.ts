/**
 * The framework reference data the add/edit screen grades against (spec 000 §3 "Framework", spec 001
 * §3): frameworks usable at a site with their levels, age ranges, item tree (flattened, parent first),
 * grading schemes per event type with grades, and the learning styles. Answered by
 * GET /api/v1/frameworks?siteID= and cached by the client.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { IdParam } from './primitives.ts';

export const FrameworkGrade = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 0 working towards, 1 achieved, 2 best fit: the grading value this grade writes. */
  value: z.number().int().min(0).max(2),
  colour: z.string().nullable(),
  style: z.string().nullable(),
});
export type FrameworkGrade = z.infer<typeof FrameworkGrade>;

export const FrameworkScheme = z.object({
  eventTypeID: z.number().int(),
  allowAgeRange: z.boolean(),
  allowNotes: z.boolean(),
  allowNextSteps: z.boolean(),
  template: z.enum(['checkbox', 'tristate', 'other']),
  /** Visible grades in display order. */
  grades: z.array(FrameworkGrade),
});
export type FrameworkScheme = z.infer<typeof FrameworkScheme>;

export const FrameworkAgeRange = z.object({
  id: z.number().int(),
  name: z.string(),
  shortLabel: z.string().nullable(),
  backgroundColour: z.string().nullable(),
  foregroundColour: z.string().nullable(),
  minMonths: z.number().int().nullable(),
  maxMonths: z.number().int().nullable(),
});
export type FrameworkAgeRange = z.infer<typeof FrameworkAgeRange>;

export const FrameworkItem = z.object({
  /** Path id ('/-29/1/3/'); the root item is '/{frameworkID}/'. */
  id: z.string(),
  uniqueID: z.number().int(),
  parentID: z.string().nullable(),
  name: z.string(),
  levelName: z.string().nullable(),
  depth: z.number().int(),
  ageRangeID: z.number().int().nullable(),
  helpText: z.string().nullable(),
  tag: z.string().nullable(),
});
export type FrameworkItem = z.infer<typeof FrameworkItem>;

export const Framework = z.object({
  id: z.string(),
  name: z.string(),
  shortName: z.string().nullable(),
  template: z.enum(['mini', 'generic']),
  /** The level name of gradable statements, when the framework has one. */
  statementLevel: z.string().nullable(),
  levels: z.array(z.object({ depth: z.number().int(), name: z.string() })),
  ageRanges: z.array(FrameworkAgeRange),
  schemes: z.array(FrameworkScheme),
  /** Enabled items, depth-first in sort order (a parent always before its children). */
  items: z.array(FrameworkItem),
});
export type Framework = z.infer<typeof Framework>;

export const LearningStyle = z.object({
  /** A power of two; an event stores the sum of the selected ids. */
  id: z.number().int().positive(),
  parentID: z.number().int().nullable(),
  name: z.string(),
});
export type LearningStyle = z.infer<typeof LearningStyle>;

export const FrameworksAnswer = z.object({
  siteID: z.number().int(),
  frameworks: z.array(Framework),
  learningStyles: z.array(LearningStyle),
});
export type FrameworksAnswer = z.infer<typeof FrameworksAnswer>;

export const FrameworksQuery = z.object({
  /** Default: the session's site (400 when none is chosen). */
  siteID: IdParam.optional(),
});
export type FrameworksQuery = z.infer<typeof FrameworksQuery>;

/**
 * GET api/v1/frameworks?siteID=. Answers an ETag; an If-None-Match naming it gets 304 with no body
 * (the route adds that answer: it is not a 2xx a client reads).
 */
export const getFrameworks = defineRoute({
  ...routes.getFrameworks,
  summary: 'Frameworks usable at a site (levels, age ranges, schemes with grades, items) and learning styles',
  tags: ['frameworks'],
  querystring: FrameworksQuery,
  response: { 200: FrameworksAnswer },
});

/**
 * The 'favouriteFrameworks' store of spec 001 §7 (the gradings picker's starred frameworks), per user:
 * kept on the server so a practitioner's favourites follow them from one shared tablet to the next.
 */
export const FAVOURITE_FRAMEWORKS_MAX = 50;
export const FavouriteFrameworks = z.object({
  frameworkIDs: z
    .array(z.string().min(1).max(100))
    .max(FAVOURITE_FRAMEWORKS_MAX)
    .describe('Framework ids in the order the user starred them'),
});
export type FavouriteFrameworks = z.infer<typeof FavouriteFrameworks>;

export const getFavouriteFrameworks = defineRoute({
  ...routes.getFavouriteFrameworks,
  summary: "The user's favourite frameworks (the gradings picker's stars)",
  tags: ['frameworks'],
  response: { 200: FavouriteFrameworks },
});

/** Replaces the whole list; a framework the provider does not have answers 404. */
export const putFavouriteFrameworks = defineRoute({
  ...routes.putFavouriteFrameworks,
  summary: "Replace the user's favourite frameworks",
  tags: ['frameworks'],
  body: FavouriteFrameworks,
  response: { 200: FavouriteFrameworks },
});
