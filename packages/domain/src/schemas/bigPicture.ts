/**
 * The Big Picture report's calls (spec 001 §2 "Big Picture", §3 "Big Picture filter", §4, §5, §7; issue 17):
 * - GraphQL `bigPicture(...filter)`: the filtered children of a site with their grading summary
 *   (itemID, eventType, ageRangeID, value, count), aggregated by the server in SQL;
 * - GraphQL `gradingsOverview(childIDs, frameworkID, eventTypes, dateFrom)`: the gradings behind it;
 * - GraphQL `attributes`: the custom child attributes and their list items (the attribute filter);
 * - GraphQL `ethnicities`: the provider's ethnicities (the ethnicity filter);
 * - REST `POST /api/v1/big-picture/export`: the xlsx ('Big Picture {DD-MM-YYYY}.xlsx') of the filter
 *   with the session's professional-judgement overrides applied (docs/decisions.md "Issue 17").
 * Frameworks (tree, age ranges with short labels, schemes with colours) come from GET /api/v1/frameworks
 * and the sites from the config (sitesByID). Only published events count. Dates are YYYY-MM-DD in the
 * site's time zone (Europe/London); `dateFrom` counts from the start of that day.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { SPOTLIGHT_TAGS } from '../eventTypes.ts';
import { SPOTLIGHT_CHILD_MAX } from '../limits.ts';
import { routes } from '../routes.ts';
import { Id, Int32, IsoDate, SafeText } from './primitives.ts';
import { SpotlightType } from './spotlight.ts';

/** Big Picture child maximum (spec 001 §9). */
export const BIG_PICTURE_CHILD_MAX = SPOTLIGHT_CHILD_MAX;
/** Outer bound of the overrides an export carries (one per item and age range). */
export const BIG_PICTURE_OVERRIDE_MAX = 5000;

/** The event types a Big Picture counts: snapshots and learning stories (by the type's tag). */
export const BigPictureEventType = SpotlightType;
export type BigPictureEventType = SpotlightType;

/** EAL / EYPP / SEND / 2YF: only those children, or all but them; absent = no filter (spec 001 §5). */
export const TriStateFilter = z.enum(['ONLY', 'EXCLUDE']).meta({ title: 'TriStateFilter' });
export type TriStateFilter = z.infer<typeof TriStateFilter>;

/** Gender as stored on the child (M, F, O). */
export const ChildGender = z.enum(['M', 'F', 'O']).meta({ title: 'ChildGender' });
export type ChildGender = z.infer<typeof ChildGender>;

/** A framework id: a path string without slashes ('-29', '-23'). */
export const FrameworkID = z.string().regex(/^-?[0-9]{1,9}$/, 'a framework id such as -29');

const Cohort = z.int().min(1900).max(2100);
const AttributeValue = SafeText.min(1).max(200);

/**
 * The Big Picture filter (spec 001 §3): the GraphQL arguments of `bigPicture` and the filter of the
 * export. childIDs absent = every current child of the site that the other filters keep.
 */
export const BigPictureFilter = z.object({
  childIDs: z.array(Id).max(BIG_PICTURE_CHILD_MAX).nullish(),
  siteID: Id,
  frameworkID: FrameworkID,
  eventTypes: z.array(BigPictureEventType).min(1).max(SPOTLIGHT_TAGS.length),
  dateFrom: IsoDate,
  gender: ChildGender.nullish(),
  /** September school-year cohort: the year the child starts Reception (cohortOptions). */
  cohort: Cohort.nullish(),
  ethnicityID: Id.nullish(),
  eal: TriStateFilter.nullish(),
  eypp: TriStateFilter.nullish(),
  send: TriStateFilter.nullish(),
  twoYearFunded: TriStateFilter.nullish(),
  /** With attributeValue: children whose value of the attribute is that list item's value. */
  attributeID: Id.nullish(),
  attributeValue: AttributeValue.nullish(),
});
export type BigPictureFilter = z.infer<typeof BigPictureFilter>;

/**
 * One aggregate row: how many gradings (value 0 or 1) or best fits (value null: a best fit, or a
 * grading kept without a value) of the item at the age range the child has on published events of
 * the type since dateFrom.
 */
export const BigPictureGradingSummary = z.object({
  itemID: z.string(),
  eventType: BigPictureEventType,
  ageRangeID: z.int().nullable(),
  /** 0 working towards, 1 achieved, null best fit. */
  value: z.int().nullable(),
  count: z.int(),
});
export type BigPictureGradingSummary = z.infer<typeof BigPictureGradingSummary>;

export const BigPictureChild = z.object({
  id: z.int(),
  forename: z.string(),
  surname: z.string(),
  hasImage: z.boolean(),
  /** YYYY-MM-DD (the tile's age). */
  dob: z.string(),
  roomName: z.string().nullable(),
  gradingSummary: z.array(BigPictureGradingSummary),
});
export type BigPictureChild = z.infer<typeof BigPictureChild>;

/** bigPicture's answer: the children by surname, forename, id (those without gradings too). */
export const BigPictureReport = z.object({ children: z.array(BigPictureChild) });
export type BigPictureReport = z.infer<typeof BigPictureReport>;

/* ------------------------------------------------------------------------- gradingsOverview */

export const GradingsOverviewArgs = z.object({
  childIDs: z.array(Id).min(1).max(BIG_PICTURE_CHILD_MAX),
  frameworkID: FrameworkID,
  eventTypes: z.array(BigPictureEventType).min(1).max(SPOTLIGHT_TAGS.length),
  dateFrom: IsoDate,
});
export type GradingsOverviewArgs = z.infer<typeof GradingsOverviewArgs>;

/** One distinct grading of a child (value null = best fit), by child, item, age range, value. */
export const GradingsOverviewRow = z.object({
  childID: z.int(),
  itemID: z.string(),
  value: z.int().nullable(),
  ageRangeID: z.int().nullable(),
});
export type GradingsOverviewRow = z.infer<typeof GradingsOverviewRow>;

/* ------------------------------------------------------------------------- attributes, ethnicities */

export const ChildAttribute = z.object({
  id: z.int(),
  name: z.string(),
  /** The values a child may hold (value) and their display text (item), in display order. */
  listItems: z.array(z.object({ value: z.string(), item: z.string() })),
});
export type ChildAttribute = z.infer<typeof ChildAttribute>;

export const Ethnicity = z.object({ id: z.int(), name: z.string() });
export type Ethnicity = z.infer<typeof Ethnicity>;

export const AttributesArgs = z.object({});
export const EthnicitiesArgs = z.object({});

/* ------------------------------------------------------------------------- the xlsx export */

/** A professional-judgement grade (spec 001 §4): Birth to 5 offers only bestFit. */
export const JudgementGrade = z.enum(['workingTowards', 'achieved', 'bestFit']);
export type JudgementGrade = z.infer<typeof JudgementGrade>;

/** A professional judgement on one wheel segment (item and age range), held by the client. */
export const ProfessionalJudgement = z.object({
  itemID: SafeText.min(1).max(200),
  ageRangeID: Int32.nullable(),
  grade: JudgementGrade,
});
export type ProfessionalJudgement = z.infer<typeof ProfessionalJudgement>;

export const BigPictureExportBody = BigPictureFilter.extend({
  /** The session's overrides (spec 001 §4: used in the export); one per item and age range. */
  overrides: z.array(ProfessionalJudgement).max(BIG_PICTURE_OVERRIDE_MAX),
});
export type BigPictureExportBody = z.infer<typeof BigPictureExportBody>;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The workbook's bytes (Content-Disposition: attachment; filename="Big Picture DD-MM-YYYY.xlsx"). */
export const BigPictureXlsx = z.string().meta({ format: 'binary', description: 'The xlsx workbook' });

/**
 * POST api/v1/big-picture/export: the xlsx of the filter (sheets 'Big Picture Report',
 * 'Gradings Overview', one per child with data) with the overrides applied.
 */
export const exportBigPicture = defineRoute({
  ...routes.exportBigPicture,
  summary: 'The Big Picture report as an xlsx workbook, professional judgements applied',
  tags: ['big-picture'],
  body: BigPictureExportBody,
  response: { 200: BigPictureXlsx },
});
