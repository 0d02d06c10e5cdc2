import { z } from 'zod';
import { CHILD_PICKER_MAX, MEAL_PORTION_AMOUNT_MAX, SPOTLIGHT_CHILD_MAX } from '../limits.ts';
import { EVENT_STATUS_IDS } from '../statuses.ts';
import { stripControlCharacters } from '../text.ts';
import { Id, Instant, Int32, NonNegativeInt, SafeText } from './primitives.ts';

/**
 * The event save payload of spec 000 §7 (POST and PUT api/v2/events). Text fields carry a generous
 * outer bound here; the per-kind limits from the server flags (textLimit) are checked by the server.
 * Ids are int4, instants real and within the sane year range, text without control characters
 * (primitives.ts).
 */
const TEXT_MAX = 100_000;
const id = Id;
const instant = Instant;
const text = SafeText.max(TEXT_MAX);
/** A framework item path id ('/-29/1/3/'); unknown ones are refused by the grading rules. */
const itemID = SafeText.min(1).max(200);
/**
 * Children in one save, whatever the type: a snapshot takes up to 200 (spec 001), other events 120
 * (spec 000). The limit of the save's type (childPickerMax in rules.ts) is checked by the server.
 */
export const EVENT_SUBJECTS_MAX = Math.max(CHILD_PICKER_MAX, SPOTLIGHT_CHILD_MAX);

export const EventGradingInput = z.object({
  itemID,
  /** Framework age ranges have negative special ids (-2300...). */
  ageRangeID: Int32.nullable().optional(),
  value: z.number().int().min(0).max(2).nullable().optional(),
  notes: text.nullable().optional(),
});

export const EventNextStepInput = z.object({
  id: id.optional(),
  notes: text.nullable().optional(),
  links: z.array(itemID).max(500).default([]),
  completed: z.boolean().default(false),
});

export const EventMealInput = z.object({
  mealID: id,
  portionID: id.nullable().optional(),
  portionAmount: SafeText.max(MEAL_PORTION_AMOUNT_MAX).nullable().optional(),
});

export const EventSavePayload = z.object({
  /** The client's save id: replaying a save with the same uuid returns the stored events. */
  uuid: z.uuid(),
  priorityID: id.nullable().optional(),
  raised: instant,
  notes: text.nullable().optional(),
  childsVoice: text.nullable().optional(),
  /** The sum of the selected learning styles' ids (powers of two). */
  learningStyles: NonNegativeInt.default(0),
  mediaIDs: z.array(z.uuid()).max(200).default([]),
  /** Parent notes. */
  ref2: text.nullable().optional(),
  statusID: Int32.refine((n) => (EVENT_STATUS_IDS as readonly number[]).includes(n), 'an event status id'),
  due: instant.nullable().optional(),
  typeID: id,
  codeID: id,
  subjects: z.array(id).max(EVENT_SUBJECTS_MAX).default([]),
  /** The child of a draft being edited (PUT). */
  childID: id.nullable().optional(),
  tagged: z.boolean().default(false),
  values: z.array(EventGradingInput).max(2000).default([]),
  nextSteps: z.array(EventNextStepInput).max(200).default([]),
  completedNextStepIDs: z.array(id).max(500).default([]),
  meals: z.array(EventMealInput).max(50).default([]),
  areaID: id.nullable().optional(),
  existingInjury: z.boolean().nullable().optional(),
  nappyCream: z.boolean().nullable().optional(),
  date1: instant.nullable().optional(),
  /** Sleep end time. */
  date2: instant.nullable().optional(),
  /** The version the client edited (PUT). */
  version: Id.optional(),
});
export type EventSavePayload = z.infer<typeof EventSavePayload>;

const strip = <T extends string | null | undefined>(t: T): T =>
  (typeof t === 'string' ? stripControlCharacters(t) : t) as T;

/**
 * The payload with the characters SafeText refuses taken out of its free text (notes, child's
 * voice, parent notes, grading and next-step notes, portion amounts): the web applies it where a
 * save is built and again when the sync sends a queued one, so the server never refuses a draft
 * for a pasted control character (it would stay in the outbox for ever).
 */
export function stripPayloadControlCharacters<P extends EventSavePayload>(p: P): P {
  return {
    ...p,
    notes: strip(p.notes),
    childsVoice: strip(p.childsVoice),
    ref2: strip(p.ref2),
    values: p.values?.map((v) => ({ ...v, notes: strip(v.notes) })),
    nextSteps: p.nextSteps?.map((s) => ({ ...s, notes: strip(s.notes) })),
    meals: p.meals?.map((m) => ({ ...m, portionAmount: strip(m.portionAmount) })),
  };
}
