// One's own change of details (issue 30; spec 002 §3 Change request, §5 Profile, §6, §7 "POST change
// requests"): each rule of the request, the limits, one pending request per person (merged), never for
// someone else, and the approval on Home's widget writing the details that config `me` then shows.
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginDemoStaff,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

interface OwnAnswer {
  request: { id: number; fields: Record<string, string | null>; created: string } | null;
}

describeEachDb('profile details: change requests', (kind) => {
  let t: TestApp;
  let manager: string;
  let practitioner: string;
  let other: string;
  const q = <T>(text: string) => t.database.query<T>(text);
  const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });
  const raise = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/change-requests',
      headers: { ...WRITE_HEADERS, cookie },
      payload,
    });
  const personOf = async (email: string) =>
    (await q<{ person_id: number }>(`select person_id from user_accounts where email = '${email}'`))[0]!
      .person_id;
  const pendingOf = (personId: number) =>
    q<{ id: number; fields: Record<string, string>; table_name: string }>(
      `select id, fields, table_name from change_requests where person_id = ${personId} and status = 'pending'`,
    );

  beforeAll(async () => {
    t = await makeTestApp(kind);
    [manager, practitioner, other] = await loginDemoStaff(t.app);
  });
  afterAll(() => t.close());

  it('answers the pending request of one’s own details (the demo practitioner has one)', async () => {
    const res = await get(practitioner, '/api/v1/change-requests/mine');
    expect(res.statusCode, res.body).toBe(200);
    const { request } = res.json() as OwnAnswer;
    expect(request?.fields).toEqual({
      telmob: '07700 900789',
      biography: 'Level 3 practitioner who loves outdoor learning and story time.',
    });
  });

  it('merges a new change into the pending one: one request per person, later values win', async () => {
    const personId = await personOf(DEMO.practitioner);
    const res = await raise(practitioner, { fields: { telwork: ' 0117 496 0123 ', telmob: '07700 900111' } });
    expect(res.statusCode, res.body).toBe(200);
    const { request } = res.json() as OwnAnswer;
    expect(request?.fields).toEqual({
      telmob: '07700 900111',
      telwork: '0117 496 0123',
      biography: 'Level 3 practitioner who loves outdoor learning and story time.',
    });
    const rows = await pendingOf(personId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: request!.id, table_name: 'StaffMember' });
    expect(rows[0]!.fields.tablename).toBe('StaffMember');
  });

  it('a detail sent as it already is, is no change; nothing different is 400 err-no-change', async () => {
    const personId = await personOf(DEMO.manager);
    const [me] = await q<{ telmob: string | null; address1: string | null }>(
      `select telmob, address1 from people where id = ${personId}`,
    );
    const res = await raise(manager, {
      fields: { telmob: me!.telmob ?? '', address1: `  ${me!.address1}  ` },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().err.code).toBe('err-no-change');
    expect(await pendingOf(personId)).toHaveLength(0);
    const empty = await raise(manager, { fields: {} });
    expect(empty.json().err.code).toBe('err-no-change');
    // One changed detail among unchanged ones: only it is asked for.
    const one = await raise(manager, { fields: { telmob: me!.telmob ?? '', telhome: '0117 496 0999' } });
    expect(one.statusCode, one.body).toBe(200);
    expect((one.json() as OwnAnswer).request?.fields).toEqual({ telhome: '0117 496 0999' });
  });

  it.each([
    ['telmob', 30],
    ['telwork', 30],
    ['telhome', 30],
    ['address1', 50],
    ['address5', 50],
    ['postcode', 20],
    ['biography', 1000],
  ])(
    'refuses %s longer than %i characters (this-field-has-max-length-of), takes it at the limit',
    async (field, limit) => {
      const long = await raise(other, { fields: { [field]: 'x'.repeat(limit + 1) } });
      expect(long.statusCode).toBe(400);
      expect(long.json().err.message).toBe(`fields.${field}: this-field-has-max-length-of`);
      const atLimit = await raise(other, { fields: { [field]: 'y'.repeat(limit) } });
      expect(atLimit.statusCode, atLimit.body).toBe(200);
    },
  );

  it('refuses clearing address line 1, the postcode or the biography (this-field-is-required); clears a phone', async () => {
    for (const field of ['address1', 'postcode', 'biography']) {
      const res = await raise(other, { fields: { [field]: '   ' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().err.message).toBe(`fields.${field}: this-field-is-required`);
    }
    const otherPerson = await personOf(DEMO.otherManager);
    await q(`update people set telwork = '0117 496 0100' where id = ${otherPerson}`);
    const cleared = await raise(other, { fields: { telwork: '', address3: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((cleared.json() as OwnAnswer).request?.fields).toMatchObject({ telwork: null });
  });

  it('is always for the signed-in person: another person or an unknown detail in the body is refused', async () => {
    const practitionerPerson = await personOf(DEMO.practitioner);
    const before = await pendingOf(practitionerPerson);
    for (const payload of [
      { personID: practitionerPerson, fields: { telmob: '07700 900666' } },
      { fields: { telmob: '07700 900666', personID: practitionerPerson } },
      { fields: { forename: 'Mallory' } },
      { fields: { telmob: '07700 900666' }, tablename: 'Contacts' },
    ]) {
      const res = await raise(manager, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await pendingOf(practitionerPerson)).toEqual(before);
  });

  it('needs a session (401) and a same-origin write', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/change-requests',
      headers: WRITE_HEADERS,
      payload: { fields: { telmob: '1' } },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/change-requests/mine' })).statusCode).toBe(401);
  });

  it('approved on the manager’s widget, the details change and config `me` shows them', async () => {
    const raised = await raise(practitioner, { fields: { telmob: '07700 900222', postcode: 'bs1 4dj' } });
    expect(raised.statusCode, raised.body).toBe(200);
    const id = (raised.json() as OwnAnswer).request!.id;
    const list = (await get(manager, '/api/v1/change-requests')).json() as {
      requests: { id: number; tablename: string; fields: { name: string; newValue: string | null }[] }[];
    };
    const item = list.requests.find((r) => r.id === id)!;
    expect(item.tablename).toBe('StaffMember');
    const values = Object.fromEntries(item.fields.map((f) => [f.name, f.newValue]));
    expect(values).toMatchObject({ telmob: '07700 900222', postcode: 'bs1 4dj' });
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/change-requests/approve/${id}`,
      headers: { ...WRITE_HEADERS, cookie: manager },
      payload: { fields: values },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const me = (await get(practitioner, '/api/v1/config')).json().me;
    expect(me).toMatchObject({ telmob: '07700 900222', postCode: 'bs1 4dj', telwork: '0117 496 0123' });
    expect(
      ((await get(practitioner, '/api/v1/change-requests/mine')).json() as OwnAnswer).request,
    ).toBeNull();
    // The next change starts a new request.
    const next = await raise(practitioner, { fields: { telmob: '07700 900222' } });
    expect(next.json().err.code).toBe('err-no-change');
  });
});
