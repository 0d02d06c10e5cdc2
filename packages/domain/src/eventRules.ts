/**
 * Event save rules that have no other home (spec 000 §5): the sleep end time and the text-limit
 * kind of an event (from its type tag and code key).
 */
import type { TextLimitKind } from './limits.ts';
import type { EventTypeConfig } from './schemas/config.ts';

export const SLEEP_END_MESSAGE = 'end time must be after start time';

/** The sleep end time (date2) must come after the start (raised); null when fine or absent. */
export function sleepEndProblem(
  raised: Date | string,
  date2: Date | string | null | undefined,
): string | null {
  if (date2 === null || date2 === undefined) return null;
  return new Date(date2).getTime() > new Date(raised).getTime() ? null : SLEEP_END_MESSAGE;
}

/** Code keys with behaviour (spec 000 §4): the two-year check and the baseline assessment flags. */
export const TWO_YEAR_CODE_KEY = 'two-year-check';
export const BASELINE_CODE_KEY = 'baseline-assessment';
/**
 * The plain observation's code key (neither group nor parent): the add form chooses it for an
 * observation when the device remembers no code of the type (issue 27, docs/decisions.md).
 */
export const PLAIN_OBSERVATION_CODE_KEY = 'observation';

/** The codes a user may pick for a type (its enabled ones; none without a type). */
export function enabledCodes(type: Pick<EventTypeConfig, 'codes'> | null): EventTypeConfig['codes'] {
  return type ? type.codes.filter((c) => c.enabled) : [];
}

export function eventFlagsFromCode(codeKey: string | null | undefined): {
  twoyear: boolean;
  baseline: boolean;
} {
  return { twoyear: codeKey === TWO_YEAR_CODE_KEY, baseline: codeKey === BASELINE_CODE_KEY };
}

/**
 * Which text-limit kind applies: two-year checks and baseline assessments have their own, the
 * spotlight tags and tasks theirs, and every other event the observation limits.
 */
export function textLimitKindOf(tag: string, codeKey: string | null | undefined): TextLimitKind {
  const flags = eventFlagsFromCode(codeKey);
  if (flags.twoyear) return 'twoYear';
  if (flags.baseline) return 'baselineAssessment';
  if (tag === 'assessment' || tag === 'snapshot' || tag === 'learningStory' || tag === 'task') return tag;
  return 'observation';
}
