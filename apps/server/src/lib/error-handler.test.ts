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
});
