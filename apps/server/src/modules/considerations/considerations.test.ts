// GraphQL pendingConsiderations (spec 002 §3 Consideration, §6 publishConsiderations, §7, §9 limit 100).
import type { PendingConsideration } from '@nursery/domain/children';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import { type Fixture, loadFixture } from '../events/event-fixtures.ts';

const FIELDS =
  'id status notes visibleToParents staffID eventID created child { id forename surname hasImage } staffMember { id forename surname }';

describeEachDb('pending considerations', (kind) => {
  let t: TestApp;
  let f: Fixture;
  const q = <T>(text: string) => t.database.query<T>(text);
  const ask = (cookie: string, args = '') =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...WRITE_HEADERS, cookie },
      payload: { query: `query PendingConsiderations { pendingConsiderations${args} { ${FIELDS} } }` },
    });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
  });
  afterAll(() => t.close());

  it("answers the considerations on Pending events at the manager's sites, newest first", async () => {
    const res = await ask(f.manager, '(limit: 100)');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data.pendingConsiderations as PendingConsideration[];
    const expected = await q<{ id: number }>(
      `select co.id from considerations co join events e on e.provider_id = co.provider_id and e.id = co.event_id
       where co.provider_id = ${f.providerId} and e.status_id = 3 and co.status <> 'Resolved'
       order by co.created_at desc, co.id desc limit 100`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(list.map((c) => c.id)).toEqual(expected.map((e) => e.id));
    const [first] = list;
    const [row] = await q<{ event_id: number; child_id: number; status: string; staff_id: number | null }>(
      `select event_id, child_id, status, staff_id from considerations where provider_id = ${f.providerId} and id = ${first!.id}`,
    );
    expect(first).toMatchObject({
      eventID: Number(row!.event_id),
      status: row!.status,
      staffID: row!.staff_id,
      child: { id: row!.child_id },
    });
    if (row!.staff_id !== null) expect(first!.staffMember?.id).toBe(row!.staff_id);
  });

  it('holds at most the limit asked, and refuses a limit over 100', async () => {
    const two = (await ask(f.manager, '(limit: 2)')).json().data.pendingConsiderations;
    expect(two).toHaveLength(2);
    const over = await ask(f.manager, '(limit: 101)');
    expect(over.json().errors[0].extensions.code).toBe('err-invalid-request');
  });

  it('needs publishConsiderations, and shows another provider nothing of the first', async () => {
    const denied = await ask(f.practitioner);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].extensions.code).toBe('err-permission-denied');
    const other = await ask(f.other);
    expect(other.statusCode, other.body).toBe(200);
    const ids = (other.json().data.pendingConsiderations as PendingConsideration[]).map((c) => c.id);
    const mine = await q<{ id: number }>(`select id from considerations where provider_id = ${f.providerId}`);
    // Ids are per provider; compare the events instead, which belong to one provider each.
    const otherEvents = (other.json().data.pendingConsiderations as PendingConsideration[]).map(
      (c) => c.eventID,
    );
    const firstEvents = await q<{ id: number }>(`select id from events where provider_id = ${f.providerId}`);
    expect(otherEvents.filter((e) => firstEvents.some((x) => Number(x.id) === e))).toEqual([]);
    expect(ids.length + mine.length).toBeGreaterThan(0);
  });
});
