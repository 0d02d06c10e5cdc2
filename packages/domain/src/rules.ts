/**
 * Small business rules shared by the server and the web app.
 */
import { isSpotlightTag, SPOTLIGHT_TYPE_NAMES } from './eventTypes.ts';
import {
  CHILD_PICKER_MAX,
  CHILD_PICKER_MAX_ASSESSMENT,
  CONSIDERATION_ROWS_MAX,
  CONSIDERATION_ROWS_MIN,
  CONSIDERATIONS_BADGE_OVERFLOW,
  CONSIDERATIONS_LIMIT,
  PROFILE_DEFAULT_MAX,
  PROFILE_LIMITS,
  SPOTLIGHT_CHILD_MAX,
  SPOTLIGHT_CHILD_MAX_SINGLE,
} from './limits.ts';
import { formatMessage } from './messages.ts';

/* ------------------------------------------------------------------------- availability */

/** An item is usable if enabled and the site is not in its disabledSiteIDs list (spec 002 §9). */
export function isAvailable(
  item: { enabled: boolean; disabledSiteIDs?: readonly number[] | null },
  siteID: number | null | undefined,
): boolean {
  if (!item.enabled) return false;
  return siteID == null || !(item.disabledSiteIDs ?? []).includes(siteID);
}

/* ----------------------------------------------------------------------- learning styles */

/**
 * OURS: the default learning styles are the EYFS characteristics of effective learning. Ids are
 * powers of two so that the stored sum (spec 000 §3, §9) can be decoded.
 */
export const DEFAULT_LEARNING_STYLES = [
  { id: 1, name: 'Playing and exploring' },
  { id: 2, name: 'Active learning' },
  { id: 4, name: 'Creating and thinking critically' },
] as const;

/** Learning styles are stored as the sum of the selected ids (each counted once). */
export function learningStylesSum(ids: readonly number[]): number {
  return [...new Set(ids)].reduce((sum, id) => sum + id, 0);
}

/** The selected ids of a stored sum, given the available (power-of-two) style ids. */
export function decodeLearningStyles(
  sum: number | null | undefined,
  availableIDs: readonly number[] = DEFAULT_LEARNING_STYLES.map((s) => s.id),
): number[] {
  if (!sum || sum < 0) return [];
  return [...availableIDs].sort((a, b) => a - b).filter((id) => id > 0 && Math.floor(sum / id) % 2 === 1);
}

/* ------------------------------------------------------------------------------ children */

/**
 * Child picker maximum: assessment 1, other events 120 (spec 000); spotlight: learning story or
 * an existing event 1, otherwise 200 (spec 001).
 */
export function childPickerMax(tag: string | null | undefined, isExistingEvent = false): number {
  if (isSpotlightTag(tag)) {
    return tag === 'learningStory' || isExistingEvent ? SPOTLIGHT_CHILD_MAX_SINGLE : SPOTLIGHT_CHILD_MAX;
  }
  return tag === 'assessment' ? CHILD_PICKER_MAX_ASSESSMENT : CHILD_PICKER_MAX;
}

/* ---------------------------------------------------------------------------- priorities */

/**
 * Event types whose events carry a priority: tasks and reminders (spec 002's reminder has a
 * priorityID; the priorities table holds task/reminder priorities). A new one saved without a
 * priority gets the first configured priority (spec 000 §9).
 */
export function usesPriority(tag: string | null | undefined): boolean {
  return tag === 'task';
}

/* --------------------------------------------------------------------------------- media */

export interface MediaFlags {
  addMedia: boolean;
  addPhoto: boolean;
  addVideo: boolean;
}

/** Photos need addPhoto or addMedia; videos need addVideo or addMedia. */
export function canAttachMedia(type: MediaFlags, kind: 'image' | 'video'): boolean {
  return type.addMedia || (kind === 'image' ? type.addPhoto : type.addVideo);
}

/** Whether the add-media menu shows at all. */
export function canAttachAnyMedia(type: MediaFlags): boolean {
  return type.addMedia || type.addPhoto || type.addVideo;
}

/** "You don't have permissions to attach media to a {type}" with 'Snapshot' / 'Learning story'. */
export function mediaPermissionMessage(tag: string, fallbackName = 'event'): string {
  const type = isSpotlightTag(tag) ? SPOTLIGHT_TYPE_NAMES[tag] : fallbackName;
  return formatMessage('err-permission-add-media', { type });
}

/* -------------------------------------------------------------------------- text helpers */

/** Reminder notes are trimmed with blank lines collapsed. */
export function trimReminderNotes(notes: string): string {
  return notes
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** Rows of the consideration details text area: its line count, between 3 and 10. */
export function considerationRows(text: string | null | undefined): number {
  const lines = (text ?? '').split('\n').length;
  return Math.min(CONSIDERATION_ROWS_MAX, Math.max(CONSIDERATION_ROWS_MIN, lines));
}

/** The considerations badge: the count, or '99+' at 100 (the list shows only the first 100). */
export function considerationsBadge(count: number): string {
  return count >= CONSIDERATIONS_LIMIT ? CONSIDERATIONS_BADGE_OVERFLOW : String(count);
}

/** Next steps are saved only if they have links, notes or are completed. */
export function shouldSaveNextStep(step: {
  links?: readonly unknown[] | null;
  notes?: string | null;
  completed?: boolean | null;
}): boolean {
  return (step.links?.length ?? 0) > 0 || (step.notes ?? '').trim() !== '' || step.completed === true;
}

/* ------------------------------------------------------------------------- profile fields */

export type ProfileField = keyof typeof PROFILE_LIMITS | 'forename' | 'surname' | 'email' | (string & {});

/** Phones 30, address lines 50, postcode 20, biography 1000, forename/surname 50, other 64. */
export function profileFieldLimit(field: ProfileField): number {
  if (field === 'forename' || field === 'surname') return 50;
  return (PROFILE_LIMITS as Record<string, number>)[field] ?? PROFILE_DEFAULT_MAX;
}

export const OPTIONAL_PROFILE_FIELDS = [
  'telmob',
  'telwork',
  'telhome',
  'address2',
  'address3',
  'address4',
  'address5',
];

export type FieldProblem =
  | { key: 'this-field-is-required' }
  | { key: 'this-field-has-max-length-of'; params: { limit: number } };

/** Required (unless optional) and within the limit; messages 'this-field-is-required' / '...max-length-of'. */
export function checkField(
  value: string | null | undefined,
  limit: number,
  required = true,
): FieldProblem | null {
  const v = value ?? '';
  if (required && v.trim() === '') return { key: 'this-field-is-required' };
  if (v.length > limit) return { key: 'this-field-has-max-length-of', params: { limit } };
  return null;
}

/** A profile field check with the spec's limits and required/optional fields. */
export function checkProfileField(
  field: ProfileField,
  value: string | null | undefined,
): FieldProblem | null {
  return checkField(value, profileFieldLimit(field), !OPTIONAL_PROFILE_FIELDS.includes(field));
}
