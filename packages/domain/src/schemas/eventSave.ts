import { z } from 'zod';
import { CHILD_PICKER_MAX, MEAL_PORTION_AMOUNT_MAX } from '../limits.ts';
import { EVENT_STATUS_IDS } from '../statuses.ts';

/**
 * The event save payload of spec 000 §7 (POST and PUT api/v2/events). Text fields carry a generous
 * outer bound here; the per-kind limits from the server flags (textLimit) are checked by the server.
 */
const TEXT_MAX = 100_000;
const id = z.number().int().positive();
const instant = z.iso.datetime({ offset: true });
const text = z.string().max(TEXT_MAX);

export const EventGradingInput = z.object({
  itemID: z.string().min(1).max(200),
  ageRangeID: z.number().int().nullable().optional(),
  value: z.number().int().min(0).max(2).nullable().optional(),
  notes: text.nullable().optional(),
});

export const EventNextStepInput = z.object({
  id: id.optional(),
  notes: text.nullable().optional(),
  links: z.array(z.string().min(1).max(200)).max(500).default([]),
  completed: z.boolean().default(false),
});

export const EventMealInput = z.object({
  mealID: id,
  portionID: id.nullable().optional(),
  portionAmount: z.string().max(MEAL_PORTION_AMOUNT_MAX).nullable().optional(),
});

export const EventSavePayload = z.object({
  /** The client's save id: replaying a save with the same uuid returns the stored events. */
  uuid: z.uuid(),
  priorityID: id.nullable().optional(),
  raised: instant,
  notes: text.nullable().optional(),
  childsVoice: text.nullable().optional(),
  learningStyles: z.number().int().min(0).default(0),
  mediaIDs: z.array(z.uuid()).max(200).default([]),
  /** Parent notes. */
  ref2: text.nullable().optional(),
  statusID: z
    .number()
    .int()
    .refine((n) => (EVENT_STATUS_IDS as readonly number[]).includes(n), 'an event status id'),
  due: instant.nullable().optional(),
  typeID: id,
  codeID: id,
  subjects: z.array(id).max(CHILD_PICKER_MAX).default([]),
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
  version: z.number().int().min(1).optional(),
});
export type EventSavePayload = z.infer<typeof EventSavePayload>;
