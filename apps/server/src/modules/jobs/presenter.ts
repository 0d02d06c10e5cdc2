import { type DeadLetter, deadLetterMessage } from '@nursery/domain/settings';
import type { DeadLetterRow } from '../../lib/job-queue.ts';

/** A dead letter as the API answers it: never its data (paths, ids) nor the error's stack. */
export const presentDeadLetter = (row: DeadLetterRow): DeadLetter => ({
  id: row.id,
  job: row.name,
  failedAt: row.failedAt.toISOString(),
  attempts: row.attempts,
  error: deadLetterMessage(row.error),
});
