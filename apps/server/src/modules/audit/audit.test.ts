// The record audit trail (issue 26): rows written by changes (in their transaction) and by reads,
// append-only, and the manager's list and CSV export with their filters, cursor, rights and tenancy.
import type { Clock } from '@nursery/domain/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ReadAudit } from '../../lib/record-audit.ts';
import { describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import {
  type Fixture,
  loadFixture,
  newSave,
  saveRequest,
  transitionRequest,
} from '../events/event-fixtures.ts';

interface AuditRowDb {
  id: string;
  at: Date | string;
  user_id: number;
  staff_id: number | null;
  operation: string;
  record_type: string;
  record_id: string;
  child_id: number | null;
}

interface AuditPageJson {
  entries: {
    id: number;
    at: string;
    operation: string;
    recordType: string;
    recordID: string;
    childID: number | null;
    staffID: number | null;
    staffName: string | null;
    childName: string | null;
  }[];
  next: string | null;
  permittedActions: { export: boolean };
}

const HOUR = 3_600_000;
const londonDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(d);

describeEachDb('record audit trail', (kind) => {
  let t: TestApp;
  let f: Fixture;
  /** The one clock of the app: tests move it to write rows on other days. */
  let now = new Date();
  const clock: Clock = { now: () => now };
  let managerStaffId: number;
  let managerUserId: number;
  const obs = () => ({ typeID: f.type('observation'), codeID: f.code('observation', 'observation') });
  const rowsOf = (where: string) =>
    t.database.query<AuditRowDb>(
      `select id, at, user_id, staff_id, operation, record_type, record_id, child_id from record_audit
       where provider_id = ${f.providerId} and ${where} order by id`,
    );
  const get = (cookie: string | undefined, url: string) =>
    t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const saveObservation = async (childId: number, over: Record<string, unknown> = {}) => {
    const res = await saveRequest(t, f.manager, newSave({ ...obs(), subjects: [childId], ...over }));
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number; version: number }[])[0]!;
  };

  beforeAll(async () => {
    t = await makeTestApp(kind, { clock });
    f = await loadFixture(t);
    const [me] = await t.database.query<{ staff_id: number; user_id: number }>(
      `select st.id as staff_id, u.id as user_id from user_accounts u
       join staff st on st.provider_id = u.provider_id and st.person_id = u.person_id
       where u.email = 'manager@example.org'`,
    );
    managerStaffId = me!.staff_id;
    managerUserId = me!.user_id;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    now = new Date();
  });

  describe('rows written', () => {
    it('a saved event writes one create row (who, when, ids) in its transaction; an edit an update row', async () => {
      const child = f.kids[0]!.id;
      const saved = await saveObservation(child);
      const created = await rowsOf(`record_type = 'event' and record_id = '${saved.id}'`);
      expect(created).toEqual([
        {
          id: expect.anything(),
          at: expect.anything(),
          user_id: managerUserId,
          staff_id: managerStaffId,
          operation: 'create',
          record_type: 'event',
          record_id: String(saved.id),
          child_id: child,
        },
      ]);
      expect(new Date(created[0]!.at).toISOString()).toBe(now.toISOString());
      const edit = await saveRequest(
        t,
        f.manager,
        { ...newSave({ ...obs(), subjects: [child] }), version: saved.version, notes: 'Edited.' },
        'PUT',
        `/api/v2/events/${saved.id}`,
      );
      expect(edit.statusCode, edit.body).toBe(200);
      const moved = await transitionRequest(t, f.manager, [saved.id], 5);
      expect(moved.statusCode, moved.body).toBe(200);
      const ops = await rowsOf(`record_type = 'event' and record_id = '${saved.id}'`);
      expect(ops.map((r) => r.operation)).toEqual(['create', 'update', 'transition']);
    });

    it('a change that rolls back (its commit fails) leaves no audit row', async () => {
      // A deferred check fails at COMMIT, after every statement of the save (the audit insert too).
      await t.database.query(`
        create function refuse_marked_save() returns trigger language plpgsql as $$
        begin
          if new.notes = 'Roll this save back.' then raise exception 'refused at commit'; end if;
          return null;
        end $$`);
      await t.database.query(`
        create constraint trigger refuse_marked_save after insert on events
        deferrable initially deferred for each row execute function refuse_marked_save()`);
      try {
        const uuid = crypto.randomUUID();
        const res = await saveRequest(
          t,
          f.manager,
          newSave({ ...obs(), uuid, subjects: [f.kids[1]!.id], notes: 'Roll this save back.' }),
        );
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        const stored = await t.database.query<{ id: string }>(
          `select id from events where provider_id = ${f.providerId} and save_uuid = '${uuid}'`,
        );
        expect(stored).toEqual([]);
        const audited = await t.database.query<{ n: number }>(
          `select count(*)::int as n from record_audit where provider_id = ${f.providerId}
           and at = '${now.toISOString()}' and operation = 'create'`,
        );
        expect(audited[0]!.n).toBe(0);
        // The same save with other notes commits, with its row.
        const kept = await saveObservation(f.kids[1]!.id);
        expect(await rowsOf(`record_id = '${kept.id}' and operation = 'create'`)).toHaveLength(1);
      } finally {
        await t.database.query('drop trigger refuse_marked_save on events');
        await t.database.query('drop function refuse_marked_save()');
      }
    });

    it('reading an event (REST and GraphQL), the drafts list and the child page each write read rows', async () => {
      const child = f.kids[2]!.id;
      const saved = await saveObservation(child);
      const readsOf = () =>
        rowsOf(`operation = 'read' and record_type = 'event' and record_id = '${saved.id}'`);
      expect(await readsOf()).toEqual([]);

      expect((await get(f.manager, `/api/v2/events/${saved.id}`)).statusCode).toBe(200);
      expect(await readsOf()).toMatchObject([
        { user_id: managerUserId, staff_id: managerStaffId, operation: 'read', child_id: child },
      ]);

      const gql = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { ...WRITE_HEADERS, cookie: f.manager },
        payload: { query: `query { event(id: ${saved.id}) { id } }` },
      });
      expect(gql.statusCode, gql.body).toBe(200);
      expect(await readsOf()).toHaveLength(2);

      const list = await get(
        f.manager,
        `/api/v2/events?siteID=${f.siteId}&childIDs=${child}&statusID=1&limit=50`,
      );
      expect(list.statusCode, list.body).toBe(200);
      const listed = (list.json() as { events: { id: number }[] }).events.map((e) => e.id);
      expect(listed).toContain(saved.id);
      expect(await readsOf()).toHaveLength(3);

      const today = await get(f.manager, `/api/v1/children/${child}/today`);
      expect(today.statusCode, today.body).toBe(200);
      expect(
        await rowsOf(`operation = 'read' and record_type = 'child' and record_id = '${child}'`),
      ).toHaveLength(1);
    });

    it('a refused read (another provider, a missing event) writes no row', async () => {
      const saved = await saveObservation(f.kids[0]!.id);
      const before = await rowsOf(`operation = 'read'`);
      expect((await get(f.other, `/api/v2/events/${saved.id}`)).statusCode).toBe(404);
      expect((await get(f.manager, `/api/v2/events/${2 ** 31 - 1}`)).statusCode).toBe(404);
      expect(await rowsOf(`operation = 'read'`)).toEqual(before);
    });

    it('read rows wait for the flush when batched, then arrive in one insert', async () => {
      const buffered = new ReadAudit(t.database.db, { flushMs: 60_000 });
      const actor = { providerId: f.providerId, userId: managerUserId, staffId: managerStaffId };
      const marker = '9999999';
      await buffered.read(actor, [{ type: 'event', id: marker, childId: null }], now);
      expect(await rowsOf(`record_id = '${marker}'`)).toEqual([]);
      await buffered.flush();
      expect(await rowsOf(`record_id = '${marker}'`)).toHaveLength(1);
    });
  });

  describe('append-only, ids only', () => {
    it('refuses UPDATE, DELETE and TRUNCATE of the trail', async () => {
      await saveObservation(f.kids[0]!.id);
      await expect(t.database.query(`update record_audit set child_id = null`)).rejects.toThrow(
        /append-only/,
      );
      await expect(t.database.query(`delete from record_audit`)).rejects.toThrow(/append-only/);
      await expect(t.database.query(`truncate record_audit`)).rejects.toThrow(/append-only/);
      expect((await rowsOf('true')).length).toBeGreaterThan(0);
    });

    it('refuses free text in place of an id, operation or record type', async () => {
      const insert = (operation: string, type: string, id: string) =>
        t.database.query(
          `insert into record_audit (provider_id, at, user_id, operation, record_type, record_id)
           values (${f.providerId}, now(), ${managerUserId}, '${operation}', '${type}', '${id}')`,
        );
      await expect(insert('read', 'event', 'Called mum about the bruise')).rejects.toThrow(/check/i);
      await expect(insert('looked closely', 'event', '12')).rejects.toThrow(/check/i);
      await expect(insert('read', 'diary', '12')).rejects.toThrow(/check/i);
      await insert('read', 'media', '0b6f4f0e-1d7a-4c55-9d1e-2a8e0d4c9f10');
    });
  });

  describe('GET api/v1/audit and api/v1/audit.csv', () => {
    it('lists newest first with names, filtered by child, staff member and days, 50 a page by cursor', async () => {
      const child = f.kids[3]!.id;
      const saved = await saveObservation(child);
      // 55 reads three days ago, 1 read yesterday (London days, whatever the hour).
      const threeDaysAgo = new Date(Date.now() - 72 * HOUR);
      now = threeDaysAgo;
      for (let i = 0; i < 55; i++) await get(f.manager, `/api/v2/events/${saved.id}`);
      now = new Date(Date.now() - 24 * HOUR);
      await get(f.manager, `/api/v2/events/${saved.id}`);
      now = new Date();

      const day = londonDay(threeDaysAgo);
      const base = `/api/v1/audit?childID=${child}&staffID=${managerStaffId}&from=${day}&to=${day}`;
      const first = await get(f.manager, base);
      expect(first.statusCode, first.body).toBe(200);
      const p1 = first.json() as AuditPageJson;
      expect(p1.entries).toHaveLength(50);
      expect(p1.permittedActions).toEqual({ export: true });
      expect(p1.entries[0]).toMatchObject({
        operation: 'read',
        recordType: 'event',
        recordID: String(saved.id),
        childID: child,
        staffID: managerStaffId,
        staffName: expect.stringMatching(/Manager/),
        childName: expect.any(String),
      });
      const ids1 = p1.entries.map((e) => e.id);
      expect([...ids1].sort((a, b) => b - a)).toEqual(ids1);
      expect(p1.next).not.toBeNull();
      const p2 = (await get(f.manager, `${base}&cursor=${p1.next}`)).json() as AuditPageJson;
      expect(p2.entries).toHaveLength(5);
      expect(p2.next).toBeNull();
      expect(Math.max(...p2.entries.map((e) => e.id))).toBeLessThan(Math.min(...ids1));
      expect(new Set([...p1.entries, ...p2.entries].map((e) => londonDay(new Date(e.at))))).toEqual(
        new Set([day]),
      );

      // From yesterday on: yesterday's read and today's create row, newest first.
      const yesterday = londonDay(new Date(Date.now() - 24 * HOUR));
      const recent = (
        await get(f.manager, `/api/v1/audit?childID=${child}&from=${yesterday}`)
      ).json() as AuditPageJson;
      expect(recent.entries.filter((e) => e.recordID === String(saved.id)).map((e) => e.operation)).toEqual([
        'read',
        'create',
      ]);
      const other = (await get(f.manager, `/api/v1/audit?childID=${f.kids[4]!.id}`)).json() as AuditPageJson;
      expect(other.entries.some((e) => e.recordID === String(saved.id))).toBe(false);

      // The CSV: the same filters, every row (not only a page), a header, then one line a row.
      const csv = await get(f.manager, base.replace('/api/v1/audit?', '/api/v1/audit.csv?'));
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(/attachment; filename="audit-trail-.*\.csv"/);
      const lines = csv.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('id,at,operation,recordType,recordID,childID,staffID,userID,staffName,childName');
      expect(lines).toHaveLength(56);
      expect(lines[1]!.split(',').slice(2, 6)).toEqual(['read', 'event', String(saved.id), String(child)]);
    });

    it('answers 401 anonymous, 403 to a practitioner, 404 for a filter naming another provider, 400 for bad input', async () => {
      expect((await get(undefined, '/api/v1/audit')).statusCode).toBe(401);
      for (const url of ['/api/v1/audit', '/api/v1/audit.csv']) {
        const denied = await get(f.practitioner, url);
        expect(denied.statusCode).toBe(403);
        expect(denied.json().err.code).toBe('err-permission-denied');
      }
      const foreign = await get(f.manager, `/api/v1/audit?childID=${f.otherChild}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().err.code).toBe('err-not-found');
      expect((await get(f.manager, `/api/v1/audit.csv?childID=${f.otherChild}`)).statusCode).toBe(404);
      expect((await get(f.manager, '/api/v1/audit?staffID=2147483647')).statusCode).toBe(404);
      for (const q of ['from=2026-02-30', 'from=2026-11-20&to=2026-11-19', 'cursor=abc', 'childID=0']) {
        const bad = await get(f.manager, `/api/v1/audit?${q}`);
        expect(bad.statusCode, q).toBe(400);
        expect(bad.json().err.code, q).toMatch(/^err-/);
      }
    });

    it("another provider's manager sees only their own provider's rows", async () => {
      const saved = await saveObservation(f.kids[0]!.id);
      await get(f.manager, `/api/v2/events/${saved.id}`);
      const theirs = await get(f.other, '/api/v1/audit');
      expect(theirs.statusCode, theirs.body).toBe(200);
      const page = theirs.json() as AuditPageJson;
      expect(page.entries.some((e) => e.recordID === String(saved.id))).toBe(false);
      const csv = await get(f.other, '/api/v1/audit.csv');
      expect(csv.body).not.toContain(`,${saved.id},`);
      const [mine] = await rowsOf(`record_id = '${saved.id}'`);
      expect(mine).toBeDefined();
    });
  });
});
