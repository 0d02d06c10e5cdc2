// The background jobs (issue 32): what each one does, how often it is tried and when it is scheduled.
// A job's handler is the existing service function; its time is the one clock's (deps.clock).
import type { Clock } from '@nursery/domain/common';
import type { BackgroundJobName } from '@nursery/domain/settings';
import type { Db } from '../../db/client.ts';
import type { JobPayloads } from '../../lib/job-queue.ts';
import type { ObjectStore } from '../../lib/object-store/index.ts';
import { type MailTransport, type SenderLog, sendDueEmails } from '../notifications/index.ts';
import { removeErasedFiles } from '../requests/index.ts';

/** What the handlers are given. */
export interface JobContext {
  db: Db;
  clock: Clock;
  /** The object store (lib/object-store: the media folder or a bucket): an erasure's files are deleted there. */
  objects: ObjectStore;
  /** The e-mail transport (SMTP or the log); absent where no e-mail is ever sent (the tests' inline runner). */
  mail?: MailTransport;
  log: SenderLog;
}

/** pg-boss's retry and expiry settings of a queue (seconds). */
export interface RetryPolicy {
  /** Retries after the first attempt; the job is a dead letter after retryLimit + 1 failures. */
  retryLimit: number;
  retryDelay: number;
  /** Doubles the delay per retry (with pg-boss's jitter). */
  retryBackoff: boolean;
  /** An attempt still running after this long counts as failed (a worker that died mid-job). */
  expireInSeconds: number;
}

export interface JobDefinition<N extends BackgroundJobName> {
  retry: RetryPolicy;
  /** A cron schedule (UTC, minute precision): pg-boss sends one job per slot across all instances. */
  cron?: string;
  run(ctx: JobContext, data: JobPayloads[N]): Promise<unknown>;
}

export const JOBS: { [N in BackgroundJobName]: JobDefinition<N> } = {
  // Requests only insert email_outbox rows; the round sends the due ones. Each row keeps its own
  // attempts and backoff (outbox-sender.ts), so a round fails only when the database does.
  'email-outbox-round': {
    retry: { retryLimit: 1, retryDelay: 20, retryBackoff: false, expireInSeconds: 300 },
    // Two rounds at once (a slow mail server) are harmless: each claims its rows with `skip locked`.
    cron: '* * * * *',
    async run(ctx) {
      if (!ctx.mail) throw new Error('no e-mail transport: the outbox round runs on the job queue only');
      return sendDueEmails(ctx.db, ctx.mail, ctx.clock.now(), ctx.log);
    },
  },
  // An approved erasure's files, deleted after its commit (a file cannot be rolled back). Removing a
  // file already gone is no error, so a retry or a second run does no harm.
  'erased-media-files': {
    retry: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
    run: (ctx, data) => removeErasedFiles(ctx.objects, data.paths),
  },
};

/** The queue that keeps a job's failures: the job's name with `-dead`. */
export const deadLetterQueue = (name: BackgroundJobName) => `${name}-dead`;
