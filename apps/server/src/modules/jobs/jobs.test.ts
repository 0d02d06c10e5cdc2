// Issue 32: background work on pg-boss over the app's own database (PGlite and PostgreSQL): a job runs
// once though two queues poll the same database, a failing job is retried then becomes a dead letter
// the API lists to its provider's managers only, a retry queues it again, a delete removes it; the
// e-mail round sends through the queue as it did.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { systemClock } from '@nursery/domain/common';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { DiskObjectStore } from '../../lib/object-store/disk.ts';
import { DEMO, describeEachDb, loginAs, openTestDatabase, WRITE_HEADERS } from '../../test/harness.ts';
import { insertEmails, type MailTransport, type OutgoingEmail } from '../notifications/index.ts';
import type { JobContext } from './definitions.ts';
import { PgBossJobQueue, type PgBossQueueOptions } from './queue.ts';

const silent = { info() {}, warn() {} };

/** Waits until `check` answers truthy (the workers poll every half second here). */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describeEachDb('background jobs', (kind) => {
  let database: Database;
  let mediaDir: string;
  const queues: PgBossJobQueue[] = [];
  const ctx = (mail?: MailTransport): JobContext => ({
    db: database.db,
    clock: systemClock,
    objects: new DiskObjectStore(mediaDir),
    mail,
    log: silent,
  });
  const startQueue = async (options: PgBossQueueOptions, mail?: MailTransport) => {
    const queue = new PgBossJobQueue(database, ctx(mail), {
      pollingIntervalSeconds: 0.5,
      schedule: false,
      stopTimeoutMs: 1000,
      ...options,
    });
    await queue.start();
    queues.push(queue);
    return queue;
  };
  const stopQueues = async () => {
    for (const queue of queues.splice(0)) await queue.stop();
  };
  const providerOf = async (email: string) => {
    const [row] = await database.query<{ provider_id: number }>(
      `select provider_id from user_accounts where lower(email) = '${email}'`,
    );
    return row!.provider_id;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    mediaDir = await mkdtemp(path.join(tmpdir(), 'nursery-jobs-'));
  });
  afterAll(async () => {
    await stopQueues();
    await database.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it("makes pg-boss's schema apart from the app's, and again at a second start without harm", async () => {
    await startQueue({});
    await startQueue({});
    const [schema] = await database.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema = 'pgboss' and table_name = 'job'",
    );
    expect(schema!.n).toBe(1);
    const queueNames = (
      await database.query<{ name: string }>('select name from pgboss.queue order by name')
    ).map((r) => r.name);
    expect(queueNames).toEqual(
      expect.arrayContaining([
        'email-outbox-round',
        'email-outbox-round-dead',
        'erased-media-files',
        'erased-media-files-dead',
      ]),
    );
    // One schedule per job, however many instances start: pg-boss sends one job per cron slot from it.
    expect(await database.query('select name, cron, timezone from pgboss.schedule order by name')).toEqual([
      { name: 'email-outbox-round', cron: '* * * * *', timezone: 'UTC' },
    ]);
    await stopQueues();
  });

  it('runs each job once though two queues poll the same database', async () => {
    const runs = new Map<string, number>();
    const counting = (instance: string) => ({
      'erased-media-files': {
        run: async (_ctx: JobContext, data: { providerId: number; paths: string[] }) => {
          const key = data.paths[0]!;
          runs.set(key, (runs.get(key) ?? 0) + 1);
          runs.set(instance, (runs.get(instance) ?? 0) + 1);
          // Long enough for the other instance to poll while this one holds the job.
          await new Promise((resolve) => setTimeout(resolve, 50));
        },
      },
    });
    const one = await startQueue({ definitions: counting('one') });
    await startQueue({ definitions: counting('two') });
    const paths = Array.from({ length: 12 }, (_, i) => `1/job-${i}`);
    for (const p of paths) await one.send('erased-media-files', { providerId: 1, paths: [p] });
    await eventually(async () => paths.every((p) => runs.has(p)));
    // A little longer: a second run of any job would show now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(paths.map((p) => runs.get(p))).toEqual(paths.map(() => 1));
    expect((runs.get('one') ?? 0) + (runs.get('two') ?? 0)).toBe(paths.length);
    await stopQueues();
  });

  it('sends the e-mail outbox through the round job', async () => {
    const sent: OutgoingEmail[] = [];
    const mail: MailTransport = {
      kind: 'test',
      async send(message) {
        sent.push(message);
      },
    };
    const queue = await startQueue({}, mail);
    const [user] = await database.query<{ provider_id: number; id: number }>(
      `select provider_id, id from user_accounts where lower(email) = '${DEMO.manager}'`,
    );
    const due = new Date(Date.now() - 60_000).toISOString();
    await database.query(
      `insert into email_outbox (provider_id, user_id, "to", subject, body, created, next_attempt_at)
       values (${user!.provider_id}, ${user!.id}, '${DEMO.manager}', 'Queued by a job test', 'Body', '${due}', '${due}')`,
    );
    await queue.send('email-outbox-round', {});
    await eventually(async () => sent.some((m) => m.subject === 'Queued by a job test'));
    const [row] = await database.query<{ sent: boolean }>(
      "select sent_at is not null as sent from email_outbox where subject = 'Queued by a job test'",
    );
    expect(row!.sent).toBe(true);
    await stopQueues();
  });

  it('sends an e-mail within seconds of the commit that queued it, with no cron slot', async () => {
    const sent: OutgoingEmail[] = [];
    const mail: MailTransport = {
      kind: 'test',
      async send(message) {
        sent.push(message);
      },
    };
    // schedule: false, so no minute's round can be what sends it; nothing calls send either.
    await startQueue({}, mail);
    const [user] = await database.query<{ provider_id: number; id: number }>(
      `select provider_id, id from user_accounts where lower(email) = '${DEMO.manager}'`,
    );
    const now = new Date();
    const queued = (subject: string) => ({
      providerId: user!.provider_id,
      userId: user!.id,
      to: DEMO.manager,
      subject,
      body: 'Body',
      created: now,
      nextAttemptAt: now,
    });
    // A rolled-back insert notifies nobody and leaves no row; the committed one is sent.
    await database.db
      .transaction(async (tx) => {
        await insertEmails(tx, [queued('Rolled back')]);
        throw new Error('roll back');
      })
      .catch(() => {});
    await database.db.transaction((tx) => insertEmails(tx, [queued('Sent at once')]));
    await eventually(async () => sent.some((m) => m.subject === 'Sent at once'), 10_000);
    // A second one a moment later (the same debounce slot) is sent too, not left for the cron.
    await database.db.transaction((tx) => insertEmails(tx, [queued('Sent in the next slot')]));
    await eventually(async () => sent.some((m) => m.subject === 'Sent in the next slot'), 10_000);
    expect(sent.map((m) => m.subject)).not.toContain('Rolled back');
    await stopQueues();
  });

  describe('dead letters', () => {
    let app: FastifyInstance;
    let queue: PgBossJobQueue;
    let failing = true;
    const ran: string[][] = [];
    let manager: string;
    const list = async (cookie: string) =>
      app.inject({
        method: 'GET',
        url: '/api/v1/settings/background-jobs/dead-letters',
        headers: { cookie },
      });

    beforeAll(async () => {
      queue = await startQueue({
        definitions: {
          'erased-media-files': {
            retry: { retryLimit: 1, retryDelay: 0, retryBackoff: false, expireInSeconds: 60 },
            run: async (_ctx, data) => {
              ran.push(data.paths);
              if (failing) throw new Error('EACCES: permission denied, unlink smtp://user:secret@host');
            },
          },
        },
      });
      app = await buildApp({ database, mediaDir, jobs: queue });
      await app.ready();
      manager = await loginAs(app, DEMO.manager);
    });
    afterAll(async () => {
      await app.close();
      await stopQueues();
    });

    it("retries a failing job, then lists it to its provider's managers only; retry and delete handle it", async () => {
      const providerId = await providerOf(DEMO.manager);
      await queue.send('erased-media-files', { providerId, paths: [`${providerId}/one`] });
      const letters = await eventually(async () => {
        const body = (await list(manager)).json() as { deadLetters: { id: string }[] };
        return body.deadLetters.length > 0 ? body : null;
      });
      expect(ran).toEqual([[`${providerId}/one`], [`${providerId}/one`]]);
      const first = (await list(manager)).json();
      expect(first.permittedActions).toEqual({ retry: true, delete: true });
      expect(first.deadLetters).toEqual([
        {
          id: letters.deadLetters[0]!.id,
          job: 'erased-media-files',
          failedAt: expect.any(String),
          attempts: 2,
          error: 'EACCES: permission denied, unlink smtp://[hidden]@host',
        },
      ]);
      const letter = first.deadLetters[0].id as string;

      // Another provider's manager sees nothing of it and cannot touch it; a practitioner may not look.
      const other = await loginAs(app, DEMO.otherManager);
      expect((await list(other)).json().deadLetters).toEqual([]);
      for (const method of ['POST', 'DELETE'] as const) {
        const url = `/api/v1/settings/background-jobs/dead-letters/${letter}${method === 'POST' ? '/retry' : ''}`;
        const res = await app.inject({ method, url, headers: { ...WRITE_HEADERS, cookie: other } });
        expect(res.statusCode, res.body).toBe(404);
      }
      const practitioner = await loginAs(app, DEMO.practitioner);
      expect((await list(practitioner)).statusCode).toBe(403);

      // Retry: the letter goes and the job runs again (it works now).
      failing = false;
      const retried = await app.inject({
        method: 'POST',
        url: `/api/v1/settings/background-jobs/dead-letters/${letter}/retry`,
        headers: { ...WRITE_HEADERS, cookie: manager },
      });
      expect(retried.statusCode, retried.body).toBe(204);
      expect((await list(manager)).json().deadLetters).toEqual([]);
      await eventually(async () => ran.length === 3);
      expect(ran[2]).toEqual([`${providerId}/one`]);

      // Delete: a new failure's letter is removed, and a second delete finds nothing.
      failing = true;
      await queue.send('erased-media-files', { providerId, paths: [`${providerId}/two`] });
      const second = await eventually(async () => (await list(manager)).json().deadLetters[0]?.id as string);
      const url = `/api/v1/settings/background-jobs/dead-letters/${second}`;
      const deleted = await app.inject({
        method: 'DELETE',
        url,
        headers: { ...WRITE_HEADERS, cookie: manager },
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect((await list(manager)).json().deadLetters).toEqual([]);
      const again = await app.inject({
        method: 'DELETE',
        url,
        headers: { ...WRITE_HEADERS, cookie: manager },
      });
      expect(again.statusCode).toBe(404);
    });
  });
});
