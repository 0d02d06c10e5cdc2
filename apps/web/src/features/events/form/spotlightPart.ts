/**
 * The Spotlight types' part of the one form model (issue 28; spec 001 §3-§5, §9): a snapshot's and a
 * learning story's slices (text fields by the formFields rule, gradings with best fits, checkpoints and
 * their notes, the consideration, the media's details), a new form, a type switch, the problems that
 * disable saving, a stored event read from Spotlight's GraphQL answer and the updateEvent input
 * (docs/api.md "Spotlight editor"). The server checks every rule again on save.
 */
import { GRADING_CEILING, type MessageKey, twoYearCheckWindow } from '@nursery/domain/common';
import {
  SPOTLIGHT_TEXT_FIELDS,
  type SpotlightTag,
  type SpotlightTextField,
  SpotlightTextFields,
} from '@nursery/domain/events';
import { checkGradingCeiling, countGradings, gradingCounts } from '@nursery/domain/frameworks';
import {
  type SpotlightEvent,
  type SpotlightTypeSetup,
  spotlightChildMax,
  type UpdateEventInput,
  withConsiderationStatus,
} from '@nursery/domain/spotlight';
import {
  fieldsOfType,
  keepFieldsOfType,
  sliceFromAnswer,
  type TypedField,
  typedFieldsToInput,
} from '../formFields';
import { type FormCore, newCore } from './core';

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

/** A snapshot or learning story being edited: the common part and the Spotlight slices. */
export interface SpotlightForm extends FormCore, Record<TextField, string> {
  kind: 'spotlight';
  tag: SpotlightTag;
  /** The details of `mediaIDs`, in their order. */
  media: FormMedia[];
  gradings: FormGrading[];
  bestFits: FormBestFit[];
  checkpointIDs: number[];
  checkpointNotes: FormCheckpointNote[];
  /** At most one (spec 001 §3). */
  consideration: FormConsideration | null;
}

export interface NewSpotlightFormInput {
  type: SpotlightTypeSetup;
  now: Date;
  timeZone: string;
  /** An add's client id: a repeated save (a lost answer) answers the events stored the first time. */
  uuid: string;
  childIDs?: readonly number[];
}

/** The Spotlight slices of a new form: all empty. */
const emptySlices = () => ({
  media: [],
  gradings: [],
  bestFits: [],
  checkpointIDs: [],
  checkpointNotes: [],
  consideration: null,
});

export function newSpotlightForm(input: NewSpotlightFormInput): SpotlightForm {
  const { type } = input;
  return {
    kind: 'spotlight',
    ...newCore({
      uuid: input.uuid,
      typeID: type.id,
      codeID: type.codes[0]?.id ?? null,
      childIDs: input.childIDs ?? [],
      now: input.now,
      timeZone: input.timeZone,
    }),
    tag: type.type,
    ...emptyTexts(),
    ...emptySlices(),
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

/** The text fields the type shows, in their order (childsVoice for snapshots, parent notes for stories). */
export function textFieldsOf(tag: SpotlightTag): TextField[] {
  return fieldsOfType(spotlightTextFields, tag);
}

export type SpotlightProblem =
  | { kind: 'message'; key: MessageKey; params?: Record<string, string | number> }
  | { kind: 'text'; field: TextField; over: number; max: number };

export interface SpotlightCheck {
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
export function spotlightProblems(form: SpotlightForm, ctx: SpotlightCheck): SpotlightProblem[] {
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

const asValue = (v: number | null): 0 | 1 | null => (v === 0 || v === 1 ? v : null);

/** A stored event as Spotlight's GraphQL answer holds it (spotlightEvent), as a form. */
export function spotlightFormFromEvent(e: SpotlightEvent, uuid: string): SpotlightForm {
  const gradings: FormGrading[] = e.gradings.map((g) => ({
    itemID: g.itemID,
    value: asValue(g.value),
    ageRangeID: g.ageRangeID,
    notes: g.notes ?? '',
  }));
  const c = e.considerations[0];
  return {
    kind: 'spotlight',
    uuid,
    typeID: e.typeID,
    tag: e.type,
    codeID: e.code.id,
    childIDs: [...e.childIDs],
    date: e.date,
    time: e.time,
    ...sliceFromAnswer(emptyTexts(), e),
    mediaIDs: e.media.map((m) => m.id),
    media: e.media.map((m) => ({
      id: m.id,
      type: m.type,
      token: m.mediaToken,
      url: m.url,
      thumbnailUrl: m.thumbnailUrl,
    })),
    uploading: [],
    gradings,
    bestFits: e.bestFits.map((b) => ({ itemID: b.itemID, ageRangeID: b.ageRangeID })),
    checkpointIDs: [...e.checkpointIDs],
    checkpointNotes: e.checkpointNotes.map((n) => ({ checkpointID: n.checkpointID, note: n.note })),
    consideration: c
      ? {
          id: c.id ?? undefined,
          status: c.status,
          notes: c.notes ?? '',
          visibleToParents: c.visibleToParents,
        }
      : null,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text);

/**
 * The form as Spotlight's updateEvent input: only gradings that count are sent; fields a type does not
 * have are sent empty (the server refuses them otherwise).
 */
export function toUpdateInput(
  form: SpotlightForm,
  opts: { event: Pick<SpotlightEvent, 'id' | 'version'> | null; statusID: number },
): UpdateEventInput {
  const story = form.tag === 'learningStory';
  const c = form.consideration;
  return {
    id: opts.event?.id ?? null,
    version: opts.event?.version ?? null,
    uuid: opts.event ? null : form.uuid,
    type: form.tag,
    codeID: form.codeID ?? 0,
    childIDs: form.childIDs,
    date: form.date,
    time: form.time,
    ...typedFieldsToInput(spotlightTextFields, form, form.tag),
    gradings: form.gradings.filter(gradingCounts).map((g) => ({
      itemID: g.itemID,
      value: g.value,
      ageRangeID: g.ageRangeID,
      notes: orNull(g.notes),
    })),
    bestFits: story ? form.bestFits.map((b) => ({ itemID: b.itemID, ageRangeID: b.ageRangeID })) : [],
    checkpointIDs: story ? form.checkpointIDs : [],
    // A note only for a checkpoint still chosen, and not a blank one.
    checkpointNotes: story
      ? form.checkpointNotes
          .filter((n) => form.checkpointIDs.includes(n.checkpointID) && n.note.trim() !== '')
          .map((n) => ({ checkpointID: n.checkpointID, note: n.note }))
      : [],
    considerations: c
      ? [
          {
            id: c.id ?? null,
            status: c.status as UpdateEventInput['considerations'][number]['status'],
            notes: orNull(c.notes),
            visibleToParents: c.visibleToParents,
          },
        ]
      : [],
    mediaTokens: form.media
      .filter((m): m is typeof m & { token: string } => m.token !== null)
      .map((m) => ({ mediaID: m.id, token: m.token })),
    statusID: opts.statusID,
  };
}
