// The inline runner: what buildApp uses when it is given no queue (the API tests). A sent job runs at
// once, before send returns, with no retry (its error reaches the caller, as a direct call's would);
// nothing is stored, so there are no dead letters. main.ts always gives the pg-boss queue.
import type { BackgroundJobName } from '@nursery/domain/settings';
import type { DeadLetterRow, JobPayloads, JobQueue } from '../../lib/job-queue.ts';
import { JOBS, type JobContext } from './definitions.ts';

export class InlineJobQueue implements JobQueue {
  readonly kind = 'inline';
  readonly #ctx: JobContext;

  constructor(ctx: JobContext) {
    this.#ctx = ctx;
  }

  async send<N extends BackgroundJobName>(name: N, data: JobPayloads[N]): Promise<void> {
    await (JOBS[name].run as (ctx: JobContext, data: unknown) => Promise<unknown>)(this.#ctx, data);
  }

  async deadLetters(): Promise<DeadLetterRow[]> {
    return [];
  }

  async retryDeadLetter(): Promise<boolean> {
    return false;
  }

  async deleteDeadLetter(): Promise<boolean> {
    return false;
  }
}
