// The background job queue as the modules see it (issue 32): they send a job by name with its data and
// never learn which runner does the work. modules/jobs holds the runners: pg-boss on the app's own
// database (main.ts; PGlite and PostgreSQL alike) and the inline runner buildApp uses when none is given
// (tests: the job runs before send returns). The dead letters are read and handled through it too.
import type { BackgroundJobName } from '@nursery/domain/settings';

/** Each job's data. A job that concerns a provider carries its providerId (the dead letters' tenancy). */
export interface JobPayloads {
  'email-outbox-round': Record<string, never>;
  'erased-media-files': { providerId: number; paths: string[] };
}

/** A failed job as the queue keeps it: its kind, when it failed, how often it ran, the last error. */
export interface DeadLetterRow {
  id: string;
  name: BackgroundJobName;
  failedAt: Date;
  attempts: number;
  error: string | null;
}

export interface JobQueue {
  readonly kind: 'pg-boss' | 'inline';
  /** Stores the job for a worker (pg-boss), or runs it at once (inline). */
  send<N extends BackgroundJobName>(name: N, data: JobPayloads[N]): Promise<void>;
  /** The provider's dead letters, newest first (at most `limit`). */
  deadLetters(providerId: number, limit: number): Promise<DeadLetterRow[]>;
  /** Queues the provider's dead letter's job again and removes the letter; false when it is not theirs. */
  retryDeadLetter(providerId: number, id: string): Promise<boolean>;
  /** Removes the provider's dead letter; false when it is not theirs. */
  deleteDeadLetter(providerId: number, id: string): Promise<boolean>;
}
