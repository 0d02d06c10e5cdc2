// Database errors reach the logs without the statement's parameters (children's notes, names).
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { describeEachDb, openTestDatabase } from '../test/harness.ts';

const NOTE = 'Ava said her grandad lives at 12 Acacia Road';

describeEachDb('error logs', (kind) => {
  let app: FastifyInstance;
  let database: Database;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({ database, logger: pino({ level: 'info' }, stream) });
    // Two faults a route could hit with a child's note as a query parameter: a value PostgreSQL
    // refuses (a data exception) and a fault of ours (a column that does not exist).
    app.get('/test/data-exception', async () => {
      await database.db.execute(sql`select ${NOTE}::int`);
    });
    app.get('/test/our-fault', async () => {
      await database.db.execute(sql`select ${NOTE}::text || no_such_column`);
    });
    // Issue 32: the database's disk full, as PostgreSQL reports it (SQLSTATE 53100) in a transaction
    // that has already written a row.
    app.get('/test/disk-full', async () => {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`create temporary table if not exists disk_full_probe (note text)`);
        await tx.execute(sql`insert into disk_full_probe values (${NOTE})`);
        await tx.execute(
          sql.raw(`do $$ begin raise exception 'could not extend file' using errcode = 'disk_full'; end $$`),
        );
      });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('logs neither the note nor the statement when a query fails, and answers without internals', async () => {
    const refused = await app.inject({ url: '/test/data-exception' });
    const fault = await app.inject({ url: '/test/our-fault' });
    expect(refused.statusCode).toBe(400);
    expect(fault.statusCode).toBe(500);
    for (const res of [refused, fault]) {
      expect(res.body).not.toContain(NOTE);
      expect(res.body).not.toMatch(/select|stack/i);
    }
    const logged = lines.join('');
    expect(logged).toContain('22P02'); // the SQLSTATE is kept, so the fault can be found
    expect(logged).toContain('42703'); // undefined column
    expect(logged).toContain('"errorClass":"DrizzleQueryError"'); // the error's own class, not "Object"
    expect(logged).not.toContain('Acacia');
    expect(logged).not.toMatch(/params:|Failed query/);
  });

  it('answers 507 err-database-full when the database disk is full, with the transaction rolled back', async () => {
    const res = await app.inject({ url: '/test/disk-full' });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({
      err: {
        code: 'err-database-full',
        message:
          'The server has no room to save this, so nothing was saved. Please try again later, and tell your manager if it happens again.',
      },
    });
    expect(lines.join('')).toContain('53100');
    const left = await database.query<{ n: number }>(
      "select count(*)::int as n from pg_class where relname = 'disk_full_probe'",
    );
    // The temporary table was made in the rolled-back transaction: it is gone with it.
    expect(left[0]!.n).toBe(0);
  });
});
