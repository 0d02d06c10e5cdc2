/**
 * The one form model of an event being edited (issue 28), for every event type and both editors: one
 * state type (the common part, core.ts, and the type's slices, tagged by `kind`), one new form, one
 * form from a stored event (either answer, through its adapter), one type switch and one list of the
 * problems that stop a save, each composed from the per-type parts (eventsPart.ts: the add/edit
 * screen's types; spotlightPart.ts: snapshots and learning stories). The save's payload is built per
 * transport from the same state: `toSavePayload` (REST, api/v2/events) and `toUpdateInput` (GraphQL
 * updateEvent). The editors hold the state and draw each type's panels.
 */
import type { EventTypeConfig } from '@nursery/domain/account';
import type { EventDetail } from '@nursery/domain/events';
import type { SpotlightEvent, SpotlightTypeSetup } from '@nursery/domain/spotlight';
import {
  type EventForm,
  type EventsCheck,
  type EventsProblem,
  eventsFormFromEvent,
  eventsProblems,
  type NewEventsFormInput,
  newEventsForm,
  withEventsType,
} from './eventsPart';
import {
  type NewSpotlightFormInput,
  newSpotlightForm,
  type SpotlightCheck,
  type SpotlightForm,
  type SpotlightProblem,
  spotlightFormFromEvent,
  spotlightProblems,
  withSpotlightType,
} from './spotlightPart';

/** An event being edited, of any type: its `kind` tells which slices (and which editor's panels) it has. */
export type EditedEvent = EventForm | SpotlightForm;
export type FormKind = EditedEvent['kind'];
type FormOf<K extends FormKind> = Extract<EditedEvent, { kind: K }>;

/** A change of the form, as a panel applies it. */
export type FormUpdate<F extends EditedEvent = EventForm> = (change: (form: F) => F) => void;

export type NewFormInput =
  | ({ kind: 'events' } & NewEventsFormInput)
  | ({ kind: 'spotlight' } & NewSpotlightFormInput);

/** A new form: now at the site, the type's default code, the children asked for, every slice empty. */
export function newForm<I extends NewFormInput>(input: I): FormOf<I['kind']> {
  const form: EditedEvent = input.kind === 'events' ? newEventsForm(input) : newSpotlightForm(input);
  return form as FormOf<I['kind']>;
}

/** A stored event as an answer holds it, through its transport's adapter. */
export type FormAnswer =
  | { kind: 'events'; event: EventDetail; timeZone: string }
  | { kind: 'spotlight'; event: SpotlightEvent; uuid: string };

/** The REST answer (GET api/v2/events/{id}): its times are read in the site's time zone. */
export const restAnswer = (event: EventDetail, timeZone: string) =>
  ({ kind: 'events', event, timeZone }) as const;

/** Spotlight's GraphQL answer (spotlightEvent): an edit's save id is a new one (its id guards it). */
export const spotlightAnswer = (event: SpotlightEvent, uuid: string) =>
  ({ kind: 'spotlight', event, uuid }) as const;

export function formFromAnswer<A extends FormAnswer>(answer: A): FormOf<A['kind']> {
  const form: EditedEvent =
    answer.kind === 'events'
      ? eventsFormFromEvent(answer.event, answer.timeZone)
      : spotlightFormFromEvent(answer.event, answer.uuid);
  return form as FormOf<A['kind']>;
}

/** The type a form switches to: an add/edit screen's type (with the code asked for), or a Spotlight type. */
export type TypeSwitch<K extends FormKind> = K extends 'events'
  ? { type: EventTypeConfig; codeID?: number | null }
  : { type: SpotlightTypeSetup };

/**
 * Switching type: who, when and what was written stay; the parts the new type does not have go (each
 * part's rule: eventsPart's withEventsType, spotlightPart's withSpotlightType).
 */
export function switchType<F extends EditedEvent>(form: F, to: TypeSwitch<F['kind']>): F {
  if (form.kind === 'events') {
    const events = to as TypeSwitch<'events'>;
    return withEventsType(form, events.type, events.codeID) as F;
  }
  return withSpotlightType(form, (to as TypeSwitch<'spotlight'>).type) as F;
}

/** What a form's problems are checked against (the type, the clock, the limits, the children). */
export type ProblemContext<K extends FormKind> = K extends 'events'
  ? EventsCheck & { type: EventTypeConfig | null }
  : SpotlightCheck;
export type ProblemOf<K extends FormKind> = K extends 'events' ? EventsProblem : SpotlightProblem;

/** The problems that stop a save, in the order the type's editor shows them. */
export function problemsOf<F extends EditedEvent>(
  form: F,
  ctx: ProblemContext<F['kind']>,
): ProblemOf<F['kind']>[] {
  if (form.kind === 'events') {
    const check = ctx as ProblemContext<'events'>;
    return eventsProblems(form, check.type, check) as ProblemOf<F['kind']>[];
  }
  return spotlightProblems(form, ctx as ProblemContext<'spotlight'>) as ProblemOf<F['kind']>[];
}
