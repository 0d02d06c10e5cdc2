// The job queue on pg-boss (issue 32), given the app's own database through pg-boss's `db` option
// (executeSql over Database.query): one code path for PGlite in process and for PostgreSQL. pg-boss
// makes its schema at start (idempotent, under an advisory lock, so instances starting together do
// not race), each job's queue with its retry policy and dead-letter queue, and the cron schedules.
// Every instance works every queue: a job is fetched by one worker only (`for update skip locked`),
// and a cron slot sends one job across instances, so two instances never both run a round.
import { BACKGROUND_JOB_NAMES, type BackgroundJobName } from '@nursery/domain/settings';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import type { DeadLetterRow, JobPayloads, JobQueue } from '../../lib/job-queue.ts';
import { keepListening, type Listener } from '../../lib/listener.ts';
import { EMAIL_OUTBOX_CHANNEL } from '../notifications/index.ts';
import { deadLetterQueue, JOBS, type JobContext, type JobDefinition } from './definitions.ts';
import { JOBS_SCHEMA, providerDeadLetter, providerDeadLetters } from './queries.ts';

export interface PgBossQueueOptions {
  /** How often an idle worker asks for a job (seconds, at least 0.5; default 2). */
  pollingIntervalSeconds?: number;
  /** Run the cron schedules (default true). */
  schedule?: boolean;
  /** How long stop() waits for running jobs (ms; default 8 000, inside main.ts's 10 s shutdown). */
  stopTimeoutMs?: number;
  /** Tests only: a job's handler or retry policy replaced (to count or fail its runs, or retry at once). */
  definitions?: { [N in BackgroundJobName]?: Partial<JobDefinition<N>> };
}

/** A job's dead letters are kept four weeks (pg-boss doubles the job's retention for its copy). */
const RETENTION_MINUTES = 14 * 24 * 60;

const DEAD_QUEUES = BACKGROUND_JOB_NAMES.map(deadLetterQueue);
const jobOfDeadQueue = new Map(BACKGROUND_JOB_NAMES.map((name) => [deadLetterQueue(name), name]));

export class PgBossJobQueue implements JobQueue {
  readonly kind = 'pg-boss';
  readonly #boss: PgBoss;
  readonly #database: Database;
  readonly #ctx: JobContext;
  readonly #options: PgBossQueueOptions;
  #outboxListener: Listener | null = null;

  constructor(database: Database, ctx: JobContext, options: PgBossQueueOptions = {}) {
    this.#database = database;
    this.#ctx = ctx;
    this.#options = options;
    this.#boss = new PgBoss({
      db: {
        executeSql: async (text, values) => ({ rows: (await database.query(text, values)) ?? [] }),
      },
      schema: JOBS_SCHEMA,
      schedule: options.schedule ?? true,
      // The cron check every 5 s (one instance per interval does it) and the scheduled sends picked up
      // every 2 s: a minute's round starts within seconds of the minute.
      cronMonitorIntervalSeconds: 5,
      cronWorkerIntervalSeconds: 2,
    });
    // pg-boss reports its own failures (a poll while the database restarts) as events; unheard, an
    // 'error' event would end the process.
    this.#boss.on('error', (err) => ctx.log.warn({ err: err.message }, 'job queue error'));
  }

  /** Installs or migrates pg-boss's schema, makes the queues and schedules, and starts the workers. */
  async start(): Promise<void> {
    await this.#boss.start();
    for (const name of BACKGROUND_JOB_NAMES) {
      const job = { ...JOBS[name], ...this.#options.definitions?.[name] } as JobDefinition<typeof name>;
      const dead = deadLetterQueue(name);
      await this.#boss.createQueue(dead, { name: dead, retentionMinutes: RETENTION_MINUTES * 2 });
      const queue = { name, ...job.retry, retentionMinutes: RETENTION_MINUTES, deadLetter: dead };
      // createQueue keeps an existing queue as it is; updateQueue brings a changed policy to it.
      await this.#boss.createQueue(name, queue);
      await this.#boss.updateQueue(name, queue);
      if (job.cron) await this.#boss.schedule(name, job.cron, {}, { tz: 'UTC' });
      else await this.#boss.unschedule(name);
      await this.#boss.work<JobPayloads[typeof name]>(
        name,
        { pollingIntervalSeconds: this.#options.pollingIntervalSeconds ?? 2 },
        async ([work]) => {
          if (work)
            await (job.run as (ctx: JobContext, data: unknown) => Promise<unknown>)(this.#ctx, work.data);
        },
      );
    }
    // A queue with no transport (tests of other jobs) sends no e-mail, so it has no rounds to prompt.
    if (this.#ctx.mail)
      this.#outboxListener = await keepListening(
        this.#database,
        EMAIL_OUTBOX_CHANNEL,
        {
          onPayload: () => this.#sendOutboxRoundSoon(),
          // Rows queued while the listener was down wait for no cron slot either.
          onUp: () => this.#sendOutboxRoundSoon(),
          onDown: () => {},
        },
        this.#ctx.log,
        'e-mail outbox listener',
      );
  }

  /**
   * A round for e-mail just queued (every instance hears the NOTIFY). Debounced per 2 s slot across
   * instances: the first sends a job now, later ones in the slot one job at the slot's end, so a burst
   * of invitations costs two rounds and a row queued during a round is never left for the minute's cron.
   */
  #sendOutboxRoundSoon() {
    this.#boss
      .sendDebounced('email-outbox-round', {}, {}, 2, 'queued')
      .catch((err: Error) =>
        this.#ctx.log.warn({ err: err.message }, 'could not send an e-mail outbox round'),
      );
  }

  /** Stops fetching, waits for the running jobs (up to stopTimeoutMs); the database stays open. */
  async stop(): Promise<void> {
    await this.#outboxListener?.close();
    this.#outboxListener = null;
    await this.#boss.stop({ close: false, graceful: true, timeout: this.#options.stopTimeoutMs ?? 8_000 });
  }

  async send<N extends BackgroundJobName>(name: N, data: JobPayloads[N]): Promise<void> {
    await this.#boss.send(name, data);
  }

  async deadLetters(providerId: number, limit: number): Promise<DeadLetterRow[]> {
    const rows = await providerDeadLetters(this.#database, DEAD_QUEUES, providerId, limit);
    return rows.flatMap((row) => {
      const name = jobOfDeadQueue.get(row.queue);
      return name
        ? [{ id: row.id, name, failedAt: row.failedAt, attempts: row.retryLimit + 1, error: row.error }]
        : [];
    });
  }

  async retryDeadLetter(providerId: number, id: string): Promise<boolean> {
    const letter = await providerDeadLetter(this.#database, DEAD_QUEUES, providerId, id);
    const name = letter && jobOfDeadQueue.get(letter.queue);
    if (!letter || !name) return false;
    // Sent before the letter goes: a crash in between leaves the letter (retried twice at worst; the
    // jobs are idempotent), never neither.
    await this.#boss.send(name, letter.data);
    await this.#boss.deleteJob(letter.queue, id);
    return true;
  }

  async deleteDeadLetter(providerId: number, id: string): Promise<boolean> {
    const letter = await providerDeadLetter(this.#database, DEAD_QUEUES, providerId, id);
    if (!letter) return false;
    await this.#boss.deleteJob(letter.queue, id);
    return true;
  }
}
