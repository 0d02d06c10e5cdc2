// The dead letters of #/settings/device (issue 32): the provider's failed jobs, retried or deleted.
// Tenancy: a job concerning a provider carries its providerId in its data, and only that provider's
// managers see it; a job of the whole installation (the e-mail round) has none and is the operator's
// (docs/operations.md "Background jobs").
import type { DeadLetterList } from '@nursery/domain/settings';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { deadLetterActions } from './policy.ts';
import { presentDeadLetter } from './presenter.ts';

/** The most dead letters one answer lists (a provider with more has a problem to fix, not to page). */
export const DEAD_LETTERS_SHOWN = 100;

const gone = () => notFound('This failed job is not here any more.');

export async function listDeadLetters(deps: AppDeps, auth: AuthContext): Promise<DeadLetterList> {
  const rows = await deps.jobs.deadLetters(auth.providerId, DEAD_LETTERS_SHOWN);
  return { deadLetters: rows.map(presentDeadLetter), permittedActions: deadLetterActions(auth) };
}

export async function retryDeadLetter(deps: AppDeps, auth: AuthContext, id: string): Promise<void> {
  if (!(await deps.jobs.retryDeadLetter(auth.providerId, id))) throw gone();
}

export async function deleteDeadLetter(deps: AppDeps, auth: AuthContext, id: string): Promise<void> {
  if (!(await deps.jobs.deleteDeadLetter(auth.providerId, id))) throw gone();
}
