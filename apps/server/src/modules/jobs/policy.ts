// Who handles the background jobs' dead letters (issue 32): the device page's administration rule,
// addStaff or settingsProvider (the domain's mayManageBackgroundJobs, the e-mail outbox's too).
import { mayManageBackgroundJobs } from '@nursery/domain/settings';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors.ts';
import { type AuthContext, authOf } from '../../plugins/auth.ts';

export async function requireJobManager(request: FastifyRequest) {
  if (!mayManageBackgroundJobs(authOf(request).permissions)) throw forbidden();
}

export const deadLetterActions = (auth: AuthContext) => {
  const may = mayManageBackgroundJobs(auth.permissions);
  return { retry: may, delete: may };
};
