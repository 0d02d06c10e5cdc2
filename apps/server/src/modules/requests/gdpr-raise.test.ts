// POST api/v1/gdpr-erasure-requests (issue 29, #/gdpr): raising a request to erase a child's or a
// contact's data; session, permission, tenancy and site 404, bad input 400, one pending per subject.
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeEachDb,
  loginDemoStaff,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

interface Raised {
  id: number;
  child: { id: number } | null;
  person: { id: number; forename: string } | null;
  creator: { forename: string };
  reason: string | null;
  permittedActions: { approve: boolean; decline: boolean };
}

describeEachDb('raising a GDPR erasure request', (kind) => {
  let t: TestApp;
  let manager: string;
  let practitioner: string;
  let other: string;
  let oakChild: number;
  let willowChild: number;
  let oakContact: { contactId: number; personId: number };
  const q = <T>(text: string) => t.database.query<T>(text);
  const raise = (cookie: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/gdpr-erasure-requests',
      payload: payload as object,
      headers: { ...WRITE_HEADERS, cookie },
    });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    [manager, practitioner, other] = await loginDemoStaff(t.app);
    const site = async (name: string) =>
      (await q<{ id: number }>(`select id from sites where name = '${name}'`))[0]!.id;
    const [oak, willow] = [await site('Oak Tree Nursery'), await site('Willow Nursery')];
    const childAt = async (siteId: number, skip: number) =>
      (
        await q<{ id: number }>(
          `select c.id from children c where c.site_id = ${siteId}
             and exists (select 1 from child_contacts cc where cc.provider_id = c.provider_id and cc.child_id = c.id)
           order by c.id offset ${skip} limit 1`,
        )
      )[0]!.id;
    oakChild = await childAt(oak, 0);
    willowChild = await childAt(willow, 0);
    const contactChild = await childAt(oak, 1);
    const [row] = await q<{ contact_id: number; person_id: number }>(
      `select ct.id as contact_id, ct.person_id from child_contacts cc
         join contacts ct on ct.provider_id = cc.provider_id and ct.id = cc.contact_id
       where cc.child_id = ${contactChild} order by ct.id limit 1`,
    );
    oakContact = { contactId: row!.contact_id, personId: row!.person_id };
  });
  afterAll(() => t.close());

  it("raises a child's request with its reason; it is listed, and its creator may not approve it", async () => {
    const res = await raise(manager, { childID: oakChild, reason: '  Left the nursery; parents asked.  ' });
    expect(res.statusCode, res.body).toBe(201);
    const raised = res.json() as Raised;
    expect(raised.child?.id).toBe(oakChild);
    expect(raised.person).toBeNull();
    expect(raised.reason).toBe('Left the nursery; parents asked.');
    expect(raised.permittedActions.approve).toBe(false);
    const list = (
      await t.app.inject({ url: '/api/v1/gdpr-erasure-requests', headers: { cookie: manager } })
    ).json() as {
      requests: Raised[];
    };
    expect(list.requests.map((r) => r.id)).toContain(raised.id);
    const trail = await q<{ n: number }>(
      `select count(*)::int as n from record_audit where record_type = 'request' and record_id = '${raised.id}'
         and operation = 'create' and child_id = ${oakChild}`,
    );
    expect(trail[0]!.n).toBe(1);
    // One pending request per child: a second is refused and nothing is written.
    const again = await raise(manager, { childID: oakChild });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ err: { code: 'err-gdpr-request-pending' } });
    const pending = await q<{ n: number }>(
      `select count(*)::int as n from gdpr_erasure_requests where child_id = ${oakChild} and status = 'pending'`,
    );
    expect(pending[0]!.n).toBe(1);
  });

  it("raises a contact's request for the person behind the contact", async () => {
    const res = await raise(manager, { contactID: oakContact.contactId });
    expect(res.statusCode, res.body).toBe(201);
    const raised = res.json() as Raised;
    expect(raised.person?.id).toBe(oakContact.personId);
    expect(raised.child).toBeNull();
    expect(raised.reason).toBeNull();
  });

  it('refuses without approveGDPR (403), another provider’s or an unknown subject (404), bad input (400)', async () => {
    expect((await raise(practitioner, { childID: oakChild })).statusCode).toBe(403);
    expect((await raise(other, { childID: willowChild })).statusCode).toBe(404);
    expect((await raise(other, { contactID: oakContact.contactId })).statusCode).toBe(404);
    expect((await raise(manager, { childID: 2147483647 })).statusCode).toBe(404);
    for (const body of [
      {},
      { childID: oakChild, contactID: oakContact.contactId },
      { childID: 0 },
      { childID: 2147483648 },
      { childID: willowChild, reason: 'x'.repeat(1001) },
      { childID: '12' },
    ]) {
      expect((await raise(manager, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/gdpr-erasure-requests',
      payload: { childID: oakChild },
      headers: WRITE_HEADERS,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
