/**
 * The Spotlight editor's rules (spec 001 §4, §5, §9; issue 16), shared by the editor and the
 * server's updateEvent: the child limits, the two-year-check age, gradings (built on gradings.ts),
 * considerations (built on considerations.ts), type switching, the Birth to 5 guidance-note headers,
 * text limits and the media tiles. Pure functions; messages through formatMessage.
 */
import { isRestrictedConsideration, withConsiderationStatus } from './considerations.ts';
import { type CalendarDate, twoYearCheckWindow } from './dates.ts';
import type { SpotlightTag } from './eventTypes.ts';
import {
  checkGradingCeiling,
  countGradings,
  type GradingLike,
  gradingCounts,
  toggleGrade,
} from './gradings.ts';
import { SPOTLIGHT_CHILD_MAX, SPOTLIGHT_CHILD_MAX_SINGLE, type TextLimitKind, textLimit } from './limits.ts';
import { formatMessage } from './messages.ts';
import { isPublishOrArchive } from './publishing.ts';
import { SPOTLIGHT_TEXT_FIELDS, type SpotlightTextField, SpotlightTextFields } from './schemas/events.ts';
import { statusById } from './statuses.ts';

/* ------------------------------------------------------------------------------ children */

/** 1 for a learning story or an existing event, otherwise 200 (spec 001 §5, §9). */
export function spotlightChildMax(type: SpotlightTag, existing: boolean): number {
  return type === 'learningStory' || existing ? SPOTLIGHT_CHILD_MAX_SINGLE : SPOTLIGHT_CHILD_MAX;
}

/** Select-all is not allowed for learning stories. */
export function canSelectAllChildren(type: SpotlightTag): boolean {
  return type !== 'learningStory';
}

/** The warning shown when a learning story has more than one child (spec 001 §5, §8). */
export function learningStoryChildWarning(type: SpotlightTag, childCount: number): string | null {
  return type === 'learningStory' && childCount > 1 ? formatMessage('learning-story-single-child') : null;
}

export type ChildCountProblem = 'none-selected' | 'single-child' | 'too-many';

/** Why the child selection cannot be saved, or null: none, more than one where one is the rule, over 200. */
export function childCountProblem(
  type: SpotlightTag,
  childCount: number,
  existing: boolean,
): ChildCountProblem | null {
  if (childCount === 0) return 'none-selected';
  const max = spotlightChildMax(type, existing);
  if (childCount <= max) return null;
  return max === SPOTLIGHT_CHILD_MAX_SINGLE ? 'single-child' : 'too-many';
}

/**
 * A two-year-check learning story with one child: the child must be in the allowed age range (the
 * two-year window of dates.ts, 22 to 36 months at the event date), else the spec's message.
 * Null when fine or not applicable (not a two-year check, or not exactly one child).
 */
export function twoYearAgeProblem(
  isTwoYearCheck: boolean,
  children: readonly { dob: CalendarDate }[],
  date: CalendarDate,
): string | null {
  if (!isTwoYearCheck || children.length !== 1) return null;
  return twoYearCheckWindow(children[0]!.dob, date).inWindow
    ? null
    : formatMessage('selected-child-invalid-twoyear');
}

/* ------------------------------------------------------------------------------ gradings */

export interface EditorGrading {
  itemID: string;
  value: 0 | 1 | null;
  ageRangeID: number | null;
  notes: string | null;
}

function replaceGrading(list: readonly EditorGrading[], next: EditorGrading): EditorGrading[] {
  const rest = list.filter((g) => g.itemID !== next.itemID);
  // A grading that no longer counts (no value, age range or notes) is dropped.
  return gradingCounts(next) ? [...rest, next] : rest;
}

function current(list: readonly EditorGrading[], itemID: string): EditorGrading {
  return list.find((g) => g.itemID === itemID) ?? { itemID, value: null, ageRangeID: null, notes: null };
}

/** Selecting a grade: the same grade again clears it (the grading stays if its age range or notes count). */
export function selectGrade(list: readonly EditorGrading[], itemID: string, value: 0 | 1): EditorGrading[] {
  const g = current(list, itemID);
  return replaceGrading(list, { ...g, value: toggleGrade(g.value, value) });
}

/** Sets the age range, or clears it (null: the 'clear' option). */
export function setGradingAgeRange(
  list: readonly EditorGrading[],
  itemID: string,
  ageRangeID: number | null,
): EditorGrading[] {
  return replaceGrading(list, { ...current(list, itemID), ageRangeID });
}

export function setGradingNotes(
  list: readonly EditorGrading[],
  itemID: string,
  notes: string,
): EditorGrading[] {
  return replaceGrading(list, { ...current(list, itemID), notes: notes === '' ? null : notes });
}

/** Gradings plus best fits that count, and the 255 message when over (spec 001 §9). */
export function gradingTotal(
  gradings: readonly GradingLike[],
  bestFits: readonly GradingLike[],
): { count: number; problem: string | null } {
  const count = countGradings(gradings, bestFits);
  return { count, problem: checkGradingCeiling(count) };
}

/* ------------------------------------------------------------------------------ considerations */

export interface EditorConsideration {
  id?: number | null;
  status: string;
  notes: string | null;
  visibleToParents: boolean;
}

/** At most one: a second is refused (the list is returned unchanged). */
export function addConsideration<C extends EditorConsideration>(list: readonly C[], c: C): C[] {
  return list.length === 0 ? [withConsiderationStatus(c, c.status)] : [...list];
}

/** Applies the status rule: anything other than Intervention clears visibleToParents. */
export function normaliseConsiderations<C extends EditorConsideration>(list: readonly C[]): C[] {
  return list.map((c) => withConsiderationStatus(c, c.status));
}

/**
 * An Intervention or Staff Support consideration blocks saving to archived or published without
 * publishConsiderations: the spec's full message, else null.
 */
export function restrictedConsiderationProblem(
  considerations: readonly { status: string }[],
  targetStatusID: number,
  publishConsiderations: boolean,
): string | null {
  const status = statusById(targetStatusID);
  if (!status || !isPublishOrArchive(status) || publishConsiderations) return null;
  return considerations.some((c) => isRestrictedConsideration(c.status))
    ? formatMessage('restricted-consideration-publish')
    : null;
}

/** The save buttons: the allowed statuses less those the consideration rule blocks (pending stays). */
export function saveStatusesAllowed(
  saveStatusIDs: readonly number[],
  considerations: readonly { status: string }[],
  publishConsiderations: boolean,
): number[] {
  return saveStatusIDs.filter(
    (id) => restrictedConsiderationProblem(considerations, id, publishConsiderations) === null,
  );
}

/** 'The intervention will be visible in ParentZone once the {type} is published' (spec 001 §8). */
export function interventionVisibilityNote(type: SpotlightTag): string {
  return formatMessage('intervention-visible-in-parentzone', {
    type: type === 'learningStory' ? 'learning story' : 'snapshot',
  });
}

/* ------------------------------------------------------------------------------ type switching */

export interface TypeOption {
  type: SpotlightTag;
  codes: readonly { id: number }[];
}

/**
 * The type the editor uses: snapshot switches to learning story when snapshots are not enabled;
 * a type not enabled falls back to the first enabled one; null when none is.
 */
export function effectiveSpotlightType(
  type: SpotlightTag,
  enabled: readonly TypeOption[],
): SpotlightTag | null {
  if (enabled.some((t) => t.type === type)) return type;
  if (type === 'snapshot' && enabled.some((t) => t.type === 'learningStory')) return 'learningStory';
  return enabled[0]?.type ?? null;
}

/** A type change: the code resets to the first code of the new type (null when it has none). */
export function switchSpotlightType(
  to: SpotlightTag,
  enabled: readonly TypeOption[],
): { type: SpotlightTag; codeID: number | null } {
  const codeID = enabled.find((t) => t.type === to)?.codes[0]?.id ?? null;
  return { type: to, codeID };
}

/**
 * The type tabs may change for a new event; once an event exists only while saving or when it is
 * not editable (the spec's stated exceptions: the editor is read-only then anyway).
 */
export function canChangeSpotlightType(existing: boolean, saving: boolean, editable: boolean): boolean {
  return !existing || saving || !editable;
}

/* ------------------------------------------------------------------------------ guidance notes */

/** The Birth to 5 Matters framework's root path (items under it are '/-23/…'). */
export const BIRTH_TO_FIVE_ROOT = '/-23/';

/**
 * A guidance-note header: a line '[{area name}]' (OURS: decisions.md Issue 16), one per Birth to 5
 * area graded on the event, so the practitioner writes the guidance under each.
 */
export function guidanceHeader(areaName: string): string {
  return `[${areaName}]`;
}

const isHeaderLine = (line: string, headers: ReadonlySet<string>) => headers.has(line.trim());

/** Appends the headers not yet in the notes, each on its own line. */
export function insertGuidanceHeaders(notes: string, areaNames: readonly string[]): string {
  const present = new Set(notes.split('\n').map((l) => l.trim()));
  const missing = areaNames.map(guidanceHeader).filter((h) => !present.has(h));
  if (missing.length === 0) return notes;
  const base = notes.replace(/\s+$/, '');
  return [base, ...missing].filter((l) => l !== '').join('\n');
}

/** Removes every header line of these areas (the text written under them stays). */
export function removeGuidanceHeaders(notes: string, areaNames: readonly string[]): string {
  const headers = new Set(areaNames.map(guidanceHeader));
  return notes
    .split('\n')
    .filter((l) => !isHeaderLine(l, headers))
    .join('\n');
}

/** Headers are removed automatically when no framework item under /-23 has a grading. */
export function hasBirthToFiveGrading(gradings: readonly { itemID: string }[]): boolean {
  return gradings.some((g) => g.itemID.startsWith(BIRTH_TO_FIVE_ROOT));
}

/** The notes after a grading change: headers removed when nothing under /-23 is graded any more. */
export function notesAfterGradingChange(
  notes: string,
  gradings: readonly { itemID: string }[],
  areaNames: readonly string[],
): string {
  return hasBirthToFiveGrading(gradings) ? notes : removeGuidanceHeaders(notes, areaNames);
}

/* ------------------------------------------------------------------------------ text fields */

/** Text fields as an input or a row holds them (absent or null: none). */
export type SpotlightTexts = Partial<Record<SpotlightTextField, string | null>>;

/** Whether the type has the text field (SpotlightTextFields, spec 001 §3). */
export function hasTextField(type: SpotlightTag, field: SpotlightTextField): boolean {
  return (SpotlightTextFields[field].types as readonly SpotlightTag[]).includes(type);
}

/** The text fields the type has, in their declared order. */
export function spotlightTextFieldsOf(type: SpotlightTag): SpotlightTextField[] {
  return SPOTLIGHT_TEXT_FIELDS.filter((f) => hasTextField(type, f));
}

/** The text fields as a save of the type stores them: the type's as sent (absent: null), the others null. */
export function spotlightTextsOfType(
  texts: SpotlightTexts,
  type: SpotlightTag,
): Record<SpotlightTextField, string | null> {
  const stored = SPOTLIGHT_TEXT_FIELDS.map((f) => [f, hasTextField(type, f) ? (texts[f] ?? null) : null]);
  return Object.fromEntries(stored) as Record<SpotlightTextField, string | null>;
}

const filled = (text: string | null | undefined) => (text ?? '').trim() !== '';

/** The text fields that hold text although the type does not have them (a save refuses them). */
export function textFieldsNotOfType(texts: SpotlightTexts, type: SpotlightTag): SpotlightTextField[] {
  return SPOTLIGHT_TEXT_FIELDS.filter((f) => !hasTextField(type, f) && filled(texts[f]));
}

/** Whether any text field holds text (not only blanks). */
export function hasSpotlightText(texts: SpotlightTexts): boolean {
  return SPOTLIGHT_TEXT_FIELDS.some((f) => filled(texts[f]));
}

/* ------------------------------------------------------------------------------ text limits */

/**
 * OURS (spec 001 §5 "default maximum constant … value not shown"): consideration details, and any
 * Spotlight text whose flag is absent and has no default of its own.
 */
export const SPOTLIGHT_TEXT_DEFAULT_MAX = 2000;

export interface SpotlightTextLimitValues {
  notes: number | null;
  childsVoice: number | null;
  parentNotes: number | null;
  considerationNotes: number | null;
}

/**
 * The limits of a Spotlight event from the flags named after the type (learningStoryNotesLimit,
 * snapshotChildVoiceLimit, learningStoryParentNotesLimit, …; a two-year check uses the twoYear
 * ones), with the defaults of limits.ts; consideration details use the default maximum.
 */
export function spotlightTextLimits(
  flags: Readonly<Record<string, unknown>>,
  kind: TextLimitKind,
): SpotlightTextLimitValues {
  return {
    notes: textLimit(flags, kind, 'notes'),
    childsVoice: textLimit(flags, kind, 'childVoice'),
    parentNotes: textLimit(flags, kind, 'parentNotes'),
    considerationNotes: SPOTLIGHT_TEXT_DEFAULT_MAX,
  };
}

/** The counter's text, e.g. '12 / 2000' (no limit: the length alone). */
export function characterCounter(text: string | null | undefined, limit: number | null): string {
  const length = (text ?? '').length;
  return limit === null ? String(length) : `${length} / ${limit}`;
}

export function overTextLimit(text: string | null | undefined, limit: number | null): boolean {
  return limit !== null && (text ?? '').length > limit;
}

/* ------------------------------------------------------------------------------ media */

export const MEDIA_TILES_SHOWN = 4;

export type MediaTile<M> =
  | { kind: 'media'; media: M; index: number }
  | { kind: 'more'; count: number; index: number };

/**
 * The media grid: at most 4 tiles. With more than 4, the first 3 show and the 4th reads '+N' for
 * the N others (OURS: the rest counted from the 4th on; decisions.md Issue 16).
 */
export function mediaTiles<M>(media: readonly M[], shown: number = MEDIA_TILES_SHOWN): MediaTile<M>[] {
  if (media.length <= shown) return media.map((m, index) => ({ kind: 'media', media: m, index }));
  const head = media.slice(0, shown - 1).map((m, index) => ({ kind: 'media' as const, media: m, index }));
  return [...head, { kind: 'more', count: media.length - (shown - 1), index: shown - 1 }];
}

/** The '+N' label. */
export const moreTilesLabel = (count: number) => `+${count}`;

/** The carousel index kept in bounds after a removal (0 for an empty list). */
export function carouselIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return Math.min(Math.max(0, index), length - 1);
}

// Media permission: canAttachMedia, canAttachAnyMedia and mediaPermissionMessage are in rules.ts.

/** The badge for an event without content (spec 001 §9 "Badge wording"). */
export function missingContentBadge(
  type: SpotlightTag,
  gradingCount: number,
  checkpointCount: number,
): string | null {
  if (type === 'snapshot')
    return gradingCount === 0 ? formatMessage('no-framework-indicators-attached') : null;
  return gradingCount === 0 && checkpointCount === 0
    ? formatMessage('no-framework-indicators-or-checkpoints-attached')
    : null;
}
