/**
 * Children's next steps across their events (spec 000 §7): the outstanding ones (the editor's
 * "complete a next step" list) and their counts per framework item.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { idListParam } from './primitives.ts';

/** Children named in one next-steps call. */
export const NEXT_STEPS_MAX_CHILDREN = 200;
export const NextStepChildrenQuery = z.object({ childIDs: idListParam(NEXT_STEPS_MAX_CHILDREN) });

export const OutstandingNextStep = z.object({
  id: z.int(),
  notes: z.string().nullable(),
  links: z.array(z.object({ itemID: z.string() })),
  child: z.object({ id: z.int(), forename: z.string(), surname: z.string() }),
  /** The event the step was written on. */
  event: z.object({ id: z.int(), raised: z.string() }),
  created: z.string(),
  author: z.object({ id: z.int(), forename: z.string(), surname: z.string() }),
});
export type OutstandingNextStep = z.infer<typeof OutstandingNextStep>;
export const OutstandingNextSteps = z.array(OutstandingNextStep);

export const getOutstandingNextSteps = defineRoute({
  ...routes.getOutstandingNextSteps,
  summary: "The children's next steps not yet completed",
  tags: ['events'],
  querystring: NextStepChildrenQuery,
  response: { 200: OutstandingNextSteps },
});

export const NextStepCount = z.object({
  childID: z.int(),
  itemID: z.string(),
  completed: z.boolean(),
  countOfNextSteps: z.int(),
});
export type NextStepCount = z.infer<typeof NextStepCount>;
export const NextStepCounts = z.array(NextStepCount);

export const getNextStepCounts = defineRoute({
  ...routes.getNextStepCounts,
  summary: "The children's next steps counted per framework item",
  tags: ['events'],
  querystring: NextStepChildrenQuery,
  response: { 200: NextStepCounts },
});
