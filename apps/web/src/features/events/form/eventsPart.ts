/**
 * The Events types' part of the one form model (issue 28; spec 000): the add/edit screen's slices
 * (simple fields by the formFields rule, gradings by item, next steps, meals, sleep end, learning
 * styles, area, tag), a new form from the route, a form from a stored event's REST answer, a type
 * switch, the client-side checks of spec 000 §5 (the server checks them all again) and the REST save
 * payload of §7. Panels receive the state and an `update` that applies a pure change.
 */
import type { EventTypeConfig } from '@nursery/domain/account';
import {
  childPickerMax,
  formatTime,
  learningStylesSum,
  type MessageKey,
  shouldSaveNextStep,
  toCalendarDate,
  zonedDateTime,
} from '@nursery/domain/common';
import {
  type EventContentInput,
  type EventDetail,
  type EventGrading,
  type EventSavePayload,
  enabledCodes,
  eventContentProblem,
  eventFlagsFromCode,
  futureDateProblem,
  PLAIN_OBSERVATION_CODE_KEY,
  sleepEndProblem,
  stripPayloadControlCharacters,
} from '@nursery/domain/events';
import { randomUuid } from '../../../lib/uuid';
import { accidentFormFields } from '../care/AccidentFields';
import { nappyFormFields } from '../care/NappyFields';
import { sliceFromAnswer, sliceToInput } from '../formFields';
import { generalFormFields } from '../panels/GeneralFields';
import { type FormCore, newCore } from './core';

/**
 * The simple fields' form state, each slice declared beside its control: the same name in the event
 * answer, the form and the payload, with its empty value (an answer's null reads as it). A new simple
 * field is its control's slice (a new control file adds its slice here). A function, not a constant:
 * GeneralFields imports this module, so the slices are read when a form is made, never while the
 * modules load.
 */
function simpleFormFields() {
  return { ...generalFormFields, ...accidentFormFields, ...nappyFormFields };
}
type SimpleFormFields = ReturnType<typeof simpleFormFields>;
type SimpleField = keyof SimpleFormFields;

/** The simple fields of a stored event; the answer's type is checked field by field against the form's. */
function simpleFromEvent(e: Pick<EventDetail, SimpleField>): SimpleFormFields {
  return sliceFromAnswer(simpleFormFields(), e);
}

/** The simple fields of the payload; the return type checks each form type fits the payload's. */
function simpleToPayload(form: SimpleFormFields): Pick<EventSavePayload, SimpleField> {
  return sliceToInput(simpleFormFields(), form);
}

/** A grading in the form: the shape the event answer holds it in (itemID, age range, value, notes). */
export type GradingValue = EventGrading;

export interface FormNextStep {
  /** Stable React key; stored steps use `id-{id}`. */
  key: string;
  id?: number;
  notes: string;
  links: string[];
  completed: boolean;
}

export interface FormMeal {
  key: string;
  mealID: number | null;
  portionID: number | null;
  portionAmount: string;
}

/** An event of the add/edit screen's types being edited: the common part and the Events slices. */
export interface EventForm extends FormCore, SimpleFormFields {
  kind: 'events';
  /** Sleep end (date2), YYYY-MM-DD and HH:mm; empty when not set. */
  endDate: string;
  endTime: string;
  parentNotes: string;
  learningStyleIDs: number[];
  tagged: boolean;
  /** Gradings keyed by framework item id. */
  values: Record<string, GradingValue>;
  nextSteps: FormNextStep[];
  completedNextStepIDs: number[];
  meals: FormMeal[];
  areaID: number | null;
}

export interface NewEventsFormInput {
  now: Date;
  timeZone: string;
  type: EventTypeConfig | null;
  codeID?: number | null;
  childIDs?: number[];
}

/**
 * The code chosen for the user: the one asked for (the route's, or the user's last of the type)
 * when the type offers it; else the only code (spec 000 §5); else, for an observation, the plain
 * observation code (issue 27: the first observation on a device needs no code tap). Any other type
 * with several codes asks.
 */
export function defaultCodeID(type: EventTypeConfig | null, wanted?: number | null): number | null {
  const codes = enabledCodes(type);
  if (wanted != null && codes.some((c) => c.id === wanted)) return wanted;
  if (codes.length === 1) return codes[0]!.id;
  if (type?.tag === 'observation') return codes.find((c) => c.key === PLAIN_OBSERVATION_CODE_KEY)?.id ?? null;
  return null;
}

export function newEventsForm(input: NewEventsFormInput): EventForm {
  return {
    kind: 'events',
    ...newCore({
      uuid: randomUuid(),
      typeID: input.type?.id ?? null,
      codeID: defaultCodeID(input.type, input.codeID),
      childIDs: input.childIDs ?? [],
      childMax: childPickerMax(input.type?.tag ?? null),
      now: input.now,
      timeZone: input.timeZone,
    }),
    endDate: '',
    endTime: '',
    ...simpleFormFields(),
    parentNotes: '',
    learningStyleIDs: [],
    tagged: input.type?.autoTag ?? false,
    values: {},
    nextSteps: [],
    completedNextStepIDs: [],
    meals: [],
    areaID: null,
  };
}

/**
 * Switching tabs keeps who, when and what was written; type-specific parts start again. The code is
 * the one asked for (the user's last code of the type) when the type offers it.
 */
export function withEventsType(form: EventForm, type: EventTypeConfig, codeID?: number | null): EventForm {
  const max = childPickerMax(type.tag);
  return {
    ...form,
    typeID: type.id,
    codeID: defaultCodeID(type, codeID),
    childIDs: form.childIDs.slice(0, max),
    tagged: type.autoTag || (type.canTag && form.tagged),
    values: {},
    meals: [],
  };
}

/** Learning style ids are powers of two, so the stored sum names the selected ids exactly. */
export function learningStyleBits(sum: number): number[] {
  const ids: number[] = [];
  for (let bit = 0; bit < 31; bit += 1) if (Math.floor(sum / 2 ** bit) % 2 === 1) ids.push(2 ** bit);
  return ids;
}

/** A stored event as its REST answer holds it (EventDetail), as a form. */
export function eventsFormFromEvent(e: EventDetail, timeZone: string): EventForm {
  const raised = new Date(e.raised);
  const end = e.date2 ? new Date(e.date2) : null;
  return {
    kind: 'events',
    uuid: e.uuid,
    typeID: e.typeID,
    codeID: e.codeID,
    childIDs: e.childID === null ? [] : [e.childID],
    date: toCalendarDate(raised, timeZone),
    time: formatTime(raised, timeZone),
    endDate: end ? toCalendarDate(end, timeZone) : '',
    endTime: end ? formatTime(end, timeZone) : '',
    ...simpleFromEvent(e),
    parentNotes: e.ref2 ?? '',
    learningStyleIDs: learningStyleBits(Math.max(0, e.learningStyles)),
    tagged: e.tagged,
    values: Object.fromEntries(e.values.map((v) => [v.itemID, v])),
    nextSteps: e.nextSteps.map((s) => ({
      key: `id-${s.id}`,
      id: s.id,
      notes: s.notes ?? '',
      links: s.links.map((l) => l.itemID),
      completed: s.completed,
    })),
    completedNextStepIDs: [],
    meals: e.meals.map((m, i) => ({
      key: `meal-${i}`,
      mealID: m.mealID,
      portionID: m.portionID,
      portionAmount: m.portionAmount ?? '',
    })),
    areaID: e.areaID,
    mediaIDs: e.mediaIDs,
    uploading: [],
  };
}

export interface EventsProblem {
  field: 'type' | 'code' | 'children' | 'date' | 'time' | 'end' | 'gradings' | 'content';
  key: MessageKey;
  params?: Record<string, string | number>;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

function validDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/** What of the form counts as content (the domain's eventContentProblem), as the payload will hold it. */
export function formContent(form: EventForm): EventContentInput {
  return {
    notes: form.notes,
    childsVoice: form.childsVoice,
    ref2: form.parentNotes,
    // A photo still uploading will be there: saving waits for it.
    mediaIDs: [...form.mediaIDs, ...form.uploading],
    values: Object.values(form.values),
    nextSteps: form.nextSteps,
    completedNextStepIDs: form.completedNextStepIDs,
    meals: form.meals.filter((m) => m.mealID !== null),
    learningStyles: learningStylesSum(form.learningStyleIDs),
    areaID: form.areaID,
    existingInjury: form.existingInjury,
  };
}

export interface EventsCheck {
  isNew: boolean;
  timeZone: string;
  /** The clock, for dates in the future; without it they are not checked. */
  now?: Date;
  /**
   * The stored event's date, time and end as the form opened them: an edit that leaves them is not
   * refused for a date in the future (the server does the same).
   */
  stored?: Pick<EventForm, 'date' | 'time' | 'endDate' | 'endTime'>;
}

/** The problems that stop a save, in the order the form shows them (spec 000 §5, issue 13). */
export function eventsProblems(
  form: EventForm,
  type: EventTypeConfig | null,
  opts: EventsCheck,
): EventsProblem[] {
  const problems: EventsProblem[] = [];
  if (!type) return [{ field: 'type', key: 'select-event-type' }];
  const codes = enabledCodes(type);
  if (form.codeID === null || !type.codes.some((c) => c.id === form.codeID)) {
    problems.push({ field: 'code', key: codes.length === 0 ? 'no-event-codes' : 'select-event-code' });
  }
  if (form.childIDs.length === 0) problems.push({ field: 'children', key: 'select-at-least-one-child' });
  else if (opts.isNew && type.tag === 'assessment' && form.childIDs.length > 1) {
    problems.push({ field: 'children', key: 'select-single-child-assessment' });
  }
  if (!validDate(form.date)) {
    problems.push({
      field: 'date',
      key: type.tag === 'observation' ? 'provide-valid-date' : 'select-valid-date',
      params: { reason: form.date === '' ? 'required' : 'not a date' },
    });
  }
  if (!TIME_RE.test(form.time)) problems.push({ field: 'time', key: 'time-required' });
  if (type.tag === 'sleep' && form.endTime !== '' && validDate(form.date) && TIME_RE.test(form.time)) {
    const start = zonedDateTime(form.date, form.time, opts.timeZone);
    const end = endInstant(form, opts.timeZone);
    if (end && sleepEndProblem(start, end))
      problems.push({ field: 'end', key: 'end-time-must-be-after-start-time' });
  }
  const future = opts.now ? futureProblem(form, type, opts.now, opts.timeZone, opts.stored) : null;
  if (future) problems.push(future);
  const empty = eventContentProblem(type.tag, formContent(form));
  if (empty) problems.push({ field: 'content', key: empty });
  return problems;
}

function futureProblem(
  form: EventForm,
  type: EventTypeConfig,
  now: Date,
  timeZone: string,
  stored: EventsCheck['stored'],
): EventsProblem | null {
  if (!validDate(form.date) || !TIME_RE.test(form.time)) return null;
  if (
    stored &&
    stored.date === form.date &&
    stored.time === form.time &&
    stored.endDate === form.endDate &&
    stored.endTime === form.endTime
  ) {
    return null;
  }
  const raised = zonedDateTime(form.date, form.time, timeZone);
  const key = futureDateProblem(type.tag, { raised }, now);
  if (key) return { field: 'date', key };
  if (type.tag !== 'sleep') return null;
  const endKey = futureDateProblem(type.tag, { raised, date2: endInstant(form, timeZone) }, now);
  return endKey ? { field: 'end', key: endKey } : null;
}

/** Sleep end: the end date defaults to the start date. */
export function endInstant(form: EventForm, timeZone: string): Date | null {
  if (!TIME_RE.test(form.endTime)) return null;
  const date = validDate(form.endDate) ? form.endDate : form.date;
  if (!validDate(date)) return null;
  return zonedDateTime(date, form.endTime, timeZone);
}

export function codeFlags(type: EventTypeConfig | null, codeID: number | null) {
  const code = type?.codes.find((c) => c.id === codeID);
  return eventFlagsFromCode(code?.key ?? null);
}

/**
 * The §7 payload for POST (new) or PUT (edit) api/v2/events. Control characters a paste may bring
 * (U+0000 and the like) are taken out of the text: the server refuses them, and a queued draft
 * holding one would never sync.
 */
export function toSavePayload(
  form: EventForm,
  opts: { statusID: number; timeZone: string; version?: number; isNew: boolean },
): EventSavePayload {
  const raised = zonedDateTime(form.date, form.time, opts.timeZone).toISOString();
  const end = endInstant(form, opts.timeZone);
  return stripPayloadControlCharacters({
    uuid: form.uuid,
    raised,
    due: raised,
    ...simpleToPayload(form),
    learningStyles: learningStylesSum(form.learningStyleIDs),
    mediaIDs: form.mediaIDs,
    ref2: form.parentNotes,
    statusID: opts.statusID,
    typeID: form.typeID!,
    codeID: form.codeID!,
    subjects: opts.isNew ? form.childIDs : [],
    childID: opts.isNew ? null : (form.childIDs[0] ?? null),
    tagged: form.tagged,
    values: Object.values(form.values).filter(
      (v) => v.value !== null || v.ageRangeID !== null || (v.notes ?? '').trim() !== '',
    ),
    nextSteps: form.nextSteps
      .filter((s) => shouldSaveNextStep({ links: s.links, notes: s.notes, completed: s.completed }))
      .map((s) => ({ id: s.id, notes: s.notes, links: s.links, completed: s.completed })),
    completedNextStepIDs: form.completedNextStepIDs,
    meals: form.meals
      .filter((m) => m.mealID !== null)
      .map((m) => ({ mealID: m.mealID!, portionID: m.portionID, portionAmount: m.portionAmount || null })),
    areaID: form.areaID,
    date2: end ? end.toISOString() : null,
    ...(opts.version !== undefined ? { version: opts.version } : {}),
  });
}
