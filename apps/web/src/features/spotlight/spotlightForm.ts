/**
 * The Spotlight editor's form state and the pure rules around it (spec 001 §3-§5, §9): which type tabs
 * an account has, a new form, switching type, the problems that disable saving, the save buttons with
 * the restricted-consideration refusal, the text limits and the content badge. The server checks every
 * rule again on save; these only decide what the screen shows and disables.
 */
import type { EventStatusConfig } from '@nursery/domain/account';
import {
  type CalendarDate,
  CONSIDERATION_ROWS_MAX,
  CONSIDERATION_ROWS_MIN,
  EventStatus,
  formatTime,
  GRADING_CEILING,
  type MessageKey,
  SPOTLIGHT_CHILD_MAX,
  toCalendarDate,
  twoYearCheckWindow,
} from '@nursery/domain/common';
import {
  SPOTLIGHT_TEXT_FIELDS,
  type SpotlightTag,
  type SpotlightTextField,
  SpotlightTextFields,
} from '@nursery/domain/events';
import { checkGradingCeiling, countGradings } from '@nursery/domain/frameworks';
import {
  canSelectAllChildren,
  effectiveSpotlightType,
  guidanceHeader,
  isRestrictedConsideration,
  type SpotlightTypeSetup,
  spotlightChildMax,
  withConsiderationStatus,
} from '@nursery/domain/spotlight';
import { fieldsOfType, keepFieldsOfType, type TypedField } from '../events';

export type { SpotlightTag };

/** 'childsVoice' → 'childs-voice'. */
type KebabCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${KebabCase<Tail>}`
  : S;
/** A text field's label in strings.ts: `spotlight-` and the field's name in kebab case. */
export type TextFieldLabel<F extends string> = `spotlight-${KebabCase<F>}`;
const labelOf = <F extends string>(field: F) =>
  `spotlight-${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` as TextFieldLabel<F>;

/**
 * The text fields (events' formFields rule), as the domain declares them once (SpotlightTextFields: the
 * types that have each), with their labels by name ('spotlight-childs-voice': a field without its
 * string fails the typecheck). The same name in SpotlightEvent, the form and UpdateEventInput; a type's
 * form shows its own, a type switch empties the others, and the save sends them as null.
 */
export const spotlightTextFields = Object.fromEntries(
  SPOTLIGHT_TEXT_FIELDS.map((f) => [f, { types: SpotlightTextFields[f].types, label: labelOf(f) }]),
) as Record<SpotlightTextField, unknown> as {
  [F in SpotlightTextField]: TypedField<SpotlightTag, TextFieldLabel<F>>;
};

export type TextField = SpotlightTextField;
/** The type's limits; a field without one has none. */
export type TextLimits = Partial<Record<TextField, number | null>>;

/** The text fields of a new form: all empty. */
export const emptyTexts = (): Record<TextField, string> =>
  Object.fromEntries(Object.keys(spotlightTextFields).map((f) => [f, ''])) as Record<TextField, string>;

/** A framework grading as the gradings picker edits it (pickers/index.ts PickerGrading). */
export interface FormGrading {
  itemID: string;
  value: 0 | 1 | null;
  ageRangeID: number | null;
  notes: string;
}

export interface FormBestFit {
  itemID: string;
  ageRangeID: number;
}

export interface FormCheckpointNote {
  checkpointID: number;
  note: string;
}

export interface FormConsideration {
  /** The stored consideration's id (an edited event). */
  id?: number;
  status: string;
  notes: string;
  visibleToParents: boolean;
}

/** A photo or video of the form: stored (url) or uploaded in this visit (token to link it on save). */
export interface FormMedia {
  id: string;
  type: 'image' | 'video';
  /** The upload's token (spec 002 §7 mediaToken): sent with the save to attach the file. */
  token: string | null;
  url: string | null;
  thumbnailUrl: string | null;
}

export interface SpotlightForm extends Record<TextField, string> {
  /** An add's client id: a repeated save (a lost answer) answers the events stored the first time. */
  uuid: string;
  typeID: number | null;
  tag: SpotlightTag;
  codeID: number | null;
  childIDs: number[];
  /** YYYY-MM-DD and HH:mm at the site (Europe/London). */
  date: CalendarDate;
  time: string;
  /** The media ids in order (DraftableForm); their details in `media`. */
  mediaIDs: string[];
  media: FormMedia[];
  /** Uploads running (never stored in a draft). */
  uploading: string[];
  gradings: FormGrading[];
  bestFits: FormBestFit[];
  checkpointIDs: number[];
  checkpointNotes: FormCheckpointNote[];
  /** At most one (spec 001 §3). */
  consideration: FormConsideration | null;
}

/** Consideration statuses (apps/server db/schema/spotlight.ts CONSIDERATION_STATUSES). */
export const CONSIDERATION_STATUS_OPTIONS = ['Monitor', 'Intervention', 'StaffSupport', 'Resolved'] as const;

/**
 * The type a form starts with or keeps, among the types the account has (spotlightSetup answers only
 * the enabled ones the user may add): the domain's rule (a snapshot when snapshots are off becomes a
 * learning story, spec 001 §4), as the setup's type.
 */
export function effectiveType<T extends { type: SpotlightTag; codes: readonly { id: number }[] }>(
  wanted: SpotlightTag | null,
  available: readonly T[],
): T | null {
  const first = available[0];
  if (!first) return null;
  const tag = effectiveSpotlightType(wanted ?? first.type, available);
  return available.find((t) => t.type === tag) ?? null;
}

export function newSpotlightForm(input: {
  type: SpotlightTypeSetup;
  now: Date;
  timeZone: string;
  uuid: string;
  childIDs?: readonly number[];
}): SpotlightForm {
  const { type, now, timeZone } = input;
  return {
    uuid: input.uuid,
    typeID: type.id,
    tag: type.type,
    codeID: type.codes[0]?.id ?? null,
    childIDs: [...(input.childIDs ?? [])],
    date: toCalendarDate(now, timeZone),
    time: formatTime(now, timeZone),
    ...emptyTexts(),
    mediaIDs: [],
    media: [],
    uploading: [],
    gradings: [],
    bestFits: [],
    checkpointIDs: [],
    checkpointNotes: [],
    consideration: null,
  };
}

/**
 * A new form changes type (spec 001 §4): the code resets to the first code of the type; what belongs
 * to one type only goes (a snapshot's Further Observations, a learning story's parent notes, best fits
 * and checkpoints); children, time, notes, media, gradings and the consideration stay.
 */
export function withSpotlightType(form: SpotlightForm, type: SpotlightTypeSetup): SpotlightForm {
  const tag = type.type;
  if (form.typeID === type.id) return form;
  return {
    ...keepFieldsOfType(form, spotlightTextFields, tag),
    typeID: type.id,
    tag,
    codeID: type.codes[0]?.id ?? null,
    bestFits: tag === 'learningStory' ? form.bestFits : [],
    checkpointIDs: tag === 'learningStory' ? form.checkpointIDs : [],
    checkpointNotes: tag === 'learningStory' ? form.checkpointNotes : [],
  };
}

/** Setting a consideration's status clears visibleToParents unless it is Intervention (spec 001 §4). */
export function withConsideration(form: SpotlightForm, change: Partial<FormConsideration>): SpotlightForm {
  if (!form.consideration) return form;
  let next = { ...form.consideration, ...change };
  if (change.status !== undefined) next = withConsiderationStatus(next, change.status);
  return { ...form, consideration: next };
}

/** Rows of the consideration details: the lines typed, within 3 to 10 (spec 001 §5). */
export function considerationTextRows(text: string): number {
  const lines = text.split('\n').length;
  return Math.min(CONSIDERATION_ROWS_MAX, Math.max(CONSIDERATION_ROWS_MIN, lines));
}

/** Select-all: not for learning stories (domain rule), nor for an existing event (fixed to one child). */
export function canSelectAll(tag: SpotlightTag, isNew: boolean): boolean {
  return canSelectAllChildren(tag) && isNew;
}

/** Select all: the site's children in order, at most the snapshot limit (200). */
export function selectAllChildren(ids: readonly number[]): number[] {
  return ids.slice(0, SPOTLIGHT_CHILD_MAX);
}

/** The text fields the type shows, in their order (childsVoice for snapshots, parent notes for stories). */
export function textFieldsOf(tag: SpotlightTag): TextField[] {
  return fieldsOfType(spotlightTextFields, tag);
}

export type SpotlightProblem =
  | { kind: 'message'; key: MessageKey; params?: Record<string, string | number> }
  | { kind: 'text'; field: TextField; over: number; max: number };

export interface ProblemContext {
  isNew: boolean;
  limits: TextLimits;
  /** The selected code is a two-year check. */
  twoYear: boolean;
  /** The dates of birth of the site's children (YYYY-MM-DD). */
  dobOf: (childID: number) => string | null;
}

/**
 * What stops saving (spec 001 §5), in the strip's order: no child, more than one child for a learning
 * story (the spec's warning), a two-year check outside the age window, the gradings ceiling, text over
 * its limit. Saving is enabled only when the list is empty.
 */
export function spotlightProblems(form: SpotlightForm, ctx: ProblemContext): SpotlightProblem[] {
  const problems: SpotlightProblem[] = [];
  const n = form.childIDs.length;
  if (n === 0) problems.push({ kind: 'message', key: 'select-at-least-one-child' });
  if (form.tag === 'learningStory' && n > 1) {
    problems.push({ kind: 'message', key: 'learning-story-single-child' });
  } else if (n > spotlightChildMax(form.tag, !ctx.isNew)) {
    problems.push({ kind: 'message', key: 'select-at-least-one-child' });
  }
  if (form.tag === 'learningStory' && ctx.twoYear && n === 1) {
    const dob = ctx.dobOf(form.childIDs[0]!);
    if (dob && !twoYearCheckWindow(dob, form.date).inWindow) {
      problems.push({ kind: 'message', key: 'selected-child-invalid-twoyear' });
    }
  }
  if (form.codeID === null) problems.push({ kind: 'message', key: 'select-event-code' });
  const count = countGradings(form.gradings, form.tag === 'learningStory' ? form.bestFits : []);
  if (checkGradingCeiling(count)) {
    problems.push({ kind: 'message', key: 'too-many-gradings', params: { max: GRADING_CEILING, count } });
  }
  for (const field of textFieldsOf(form.tag)) {
    const max = ctx.limits[field] ?? null;
    const length = form[field].length;
    if (max !== null && length > max) problems.push({ kind: 'text', field, over: length - max, max });
  }
  return problems;
}

/**
 * The content badge (spec 001 §9 "Media permission"): a snapshot without gradings, or a learning story
 * without gradings, best fits or checkpoints, says so.
 */
export function contentBadgeKey(
  form: SpotlightForm,
): 'no-framework-indicators-attached' | 'no-framework-indicators-or-checkpoints-attached' | null {
  const gradings = countGradings(form.gradings, form.tag === 'learningStory' ? form.bestFits : []);
  if (form.tag === 'snapshot') return gradings === 0 ? 'no-framework-indicators-attached' : null;
  return gradings === 0 && form.checkpointIDs.length === 0
    ? 'no-framework-indicators-or-checkpoints-attached'
    : null;
}

export interface SpotlightSaveTarget {
  statusID: number;
  status: EventStatusConfig;
  /** Refused with the spec's message (restricted consideration without publishConsiderations). */
  refusedKey: 'restricted-consideration-publish' | null;
  primary: boolean;
}

/**
 * One save button per status the user may save to (the server's permittedActions for a stored event,
 * the role data for a new one). An Intervention or Staff Support consideration refuses archived and
 * published unless the user may publish considerations (spec 001 §4, §6); pending stays offered.
 */
export function spotlightSaveTargets(input: {
  allowedStatusIDs: readonly number[];
  statuses: readonly EventStatusConfig[];
  consideration: FormConsideration | null;
  canPublishConsiderations: boolean;
  /** An edited event's status: its button is the primary one (saving keeps it). */
  currentStatusID?: number | null;
}): SpotlightSaveTarget[] {
  const restricted =
    input.consideration !== null &&
    isRestrictedConsideration(input.consideration.status) &&
    !input.canPublishConsiderations;
  const targets = input.allowedStatusIDs
    .map((id) => input.statuses.find((s) => s.id === id))
    .filter((s): s is EventStatusConfig => s !== undefined && !s.deleted)
    .map((status) => ({
      statusID: status.id,
      status,
      refusedKey:
        restricted && (status.published || status.id === EventStatus.Archived)
          ? ('restricted-consideration-publish' as const)
          : null,
      primary: false,
    }));
  const usable = targets.filter((t) => t.refusedKey === null);
  const first =
    usable.find((t) => t.statusID === input.currentStatusID) ??
    usable.find((t) => t.status.incomplete) ??
    usable[0];
  if (first) first.primary = true;
  return targets;
}

/** Remove a medium: the form without it (the caller revokes its object URL). */
export function withoutMedia(form: SpotlightForm, id: string): SpotlightForm {
  return {
    ...form,
    mediaIDs: form.mediaIDs.filter((x) => x !== id),
    media: form.media.filter((m) => m.id !== id),
  };
}

/** Files uploaded just before a save (picked offline): their tokens, so the save attaches them. */
export function withMediaTokens(
  form: SpotlightForm,
  sent: readonly { id: string; token: string }[],
): SpotlightForm {
  const tokens = new Map(sent.map((x) => [x.id, x.token]));
  return { ...form, media: form.media.map((m) => ({ ...m, token: tokens.get(m.id) ?? m.token })) };
}

/** The media details of the listed ids only (a restored draft lists no file lost with a closed page). */
export function withListedMediaOnly(form: SpotlightForm): SpotlightForm {
  const media = form.media.filter((m) => form.mediaIDs.includes(m.id));
  return media.length === form.media.length ? form : { ...form, media };
}

/** Whether the notes hold a guidance-note header of any of the Birth to 5 areas (the sidebar's checkbox). */
export function guidanceHeadersInserted(notes: string, areaNames: readonly string[]): boolean {
  return areaNames.some((name) => notes.includes(guidanceHeader(name)));
}
