import { randomUUID } from 'node:crypto';
import { toCalendarDate } from '@nursery/domain/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, loginDemoStaff, makeTestApp, type TestApp } from '../../test/harness.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';

interface Summary {
  id: number;
  raised: string;
  statusID: number;
  typeID: number;
  author: { staffID: number | null };
}

describe('event cursors', () => {
  it('round-trips and refuses anything else', () => {
    const c = { raised: '2026-11-21 09:15:00.123456+00', id: 42 };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    for (const bad of [
      '',
      'x',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('["2026-01-01", -1]').toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad)).toThrow(/not valid/);
    }
  });
});

describeEachDb('event search', (kind) => {
  let t: TestApp;
  let manager: string;
  let practitioner: string;
  let other: string;
  let oakTree: number;
  let providerId: number;
  let practitionerStaff: number;
  const search = async (cookie: string, query: string) => {
    const res = await t.app.inject({ url: `/api/v2/events?${query}`, headers: { cookie } });
    return res;
  };
  const pageOf = async (cookie: string, query: string) => {
    const res = await search(cookie, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { events: Summary[]; next: string | null; previous: string | null };
  };

  beforeAll(async () => {
    t = await makeTestApp(kind);
    [manager, practitioner, other] = await loginDemoStaff(t.app);
    const config = (await t.app.inject({ url: '/api/v1/config', headers: { cookie: practitioner } })).json();
    oakTree = config.siteID;
    practitionerStaff = config.me.staffID;
    providerId = (
      await t.database.query<{ provider_id: number }>(`select provider_id from sites where id = ${oakTree}`)
    )[0]!.provider_id;
  });
  afterAll(() => t.close());

  it('pages newest first through every published event of the site with no gap and no repeat', async () => {
    const expected = await t.database.query<{ id: string }>(
      `select id from events where provider_id = ${providerId} and site_id = ${oakTree} and status_id = 5
       order by raised desc, id desc`,
    );
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await pageOf(
        manager,
        `siteID=${oakTree}&statusID=5&limit=100${cursor ? `&after=${cursor}` : ''}`,
      );
      seen.push(...page.events.map((e) => e.id));
      cursor = page.next;
      pages++;
    } while (cursor && pages < 1000);
    expect(seen).toEqual(expected.map((r) => Number(r.id)));
    expect(pages).toBeGreaterThan(1);
  });

  it('goes back with the previous cursor to exactly the page before', async () => {
    const first = await pageOf(manager, `siteID=${oakTree}&limit=25`);
    expect(first.events).toHaveLength(25);
    expect(first.previous).toBeNull();
    const second = await pageOf(manager, `siteID=${oakTree}&limit=25&after=${first.next}`);
    expect(second.previous).not.toBeNull();
    const back = await pageOf(manager, `siteID=${oakTree}&limit=25&before=${second.previous}`);
    expect(back.events.map((e) => e.id)).toEqual(first.events.map((e) => e.id));
    expect(back.previous).toBeNull();
    const raised = first.events.map((e) => e.raised);
    expect([...raised].sort().reverse()).toEqual(raised);
  });

  it('keeps page 2 stable when a newer event is inserted between the requests', async () => {
    const first = await pageOf(manager, `siteID=${oakTree}&limit=10`);
    const before = await pageOf(manager, `siteID=${oakTree}&limit=10&after=${first.next}`);
    const [template] = await t.database.query<Record<string, unknown>>(
      `select type_id, code_id, child_id, author_person_id, author_staff_id from events
       where provider_id = ${providerId} and site_id = ${oakTree} and status_id = 5 limit 1`,
    );
    // Tomorrow by the app's clock (a PostgreSQL server's now() keeps the real clock under NURSERY_TEST_NOW).
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    await t.database.query(
      `insert into events (provider_id, save_uuid, type_id, code_id, child_id, status_id, site_id, author_person_id, author_staff_id, raised)
       values (${providerId}, '${randomUUID()}', ${template!.type_id}, ${template!.code_id}, ${template!.child_id}, 5, ${oakTree},
               ${template!.author_person_id}, ${template!.author_staff_id}, '${tomorrow}')`,
    );
    const after = await pageOf(manager, `siteID=${oakTree}&limit=10&after=${first.next}`);
    expect(after.events.map((e) => e.id)).toEqual(before.events.map((e) => e.id));
    const newFirst = await pageOf(manager, `siteID=${oakTree}&limit=10`);
    expect(newFirst.events[0]!.id).not.toBe(first.events[0]!.id);
  });

  it("shows the practitioner their own drafts but not other people's", async () => {
    const drafts = await pageOf(practitioner, `siteID=${oakTree}&statusID=1&limit=100`);
    expect(drafts.events.every((e) => e.author.staffID === practitionerStaff)).toBe(true);
    const all = await t.database.query<{ n: number }>(
      `select count(*)::int as n from events where provider_id = ${providerId} and site_id = ${oakTree} and status_id = 1
         and author_staff_id is distinct from ${practitionerStaff}`,
    );
    expect(all[0]!.n).toBeGreaterThan(0);
    const managerDrafts = await pageOf(manager, `siteID=${oakTree}&statusID=1&limit=100`);
    expect(managerDrafts.events.some((e) => e.author.staffID !== practitionerStaff)).toBe(true);
  });

  it('filters by type, author and date range', async () => {
    const page = await pageOf(manager, `siteID=${oakTree}&limit=100`);
    const sample = page.events[0]!;
    // from/to are dates in the site's zone (Europe/London), not the UTC date of the instant.
    const day = toCalendarDate(new Date(sample.raised));
    const filtered = await pageOf(
      manager,
      `siteID=${oakTree}&typeID=${sample.typeID}&staffID=${sample.author.staffID}&from=${day}&to=${day}&limit=100`,
    );
    expect(filtered.events.map((e) => e.id)).toContain(sample.id);
    expect(
      filtered.events.every((e) => e.typeID === sample.typeID && e.author.staffID === sample.author.staffID),
    ).toBe(true);
  });

  it('answers 400 for a cursor that does not decode or an unknown status, 404 for another provider', async () => {
    const bad = await search(manager, `siteID=${oakTree}&after=not-a-cursor`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().err.code).toBe('err-invalid-cursor');
    expect((await search(manager, `siteID=${oakTree}&statusID=2`)).statusCode).toBe(400);
    expect((await search(manager, `siteID=${oakTree}&childIDs=1,x`)).statusCode).toBe(400);
    expect((await search(other, `siteID=${oakTree}`)).statusCode).toBe(404);
  });
});
