// The settings' Children page (issue 29): session 401, permission 403, another provider's and another
// site's child 404, field errors 400 naming the field, add/edit/archive/restore, and booking patterns
// the registers read (past and attended bookings untouched by a change).
import { addDays, todayInZone } from '@nursery/domain/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginDemoStaff,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const BASE = '/api/v1/settings/children';

describeEachDb('children-admin', (kind) => {
  let t: TestApp;
  let manager: string;
  let practitioner: string;
  let otherManager: string;
  let providerId: number;
  let oak: number;
  let willow: number;
  let oakRoom: number;
  let willowChild: number;
  const today = todayInZone(new Date());
  const call = (cookie: string, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { ...WRITE_HEADERS, cookie } });
  const one = async <T>(q: string) => (await t.database.query<T>(q))[0]!;
  const newChild = (over: object = {}) => ({
    forename: 'Ada',
    surname: 'Testchild',
    dob: addDays(today, -800),
    startDate: addDays(today, -30),
    siteID: oak,
    roomID: oakRoom,
    allergies: 'Peanuts',
    medicalNotes: 'Inhaler in the office',
    photoConsent: 'yes',
    ...over,
  });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    [manager, practitioner, otherManager] = await loginDemoStaff(t.app);
    const sites = await t.database.query<{ provider_id: number; id: number; name: string }>(
      `select s.provider_id, s.id, s.name from sites s join user_accounts u on u.provider_id = s.provider_id
       where u.email = '${DEMO.manager}' order by s.name`,
    );
    providerId = sites[0]!.provider_id;
    oak = sites.find((s) => s.name.startsWith('Oak'))!.id;
    willow = sites.find((s) => s.name.startsWith('Willow'))!.id;
    oakRoom = (
      await one<{ id: number }>(
        `select id from rooms where provider_id = ${providerId} and site_id = ${oak} order by id limit 1`,
      )
    ).id;
    willowChild = (
      await one<{ id: number }>(
        `select id from children where provider_id = ${providerId} and site_id = ${willow} limit 1`,
      )
    ).id;
  });
  afterAll(() => t.close());

  it('lists the children of the user’s sites by surname, paged by cursor, searchable', async () => {
    const first = (await call(manager, 'GET', `${BASE}?siteID=${oak}`)).json();
    expect(first.permittedActions).toEqual({ add: true });
    expect(first.children.length).toBeGreaterThan(0);
    expect(
      first.children.every(
        (c: { siteID: number; status: string }) => c.siteID === oak && c.status === 'current',
      ),
    ).toBe(true);
    const all: { id: number; surname: string }[] = [...first.children];
    let next = first.next;
    while (next) {
      const page = (await call(manager, 'GET', `${BASE}?siteID=${oak}&cursor=${next}`)).json();
      all.push(...page.children);
      next = page.next;
    }
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    const { n } = await one<{ n: number }>(
      `select count(*)::int as n from children where provider_id = ${providerId} and site_id = ${oak}
        and archived_at is null and (end_date is null or end_date >= '${today}')`,
    );
    expect(all.length).toBe(n);
    const surname = all[3]!.surname;
    const found = (
      await call(manager, 'GET', `${BASE}?search=${encodeURIComponent(surname.slice(1, 4))}`)
    ).json();
    expect(found.children.some((c: { surname: string }) => c.surname === surname)).toBe(true);
    expect((await call(manager, 'GET', `${BASE}?cursor=nonsense`)).statusCode).toBe(400);
  });

  it('adds a child who then appears on the floor, edits, archives and restores them', async () => {
    const res = await call(manager, 'POST', BASE, newChild());
    expect(res.statusCode, res.body).toBe(201);
    const child = res.json();
    expect(child).toMatchObject({
      forename: 'Ada',
      allergies: 'Peanuts',
      status: 'current',
      archived: false,
      photoConsent: 'yes',
    });
    const floor = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...WRITE_HEADERS, cookie: manager, 'content-type': 'application/json' },
      payload: { query: `query { children(siteID: ${oak}) { id forename } }` },
    });
    expect(floor.json().data.children.map((c: { id: number }) => c.id)).toContain(child.id);

    const keyPerson = (
      await one<{ id: number }>(
        `select id from staff where provider_id = ${providerId} and site_id = ${oak} order by id limit 1`,
      )
    ).id;
    const edited = await call(
      manager,
      'PUT',
      `${BASE}/${child.id}`,
      newChild({ forename: 'Adaline', keyPersonID: keyPerson, send: true }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ forename: 'Adaline', keyPersonID: keyPerson, send: true });

    const archived = (await call(manager, 'POST', `${BASE}/${child.id}/archive`)).json();
    expect(archived).toMatchObject({ archived: true, status: 'archived', endDate: today });
    const current = (await call(manager, 'GET', `${BASE}?siteID=${oak}&search=Adaline`)).json();
    expect(current.children).toEqual([]);
    const inArchive = (await call(manager, 'GET', `${BASE}?status=archived&search=Adaline`)).json();
    expect(inArchive.children.map((c: { id: number }) => c.id)).toEqual([child.id]);
    expect((await call(manager, 'PUT', `${BASE}/${child.id}`, newChild())).statusCode).toBe(409);
    const restored = (await call(manager, 'POST', `${BASE}/${child.id}/restore`)).json();
    expect(restored).toMatchObject({ archived: false, status: 'current', endDate: null });
    const audit = await t.database.query<{ action: string }>(
      `select action from audit_log where provider_id = ${providerId} and entity = 'child' and entity_id = '${child.id}' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'child-created',
      'child-changed',
      'child-archived',
      'child-restored',
    ]);
  });

  it('answers 400 naming the field with the spec’s message', async () => {
    const cases: [object, string, string][] = [
      [{ forename: 'x'.repeat(51) }, 'forename', 'This field has a maximum length of 50 characters.'],
      [{ surname: ' ' }, 'surname', 'This field is required.'],
      [{ dob: addDays(today, 1) }, 'dob', 'Future dates are not allowed.'],
      [{ dob: '2024-02-30' }, 'dob', 'Please enter a valid date.'],
      [{ endDate: addDays(today, -31) }, 'endDate', 'The leave date must not be before the start date.'],
      [
        { medicalNotes: 'x'.repeat(1001) },
        'medicalNotes',
        'This field has a maximum length of 1000 characters.',
      ],
      [{ roomID: 999999 }, 'roomID', 'Choose a room of the child’s site.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await call(manager, 'POST', BASE, newChild(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().err).toMatchObject({ code: 'err-invalid-field', field, message });
    }
    expect((await call(manager, 'POST', BASE, { forename: 'Only' })).statusCode).toBe(400);
  });

  it('refuses without a session (401), without settingsChildren (403), and another provider’s or site’s child (404)', async () => {
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    expect((await call(practitioner, 'GET', BASE)).statusCode).toBe(403);
    expect((await call(practitioner, 'POST', BASE, newChild())).statusCode).toBe(403);
    expect((await call(otherManager, 'GET', `${BASE}/${willowChild}`)).statusCode).toBe(404);
    expect((await call(otherManager, 'POST', `${BASE}/${willowChild}/archive`)).statusCode).toBe(404);
    expect((await call(otherManager, 'POST', BASE, newChild())).statusCode).toBe(404);
    await t.database.query(
      `update roles set permissions = array_append(permissions, 'settingsChildren') where provider_id = ${providerId} and name = 'Practitioner'`,
    );
    try {
      expect((await call(practitioner, 'GET', `${BASE}/${willowChild}`)).statusCode).toBe(404);
      expect((await call(practitioner, 'GET', `${BASE}?siteID=${willow}`)).statusCode).toBe(404);
      expect((await call(practitioner, 'PUT', `${BASE}/${willowChild}`, newChild())).statusCode).toBe(404);
      const list = (await call(practitioner, 'GET', BASE)).json();
      expect(list.children.every((c: { siteID: number }) => c.siteID === oak)).toBe(true);
    } finally {
      await t.database.query(
        `update roles set permissions = array_remove(permissions, 'settingsChildren') where provider_id = ${providerId} and name = 'Practitioner'`,
      );
    }
  });

  it('books a pattern’s days in the registers; a change leaves past and attended bookings alone', async () => {
    const child = (
      await call(manager, 'POST', BASE, newChild({ forename: 'Pat', startDate: addDays(today, -60) }))
    ).json();
    const combo = (await call(manager, 'GET', `${BASE}/options`))
      .json()
      .sessions.find((s: { siteID: number }) => s.siteID === oak);
    const allDays = [1, 2, 3, 4, 5, 6, 7];
    const created = await call(manager, 'POST', `${BASE}/${child.id}/booking-patterns`, {
      comboID: combo.id,
      weekdays: allDays,
      intervalWeeks: 1,
      from: addDays(today, -7),
      to: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const pattern = created.json();
    expect(pattern).toMatchObject({ status: 'Active', intervalWeeks: 1, comboName: combo.name });
    // No booking written for the past; today's and tomorrow's in the register.
    const rows = (from: string) =>
      t.database.query<{ date: string; deleted: boolean }>(
        `select to_char(date, 'YYYY-MM-DD') as date, deleted from bookings where provider_id = ${providerId}
          and child_id = ${child.id} and date >= '${from}' order by date`,
      );
    expect((await rows(addDays(today, -30)))[0]!.date).toBe(today);
    const register = (day: string) =>
      call(manager, 'GET', `/api/v1/sites/${oak}/registers?date=${day}`).then((r) => r.json());
    const inRegister = (r: { children: { id: number }[] }) => r.children.some((c) => c.id === child.id);
    expect(inRegister(await register(addDays(today, 1)))).toBe(true);
    // A register beyond the horizon writes the pattern that far first.
    const far = addDays(today, 100);
    expect(inRegister(await register(far))).toBe(true);

    // Today attended; then the pattern changes to weekends only, every other week.
    await t.database.query(
      `update bookings set actual_start = '09:00' where provider_id = ${providerId} and child_id = ${child.id} and date = '${today}'`,
    );
    const changed = await call(manager, 'PUT', `/api/v1/settings/booking-patterns/${pattern.id}`, {
      comboID: combo.id,
      weekdays: [6, 7],
      intervalWeeks: 2,
      from: addDays(today, -7),
      to: addDays(today, 40),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await rows(today);
    expect(after.find((b) => b.date === today)).toMatchObject({ deleted: false });
    const live = after.filter((b) => !b.deleted && b.date > today).map((b) => b.date);
    expect(live.length).toBeGreaterThan(0);
    expect(
      live.every((d) => [0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()) && d <= addDays(today, 40)),
    ).toBe(true);
    expect(inRegister(await register(far))).toBe(false);

    const bad = await call(manager, 'PUT', `/api/v1/settings/booking-patterns/${pattern.id}`, {
      comboID: combo.id,
      weekdays: [],
      intervalWeeks: 1,
      from: today,
      to: null,
    });
    expect(bad.json().err).toMatchObject({ field: 'weekdays', message: 'Choose at least one day.' });
    expect(
      (await call(otherManager, 'DELETE', `/api/v1/settings/booking-patterns/${pattern.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(manager, 'DELETE', `/api/v1/settings/booking-patterns/${pattern.id}`)).statusCode,
    ).toBe(204);
    const left = await rows(today);
    expect(left.filter((b) => !b.deleted).map((b) => b.date)).toEqual([today]);
    expect((await call(manager, 'GET', `${BASE}/${child.id}`)).json().patterns).toEqual([]);
  });
});
