// GET sites/:siteID/registers and PUT bookings (issue 14). Mark-off: markoff.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import {
  booking,
  dueBookings,
  futureDate,
  getRegister,
  loadRegisterFixture,
  putBookings,
  type RegisterFixture,
  setPractitionerPermissions,
  updateOf,
} from './register-fixtures.ts';

interface Session {
  bookingID: number;
  comboID: number;
  start: string;
  end: string;
  actualStart: string | null;
  actualEnd: string | null;
  markedOffCategoryID: number | null;
  isOff: boolean;
  markOffRequested: boolean;
  version: number;
  date: string;
}
interface Child {
  id: number;
  hasContacts: boolean;
  hasImage: boolean;
  dob: string;
  roomID: number | null;
  sessions: Session[];
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describeEachDb('child register', (kind) => {
  let t: TestApp;
  let f: RegisterFixture;
  const q = <T>(text: string) => t.database.query<T>(text);

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadRegisterFixture(t);
  });
  afterAll(() => t.close());

  describe('GET sites/:siteID/registers', () => {
    it("answers today's register of a demo site: every child booked, sessions sorted, as the tables hold them", async () => {
      const res = await getRegister(t, f.manager, f.siteId);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        siteID: f.siteId,
        date: f.today,
        today: f.today,
        markOffNotesRequired: true,
      });
      expect(body.permittedActions).toEqual({ checkIn: true, checkOut: true, markOff: true });
      expect(Date.parse(body.fetchedAt)).not.toBeNaN();
      const expected = await q<{
        child_id: number;
        n: number;
        contacts: boolean;
        has_image: boolean;
        dob: string;
      }>(
        `select b.child_id, count(*)::int as n, c.has_image, c.dob::text as dob,
           exists (select 1 from child_contacts cc where cc.provider_id = c.provider_id and cc.child_id = c.id) as contacts
         from bookings b join children c on c.provider_id = b.provider_id and c.id = b.child_id
         where b.provider_id = ${f.providerId} and b.site_id = ${f.siteId} and b.date = '${f.today}' and not b.deleted
         group by b.child_id, c.provider_id, c.id order by b.child_id`,
      );
      const children = body.children as Child[];
      expect(children.length).toBeGreaterThan(10);
      expect(children.map((c) => c.id).sort((a, b) => a - b)).toEqual(expected.map((e) => e.child_id));
      for (const child of children) {
        const e = expected.find((x) => x.child_id === child.id)!;
        expect(child.sessions.length).toBe(e.n);
        expect(child.hasContacts).toBe(e.contacts);
        expect(child.hasImage).toBe(e.has_image);
        expect(child.dob).toBe(e.dob);
        const order = [...child.sessions].sort(
          (a, b) => a.start.localeCompare(b.start) || b.end.localeCompare(a.end),
        );
        expect(child.sessions).toEqual(order);
        for (const s of child.sessions) {
          expect(s.date).toBe(f.today);
          expect(s.start).toMatch(/^\d\d:\d\d$/);
          if (s.actualStart) expect(s.actualStart).toMatch(/^\d\d:\d\d$/);
          expect(s.isOff).toBe(s.markedOffCategoryID !== null);
        }
      }
      // The demo marks some of today's sessions off and checks some in.
      expect(children.some((c) => c.sessions.some((s) => s.isOff))).toBe(true);
      const cats = await q<{ id: number }>(
        `select id from mark_off_categories where provider_id = ${f.providerId} and enabled order by sort_order, id`,
      );
      expect(body.markOffCategories.map((c: { id: number }) => c.id)).toEqual(cats.map((c) => c.id));
    });

    it('permitted actions: the practitioner may not mark off; check-out only on today', async () => {
      const today = (await getRegister(t, f.practitioner, f.siteId)).json();
      expect(today.permittedActions).toEqual({ checkIn: true, checkOut: true, markOff: false });
      const future = await futureDate(t, f);
      const res = await getRegister(t, f.practitioner, f.siteId, future);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        date: future,
        today: f.today,
        permittedActions: { checkIn: true, checkOut: false, markOff: false },
      });
      expect(res.json().children.length).toBeGreaterThan(0);
    });

    it("a past date answers today's register", async () => {
      const res = await getRegister(t, f.manager, f.siteId, addDays(f.today, -3));
      expect(res.statusCode).toBe(200);
      expect(res.json().date).toBe(f.today);
    });

    it("another provider's site, or a site not the user's, answers 404", async () => {
      const other = await getRegister(t, f.other, f.siteId);
      expect(other.statusCode).toBe(404);
      expect(other.json().err.code).toBe('err-not-found');
      expect((await getRegister(t, f.manager, f.otherSite)).statusCode).toBe(404);
      // The practitioner works at Oak Tree only.
      expect((await getRegister(t, f.practitioner, f.willow)).statusCode).toBe(404);
      expect((await getRegister(t, f.manager, f.willow)).statusCode).toBe(200);
    });

    it('a site without registers answers 403 registers-feature-disabled-at-site', async () => {
      await q(`update sites set registers_enabled = false where id = ${f.willow}`);
      try {
        const res = await getRegister(t, f.manager, f.willow);
        expect(res.statusCode).toBe(403);
        expect(res.json().err).toEqual({
          code: 'registers-feature-disabled-at-site',
          message: 'Registers are disabled for this site. Please select another site.',
        });
      } finally {
        await q(`update sites set registers_enabled = true where id = ${f.willow}`);
      }
    });

    it('deleted bookings are left out; a pending mark-off request shows; the notes flag is read', async () => {
      const date = await futureDate(t, f);
      const [gone] = await dueBookings(t, f, date);
      const [asked] = await dueBookings(t, f, date, { taken: [gone!.child_id] });
      await q(`update bookings set deleted = true where id = ${gone!.id}`);
      await q(
        `insert into booking_requests (provider_id, child_id, person_id, type, date, combo_id, booking_id, status)
         select b.provider_id, b.child_id, u.person_id, 'MO', b.date, b.combo_id, b.id, 'pending'
         from bookings b, user_accounts u where b.id = ${asked!.id} and u.provider_id = b.provider_id
           and lower(u.email) = 'practitioner@example.org'`,
      );
      await q(
        `update providers set flags = flags || '{"markOffNotesRequired": false}' where id = ${f.providerId}`,
      );
      try {
        const body = (await getRegister(t, f.manager, f.siteId, date)).json();
        const children = body.children as Child[];
        expect(children.some((c) => c.id === gone!.child_id)).toBe(false);
        const s = children.find((c) => c.id === asked!.child_id)!.sessions[0]!;
        expect(s).toMatchObject({ bookingID: asked!.id, markOffRequested: true, isOff: false });
        expect(body.markOffNotesRequired).toBe(false);
      } finally {
        await q(`update bookings set deleted = false where id = ${gone!.id}`);
        await q(`update providers set flags = flags - 'markOffNotesRequired' where id = ${f.providerId}`);
      }
    });
  });

  describe('PUT bookings', () => {
    it('checks in, checks out and undoes with versions; a replay of an applied change is no conflict', async () => {
      const [b] = await dueBookings(t, f, f.today);
      const checkIn = await putBookings(t, f.practitioner, f.siteId, [updateOf(b!, '08:10')]);
      expect(checkIn.statusCode, checkIn.body).toBe(200);
      expect(checkIn.json()).toEqual({
        conflicts: [],
        sessions: [
          expect.objectContaining({
            childID: b!.child_id,
            bookingID: b!.id,
            actualStart: '08:10',
            actualEnd: null,
            version: b!.version + 1,
          }),
        ],
      });
      expect(await booking(t, b!.id)).toMatchObject({ actual_start: '08:10', version: b!.version + 1 });
      // The same change sent again (a retried offline replay) answers the session, writes nothing.
      const again = await putBookings(t, f.practitioner, f.siteId, [updateOf(b!, '08:10')]);
      expect(again.json()).toMatchObject({ conflicts: [], sessions: [{ version: b!.version + 1 }] });
      const out = await putBookings(t, f.practitioner, f.siteId, [
        updateOf(b!, '08:10', '12:30', b!.version + 1),
      ]);
      expect(out.json()).toMatchObject({
        conflicts: [],
        sessions: [{ actualEnd: '12:30', version: b!.version + 2 }],
      });
      const undo = await putBookings(t, f.manager, f.siteId, [updateOf(b!, '08:10', null, b!.version + 2)]);
      expect(undo.json()).toMatchObject({ sessions: [{ actualEnd: null, version: b!.version + 3 }] });
      const undoIn = await putBookings(t, f.manager, f.siteId, [updateOf(b!, null, null, b!.version + 3)]);
      expect(undoIn.json()).toMatchObject({ sessions: [{ actualStart: null, version: b!.version + 4 }] });
      expect(await booking(t, b!.id)).toMatchObject({
        actual_start: null,
        actual_end: null,
        version: b!.version + 4,
      });
    });

    it("a stale version is a 'changed' conflict with the server's session; the other rows still apply", async () => {
      const [stale] = await dueBookings(t, f, f.today);
      const [fresh] = await dueBookings(t, f, f.today, { taken: [stale!.child_id] });
      await q(`update bookings set actual_start = '08:20', version = version + 1 where id = ${stale!.id}`);
      const res = await putBookings(t, f.practitioner, f.siteId, [
        updateOf(stale!, '08:05'),
        updateOf(fresh!, '08:06'),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().conflicts).toEqual([
        {
          childID: stale!.child_id,
          comboID: stale!.combo_id,
          date: f.today,
          reason: 'changed',
          theirs: expect.objectContaining({
            bookingID: stale!.id,
            actualStart: '08:20',
            version: stale!.version + 1,
          }),
        },
      ]);
      expect(res.json().sessions).toEqual([
        expect.objectContaining({ childID: fresh!.child_id, actualStart: '08:06' }),
      ]);
      expect(await booking(t, stale!.id)).toMatchObject({
        actual_start: '08:20',
        version: stale!.version + 1,
      });
    });

    it("a deleted booking is 'deleted', a booking that does not exist (or another provider's) 'not-found'", async () => {
      const [gone] = await dueBookings(t, f, f.today);
      await q(`update bookings set deleted = true where id = ${gone!.id}`);
      try {
        const res = await putBookings(t, f.manager, f.siteId, [
          updateOf(gone!, '08:00'),
          { ...updateOf(gone!, '08:00'), comboID: gone!.combo_id + 100_000 },
          { ...updateOf(gone!, '08:00'), childID: f.otherChild },
        ]);
        expect(res.statusCode, res.body).toBe(200);
        expect(
          res.json().conflicts.map((c: { reason: string; theirs: unknown }) => [c.reason, c.theirs]),
        ).toEqual([
          ['deleted', null],
          ['not-found', null],
          ['not-found', null],
        ]);
        expect(res.json().sessions).toEqual([]);
      } finally {
        await q(`update bookings set deleted = false where id = ${gone!.id}`);
      }
    });

    it('two writers with the same base version: exactly one wins', async () => {
      const [b] = await dueBookings(t, f, f.today);
      const [one, two] = await Promise.all([
        putBookings(t, f.manager, f.siteId, [updateOf(b!, '08:01')]),
        putBookings(t, f.practitioner, f.siteId, [updateOf(b!, '08:02')]),
      ]);
      const answers = [one!.json(), two!.json()];
      expect(answers.map((a) => a.sessions.length).sort()).toEqual([0, 1]);
      expect(answers.map((a) => a.conflicts.length).sort()).toEqual([0, 1]);
      const won = answers.find((a) => a.sessions.length === 1)!.sessions[0];
      expect(await booking(t, b!.id)).toMatchObject({
        actual_start: won.actualStart,
        version: b!.version + 1,
      });
    });

    it('an invalid row refuses the whole request (400) and nothing is written', async () => {
      const [good] = await dueBookings(t, f, f.today);
      const [off] = await dueBookings(t, f, f.today, { taken: [good!.child_id] });
      await q(`update bookings set marked_off_category_id = ${f.categories.I} where id = ${off!.id}`);
      const future = (await dueBookings(t, f, await futureDate(t, f)))[0]!;
      const cases: [string, unknown][] = [
        ['actualEnd without actualStart', updateOf(good!, null, '12:00')],
        ['actualEnd before actualStart', updateOf(good!, '10:00', '09:59')],
        ['a future date', updateOf(future, '08:00')],
        ['actual times on a marked-off booking', updateOf(off!, '08:00')],
        ['the same booking twice', updateOf(good!, '08:30')],
        ['a time that is not HH:mm', { ...updateOf(good!, '8:00') }],
      ];
      for (const [label, bad] of cases) {
        const res = await putBookings(t, f.manager, f.siteId, [updateOf(good!, '08:00'), bad]);
        expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
        expect(res.json().err.code, label).toBe('err-invalid-request');
        expect(await booking(t, good!.id), label).toMatchObject({
          actual_start: null,
          version: good!.version,
        });
      }
      expect(await booking(t, off!.id)).toMatchObject({ actual_start: null });
    });

    it('a change of actualStart needs checkIn, of actualEnd checkOut (403, nothing written)', async () => {
      const [b] = await dueBookings(t, f, f.today);
      const [other] = await dueBookings(t, f, f.today, { taken: [b!.child_id] });
      await setPractitionerPermissions(t, f, `array_remove(permissions, 'checkOut')`);
      try {
        const out = await putBookings(t, f.practitioner, f.siteId, [
          updateOf(other!, '08:00'),
          updateOf(b!, '08:00', '09:00'),
        ]);
        expect(out.statusCode, out.body).toBe(403);
        expect(out.json().err.code).toBe('err-permission-denied');
        expect(await booking(t, other!.id)).toMatchObject({ actual_start: null, version: other!.version });
        const checkIn = await putBookings(t, f.practitioner, f.siteId, [updateOf(b!, '08:00')]);
        expect(checkIn.statusCode, checkIn.body).toBe(200);
        await setPractitionerPermissions(
          t,
          f,
          `array_remove(array_append(permissions, 'checkOut'), 'checkIn')`,
        );
        const undo = await putBookings(t, f.practitioner, f.siteId, [
          updateOf(b!, null, null, b!.version + 1),
        ]);
        expect(undo.statusCode, undo.body).toBe(403);
        const checkOut = await putBookings(t, f.practitioner, f.siteId, [
          updateOf(b!, '08:00', '09:00', b!.version + 1),
        ]);
        expect(checkOut.statusCode, checkOut.body).toBe(200);
        // Neither permission: the route itself refuses.
        await setPractitionerPermissions(
          t,
          f,
          `array_remove(array_remove(permissions, 'checkOut'), 'checkIn')`,
        );
        const none = await putBookings(t, f.practitioner, f.siteId, [updateOf(other!, '08:00')]);
        expect(none.statusCode).toBe(403);
        expect((await getRegister(t, f.practitioner, f.siteId)).statusCode).toBe(200);
      } finally {
        await setPractitionerPermissions(
          t,
          f,
          `array_append(array_append(array_remove(array_remove(permissions, 'checkOut'), 'checkIn'), 'checkIn'), 'checkOut')`,
        );
      }
    });

    it("another provider's manager, or a site not the user's, gets 404 and changes nothing", async () => {
      const [b] = await dueBookings(t, f, f.today);
      const other = await putBookings(t, f.other, f.siteId, [updateOf(b!, '08:00')]);
      expect(other.statusCode).toBe(404);
      const willow = await putBookings(t, f.practitioner, f.willow, [updateOf(b!, '08:00')]);
      expect(willow.statusCode).toBe(404);
      // The booking at Oak Tree sent with the manager's other site: not found there.
      const elsewhere = await putBookings(t, f.manager, f.willow, [updateOf(b!, '08:00')]);
      expect(elsewhere.json().conflicts).toMatchObject([{ reason: 'not-found' }]);
      expect(await booking(t, b!.id)).toMatchObject({ actual_start: null, version: b!.version });
    });
  });
});
