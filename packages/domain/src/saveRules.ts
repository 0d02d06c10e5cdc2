/**
 * Two rules of an event save that the spec leaves to us (issue 13, recorded in docs/decisions.md):
 * an event must say something (content), and most events record what happened, so their date may
 * not lie in the future. The server refuses a save that breaks them (400) and the add/edit form
 * shows the same message before sending.
 */
import { shouldSaveNextStep } from './rules.ts';

/** What of a save payload (or of the form's view of one) counts as content. */
export interface EventContentInput {
  notes?: string | null;
  childsVoice?: string | null;
  /** Parent notes. */
  ref2?: string | null;
  mediaIDs?: readonly string[];
  values?: readonly {
    value?: number | null;
    ageRangeID?: number | null;
    notes?: string | null;
  }[];
  nextSteps?: readonly { notes?: string | null; links?: readonly string[]; completed?: boolean }[];
  completedNextStepIDs?: readonly number[];
  meals?: readonly unknown[];
  learningStyles?: number;
  areaID?: number | null;
  existingInjury?: boolean | null;
}

/**
 * Types whose record is complete with what every save carries: a sleep is its start time (closed
 * later), a nappy change its code (wet, soiled, dry, toilet), a medication its details kept beside
 * the event (medication info and signatures).
 */
export const CONTENT_IN_ITSELF_TAGS = ['sleep', 'nappy', 'medication'] as const;

export const EVENT_NO_CONTENT_KEY = 'event-no-content';

const filled = (s: string | null | undefined) => typeof s === 'string' && s.trim() !== '';

/**
 * Whether the event holds something: notes, child's voice, parent notes, a photo or video, a
 * grading, a next step or a completed one, or the type's own details (meals of a meal; the area or
 * an existing injury of an accident; learning styles of an observation). Sleep, nappy and
 * medication events always do. Null when it does, else the message key.
 */
export function eventContentProblem(tag: string, p: EventContentInput): typeof EVENT_NO_CONTENT_KEY | null {
  if ((CONTENT_IN_ITSELF_TAGS as readonly string[]).includes(tag)) return null;
  const general =
    filled(p.notes) ||
    filled(p.childsVoice) ||
    filled(p.ref2) ||
    (p.mediaIDs?.length ?? 0) > 0 ||
    (p.values ?? []).some(
      (v) => (v.value ?? null) !== null || (v.ageRangeID ?? null) !== null || filled(v.notes),
    ) ||
    (p.nextSteps ?? []).some((s) => shouldSaveNextStep(s)) ||
    (p.completedNextStepIDs?.length ?? 0) > 0;
  if (general) return null;
  const own =
    (tag === 'meal' && (p.meals?.length ?? 0) > 0) ||
    (tag === 'accident' && ((p.areaID ?? null) !== null || p.existingInjury === true)) ||
    (tag === 'observation' && (p.learningStyles ?? 0) > 0);
  return own ? null : EVENT_NO_CONTENT_KEY;
}

/** Types that plan ahead: a task or reminder, enhanced provision. Every other type records the past. */
export const FUTURE_ALLOWED_TAGS = ['task', 'enhancedprovision'] as const;

/**
 * How far ahead of the server's clock an event may be and still count as now: a tablet's clock
 * that runs a few minutes fast, and a time picked to the minute, must not be refused.
 */
export const FUTURE_GRACE_MS = 15 * 60 * 1000;

export const FUTURE_DATE_KEY = 'future-dates-not-allowed';

/**
 * A date in the future is refused for types that record what happened (observations,
 * assessments, care records, accidents, notes, medication, Spotlight). `date2` (a sleep's end) is
 * checked too. Null when fine, else the message key (the spec's medication wording, spec 002).
 */
export function futureDateProblem(
  tag: string,
  at: { raised: Date | string; date2?: Date | string | null },
  now: Date,
): typeof FUTURE_DATE_KEY | null {
  if ((FUTURE_ALLOWED_TAGS as readonly string[]).includes(tag)) return null;
  const limit = now.getTime() + FUTURE_GRACE_MS;
  const late = (d: Date | string | null | undefined) =>
    d !== null && d !== undefined && new Date(d).getTime() > limit;
  return late(at.raised) || late(at.date2) ? FUTURE_DATE_KEY : null;
}
