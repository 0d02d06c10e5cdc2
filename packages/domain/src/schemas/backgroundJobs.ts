/**
 * The dead letters of the background jobs (issue 32), shown on #/settings/device: a failed job's kind,
 * when it failed, its attempts and the last error's message (never its data or stack). Managers
 * (mayManageBackgroundJobs) list, retry and delete their own provider's.
 */
import { z } from 'zod';
import { BACKGROUND_JOB_NAMES } from '../backgroundJobs.ts';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { NoContent } from './auth.ts';
import { NonNegativeInt } from './primitives.ts';

export const DeadLetter = z.object({
  /** The dead letter's id (the queue's job id). */
  id: z.uuid(),
  job: z.enum(BACKGROUND_JOB_NAMES),
  /** When its last attempt failed (ISO instant). */
  failedAt: z.string(),
  attempts: NonNegativeInt,
  /** The last error's message (deadLetterMessage). */
  error: z.string(),
});
export type DeadLetter = z.infer<typeof DeadLetter>;

export const DeadLetterList = z.object({
  deadLetters: z.array(DeadLetter),
  permittedActions: z.object({ retry: z.boolean(), delete: z.boolean() }),
});
export type DeadLetterList = z.infer<typeof DeadLetterList>;

export const DeadLetterParams = z.object({ id: z.uuid() });

const tags = ['settings'];

export const listDeadLetters = defineRoute({
  ...routes.listDeadLetters,
  summary: "The provider's failed background jobs, newest first, at most 100 (addStaff or settingsProvider)",
  tags,
  response: { 200: DeadLetterList },
});

export const retryDeadLetter = defineRoute({
  ...routes.retryDeadLetter,
  summary: 'Queue a failed background job again (addStaff or settingsProvider); 404 when it is not one',
  tags,
  params: DeadLetterParams,
  response: { 204: NoContent },
});

export const deleteDeadLetter = defineRoute({
  ...routes.deleteDeadLetter,
  summary: 'Delete a failed background job (addStaff or settingsProvider); 404 when it is not one',
  tags,
  params: DeadLetterParams,
  response: { 204: NoContent },
});
