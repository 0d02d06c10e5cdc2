// The staff register calls (issue 18): GET the site day, GET a shift, POST shift actions guarded by
// If-Match / version (412 with theirs), bulk. The app runs on a fixed clock at 23:00 London on the
// demo's today, so every live time below ('08:00'...) is in the past at any hour the suite runs.
import { fixedClock, todayInZone, zonedDateTime } from '@nursery/domain/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import { type Fixture, loadFixture } from '../events/event-fixtures.ts';

interface ShiftJson {
  id: number;
  staffID: number;
  version: number;
  actualFrom: string | null;
  actualTo: string | null;
  breaks: { id: number; timeFrom: string; timeTo: string | null; durationMins: number | null }[];
  activeBreak: { id: number; timeFrom: string } | null;
  additionalMins: number;
  breakMins: number;
  status: { id: number; code: string; value: string };
  notes: string | null;
  state: string;
  permittedActions: Record<string, boolean>;
}

describeEachDb('staff register', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let today: string;
  let status: Record<string, number>;
  let managerStaff: number;
  let practitionerStaff: number;
  let mine: number; // the practitioner's shift today at Oak Tree
  let theirs: number; // another member's shift today at Oak Tree
  let third: number;
  const q = <T>(text: string) => t.database.query<T>(text);

  beforeAll(async () => {
    today = todayInZone(new Date());
    t = await makeTestApp(kind, { clock: fixedClock(zonedDateTime(today, '23:00')) });
    f = await loadFixture(t);
    const statuses = await q<{ id: number; code: string }>(
      `select id, code from shift_statuses where provider_id = ${f.providerId}`,
    );
    status = Object.fromEntries(statuses.map((s) => [s.code, s.id]));
    const staffOf = async (email: string) =>
      (
        await q<{ id: number }>(
          `select st.id from staff st join user_accounts u on u.provider_id = st.provider_id and u.person_id = st.person_id
           where lower(u.email) = '${email}'`,
        )
      )[0]!.id;
    managerStaff = await staffOf('manager@example.org');
    practitionerStaff = await staffOf('practitioner@example.org');
    const shiftsToday = await q<{ id: number; staff_id: number }>(
      `select id::int as id, staff_id from shifts where provider_id = ${f.providerId} and site_id = ${f.siteId}
         and date = '${today}' order by id`,
    );
    mine = shiftsToday.find((s) => s.staff_id === practitionerStaff)!.id;
    const others = shiftsToday.filter((s) => s.staff_id !== practitionerStaff && s.staff_id !== managerStaff);
    theirs = others[0]!.id;
    third = others[1]!.id;
  });
  afterAll(() => t.close());

  /** Back to a due working shift with no breaks; answers the new version. */
  async function reset(id: number): Promise<number> {
    await q(`delete from shift_breaks where provider_id = ${f.providerId} and shift_id = ${id}`);
    const [r] = await q<{ version: number }>(
      `update shifts set actual_from = null, actual_to = null, status_id = ${status.W}, notes = null,
         additional_mins = 0, version = version + 1 where provider_id = ${f.providerId} and id = ${id}
       returning version`,
    );
    return r!.version;
  }
  const act = (cookie: string, id: number, body: object, ifMatch?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/shifts/${id}/actions`,
      headers: { ...WRITE_HEADERS, cookie, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
      payload: body,
    });
  const register = (cookie: string, siteId = f.siteId, query = '') =>
    t.app.inject({ url: `/api/v1/sites/${siteId}/staff-register${query}`, headers: { cookie } });
  const setPractitioner = (perms: string) =>
    q(
      `update roles set permissions = ${perms} where provider_id = ${f.providerId} and name = 'Practitioner'`,
    );
  const PRACTITIONER_DEFAULT = `array['checkIn','checkOut','viewRegister','checkInSelf','addEvents']`;

  describe('GET sites/:siteID/staff-register', () => {
    it("answers today's shifts of the site with staff, statuses and what the manager may do", async () => {
      const res = await register(f.manager);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ siteID: f.siteId, date: today, today });
      expect(body.permittedActions).toEqual({
        checkInOthers: true,
        checkInSelf: true,
        markOff: true,
        selectRows: true,
        bulk: true,
        amendTimes: true,
      });
      const [count] = await q<{ n: number }>(
        `select count(*)::int as n from shifts where provider_id = ${f.providerId} and site_id = ${f.siteId} and date = '${today}'`,
      );
      const shifts: ShiftJson[] = body.staff.flatMap((s: { shifts: ShiftJson[] }) => s.shifts);
      expect(shifts).toHaveLength(count!.n);
      expect(body.markOffStatuses.map((s: { code: string }) => s.code)).not.toContain('W');
      expect(body.shiftStatuses.map((s: { code: string }) => s.code)).toContain('W');
      const names = body.staff.map(
        (s: { surname: string; forename: string }) => `${s.surname} ${s.forename}`,
      );
      expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en-GB')));
      expect(body.staff.every((s: { contacts: unknown[] }) => s.contacts.length === 1)).toBe(true);
      expect(body.viewer).toEqual({ staffID: managerStaff, assignedToday: expect.any(Boolean) });
      for (const s of shifts) {
        const froms = s.breaks.map((b) => `${b.timeFrom}${b.timeTo ?? '~'}`);
        expect(froms).toEqual([...froms].sort());
        expect(s.breakMins).toBe(s.additionalMins + s.breaks.reduce((n, b) => n + (b.durationMins ?? 0), 0));
      }
      // The demo's one running break at the first provider's sites shows as activeBreak.
      const running = shifts.filter((s) => s.activeBreak !== null);
      for (const s of running) expect(s.state).toBe('in');
    });

    it("gives a checkInSelf practitioner their own shift's actions only, and only their own contacts", async () => {
      await reset(mine);
      await reset(theirs);
      const res = await register(f.practitioner);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.permittedActions).toMatchObject({ checkInOthers: false, checkInSelf: true, bulk: false });
      const shift = (id: number): ShiftJson =>
        body.staff.flatMap((s: { shifts: ShiftJson[] }) => s.shifts).find((s: ShiftJson) => s.id === id);
      expect(shift(mine).permittedActions).toMatchObject({ checkIn: true, markOff: false, bulk: false });
      expect(shift(theirs).permittedActions).toMatchObject({ checkIn: false, markOff: false });
      for (const s of body.staff) expect(s.contacts.length).toBe(s.id === practitionerStaff ? 1 : 0);
      expect(body.viewer).toEqual({ staffID: practitionerStaff, assignedToday: true });
    });

    it('refuses without a staff register permission, for a site not the user’s, and when the feature is off', async () => {
      await setPractitioner(`array['viewRegister']`);
      try {
        expect((await register(f.practitioner)).statusCode).toBe(403);
      } finally {
        await setPractitioner(PRACTITIONER_DEFAULT);
      }
      const other = await register(f.other);
      expect(other.statusCode).toBe(404);
      await q(`update sites set staff_registers_enabled = false where id = ${f.siteId}`);
      try {
        const off = await register(f.manager);
        expect(off.statusCode).toBe(403);
        expect(off.json().err).toEqual({
          code: 'staff-registers-disabled',
          message: 'The staff registers feature is not enabled for this site.',
        });
      } finally {
        await q(`update sites set staff_registers_enabled = true where id = ${f.siteId}`);
      }
      expect((await register(f.manager, f.siteId, '?date=2026-02-30')).statusCode).toBe(400);
    });

    it('answers another date, with no shifts, as an empty day', async () => {
      const res = await register(f.manager, f.siteId, '?date=2099-01-05');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.staff.flatMap((s: { shifts: unknown[] }) => s.shifts)).toEqual([]);
      expect(body.viewer.assignedToday).toBe(false);
    });
  });

  describe('GET shifts/:shiftID', () => {
    it('answers the shift with an ETag; another provider gets "Shift not found: {id}"', async () => {
      const v = await reset(theirs);
      const res = await t.app.inject({ url: `/api/v1/shifts/${theirs}`, headers: { cookie: f.manager } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers.etag).toBe(`"${v}"`);
      expect(res.json().shift).toMatchObject({ id: theirs, version: v, state: 'due' });
      const other = await t.app.inject({ url: `/api/v1/shifts/${theirs}`, headers: { cookie: f.other } });
      expect(other.statusCode).toBe(404);
      expect(other.json().err.message).toBe(`Shift not found: ${theirs}`);
    });
  });

  describe('POST shifts/:shiftID/actions', () => {
    let v: number;
    beforeEach(async () => {
      v = await reset(theirs);
    });

    it('checks in against If-Match, answers the new shift with its ETag, and refuses a second check-in', async () => {
      const res = await act(f.manager, theirs, { action: 'checkIn', time: '08:02' }, `"${v}"`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers.etag).toBe(`"${v + 1}"`);
      expect(res.json().shift).toMatchObject({ actualFrom: '08:02', version: v + 1, state: 'in' });
      const again = await act(f.manager, theirs, { action: 'checkIn', time: '08:05', version: v + 1 });
      expect(again.statusCode).toBe(400);
      expect(again.json().err.code).toBe('err-shift-not-eligible');
    });

    it('answers 412 with theirs for a stale version and writes nothing', async () => {
      await act(f.manager, theirs, { action: 'checkIn', time: '08:00', version: v });
      const stale = await act(f.manager, theirs, { action: 'checkOut', time: '16:00' }, `"${v}"`);
      expect(stale.statusCode).toBe(412);
      expect(stale.headers.etag).toBe(`"${v + 1}"`);
      expect(stale.json().err).toMatchObject({
        code: 'err-shift-changed',
        theirs: { id: theirs, version: v + 1, actualFrom: '08:00', actualTo: null },
      });
      const [row] = await q<{ actual_to: string | null; version: number }>(
        `select actual_to, version from shifts where id = ${theirs}`,
      );
      expect(row).toEqual({ actual_to: null, version: v + 1 });
    });

    it('needs a version: If-Match or the body (and they must agree)', async () => {
      expect((await act(f.manager, theirs, { action: 'checkIn', time: '08:00' })).statusCode).toBe(400);
      expect((await act(f.manager, theirs, { action: 'checkIn', time: '08:00' }, 'nope')).statusCode).toBe(
        400,
      );
      const both = await act(
        f.manager,
        theirs,
        { action: 'checkIn', time: '08:00', version: v + 3 },
        `"${v}"`,
      );
      expect(both.statusCode).toBe(400);
    });

    it('starts and ends breaks, refuses an end before the start, and checking out ends a running break', async () => {
      let r = await act(f.manager, theirs, { action: 'checkIn', time: '08:00', version: v });
      r = await act(f.manager, theirs, {
        action: 'startBreak',
        time: '10:00',
        version: r.json().shift.version,
      });
      expect(r.json().shift).toMatchObject({ activeBreak: { timeFrom: '10:00' }, breakMins: 0 });
      expect(r.json().shift.permittedActions).toMatchObject({ startBreak: false, endBreak: true });
      const before = await act(f.manager, theirs, {
        action: 'endBreak',
        time: '09:59',
        version: r.json().shift.version,
      });
      expect(before.statusCode).toBe(400);
      expect(before.json().err.code).toBe('end-time-must-be-after-start-time');
      r = await act(f.manager, theirs, {
        action: 'endBreak',
        time: '10:20',
        version: r.json().shift.version,
      });
      expect(r.json().shift).toMatchObject({ activeBreak: null, breakMins: 20 });
      r = await act(f.manager, theirs, {
        action: 'startBreak',
        time: '12:00',
        version: r.json().shift.version,
      });
      r = await act(f.manager, theirs, {
        action: 'checkOut',
        time: '12:30',
        version: r.json().shift.version,
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().shift).toMatchObject({
        actualTo: '12:30',
        activeBreak: null,
        breakMins: 50,
        state: 'out',
      });
    });

    it('saves the breaks modal: sorted, additional minutes (empty = 0), removed rows deleted', async () => {
      let r = await act(f.manager, theirs, { action: 'checkIn', time: '07:30', version: v });
      r = await act(f.manager, theirs, {
        action: 'startBreak',
        time: '09:00',
        version: r.json().shift.version,
      });
      const running = r.json().shift.activeBreak.id;
      r = await act(f.manager, theirs, {
        action: 'saveBreaks',
        breaks: [
          { id: null, timeFrom: '13:00', timeTo: '13:10' },
          { id: running, timeFrom: '09:00', timeTo: '09:15' },
          { id: null, timeFrom: '11:00', timeTo: '11:30' },
        ],
        additionalMins: 5,
        version: r.json().shift.version,
      });
      expect(r.statusCode, r.body).toBe(200);
      const shift: ShiftJson = r.json().shift;
      expect(shift.breaks.map((b) => [b.timeFrom, b.timeTo])).toEqual([
        ['09:00', '09:15'],
        ['11:00', '11:30'],
        ['13:00', '13:10'],
      ]);
      expect(shift.breakMins).toBe(15 + 30 + 10 + 5);
      r = await act(f.manager, theirs, {
        action: 'saveBreaks',
        breaks: [{ id: shift.breaks[1]!.id, timeFrom: '11:00', timeTo: '11:30' }],
        additionalMins: null,
        version: shift.version,
      });
      expect(r.json().shift).toMatchObject({ additionalMins: 0, breakMins: 30 });
      expect(r.json().shift.breaks).toHaveLength(1);
      const bad = await act(f.manager, theirs, {
        action: 'saveBreaks',
        breaks: [{ id: null, timeFrom: '11:00', timeTo: '10:30' }],
        additionalMins: 0,
        version: r.json().shift.version,
      });
      expect(bad.json().err.code).toBe('end-time-must-be-after-start-time');
      const tooMany = await act(f.manager, theirs, {
        action: 'saveBreaks',
        breaks: [],
        additionalMins: 1441,
        version: r.json().shift.version,
      });
      expect(tooMany.statusCode).toBe(400);
      const stranger = await act(f.manager, theirs, {
        action: 'saveBreaks',
        breaks: [{ id: 999_999_999, timeFrom: '11:00', timeTo: '11:30' }],
        additionalMins: 0,
        version: r.json().shift.version,
      });
      expect(stranger.statusCode).toBe(400);
    });

    it('refuses breaks before check-in and a time later than now', async () => {
      const r = await act(f.manager, theirs, {
        action: 'saveBreaks',
        breaks: [],
        additionalMins: 3,
        version: v,
      });
      expect(r.json().err.code).toBe('err-shift-not-eligible');
      const future = await act(f.manager, theirs, { action: 'checkIn', time: '23:30', version: v });
      expect(future.json().err.code).toBe('err-time-in-future');
    });

    it('marks off (clearing times and breaks), refuses W and long notes, and undoes', async () => {
      let r = await act(f.manager, theirs, { action: 'checkIn', time: '08:00', version: v });
      r = await act(f.manager, theirs, {
        action: 'startBreak',
        time: '09:00',
        version: r.json().shift.version,
      });
      const ver = r.json().shift.version;
      expect(
        (await act(f.manager, theirs, { action: 'markOff', statusID: status.W, notes: '', version: ver }))
          .statusCode,
      ).toBe(400);
      const long = await act(f.manager, theirs, {
        action: 'markOff',
        statusID: status.S,
        notes: 'x'.repeat(51),
        version: ver,
      });
      expect(long.statusCode).toBe(400);
      r = await act(f.manager, theirs, {
        action: 'markOff',
        statusID: status.S,
        notes: ' Flu ',
        version: ver,
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().shift).toMatchObject({
        actualFrom: null,
        actualTo: null,
        breaks: [],
        status: { code: 'S' },
        notes: 'Flu',
        state: 'off',
      });
      expect(r.json().shift.permittedActions).toMatchObject({
        undoMarkOff: true,
        bulk: false,
        checkIn: false,
      });
      r = await act(f.manager, theirs, { action: 'undo', undo: 'markOff', version: r.json().shift.version });
      expect(r.json().shift).toMatchObject({ status: { code: 'W' }, notes: null, state: 'due' });
    });

    it('undoes check-out and check-in', async () => {
      let r = await act(f.manager, theirs, { action: 'checkIn', time: '08:00', version: v });
      r = await act(f.manager, theirs, {
        action: 'checkOut',
        time: '15:00',
        version: r.json().shift.version,
      });
      r = await act(f.manager, theirs, { action: 'undo', undo: 'checkOut', version: r.json().shift.version });
      expect(r.json().shift).toMatchObject({ actualFrom: '08:00', actualTo: null });
      r = await act(f.manager, theirs, { action: 'undo', undo: 'checkIn', version: r.json().shift.version });
      expect(r.json().shift).toMatchObject({ actualFrom: null, actualTo: null, state: 'due' });
    });

    it('lets checkInSelf change only the own shift, and never mark off', async () => {
      const own = await reset(mine);
      expect(
        (await act(f.practitioner, theirs, { action: 'checkIn', time: '08:00', version: v })).statusCode,
      ).toBe(403);
      const r = await act(f.practitioner, mine, { action: 'checkIn', time: '08:00', version: own });
      expect(r.statusCode, r.body).toBe(200);
      const off = await act(f.practitioner, mine, {
        action: 'markOff',
        statusID: status.S,
        notes: '',
        version: own + 1,
      });
      expect(off.statusCode).toBe(403);
      expect((await act(f.other, mine, { action: 'checkIn', time: '08:00', version: own })).statusCode).toBe(
        404,
      );
    });

    it('gates time amendments by updateShiftCheckInOutTime when the provider restricts them', async () => {
      let r = await act(f.manager, theirs, {
        action: 'amendTimes',
        actualFrom: '07:45',
        actualTo: '15:50',
        version: v,
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().shift).toMatchObject({ actualFrom: '07:45', actualTo: '15:50' });
      const bad = await act(f.manager, theirs, {
        action: 'amendTimes',
        actualFrom: '09:00',
        actualTo: '08:00',
        version: r.json().shift.version,
      });
      expect(bad.statusCode).toBe(400);
      const own = await reset(mine);
      await q(
        `update providers set flags = flags || '{"enableRestrictStaffRegisterAmendments": true}' where id = ${f.providerId}`,
      );
      try {
        const refused = await act(f.practitioner, mine, {
          action: 'amendTimes',
          actualFrom: '08:00',
          actualTo: null,
          version: own,
        });
        expect(refused.statusCode).toBe(403);
        const reg = (await register(f.practitioner)).json();
        expect(reg.permittedActions.amendTimes).toBe(false);
        await setPractitioner(`${PRACTITIONER_DEFAULT} || array['updateShiftCheckInOutTime']`);
        r = await act(f.practitioner, mine, {
          action: 'amendTimes',
          actualFrom: '08:00',
          actualTo: null,
          version: own,
        });
        expect(r.statusCode, r.body).toBe(200);
      } finally {
        await setPractitioner(PRACTITIONER_DEFAULT);
        await q(
          `update providers set flags = flags || '{"enableRestrictStaffRegisterAmendments": false}' where id = ${f.providerId}`,
        );
      }
    });
  });

  describe('POST sites/:siteID/staff-register/bulk', () => {
    const bulk = (cookie: string, body: object, siteId = f.siteId) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/sites/${siteId}/staff-register/bulk`,
        headers: { ...WRITE_HEADERS, cookie },
        payload: body,
      });

    it('checks in the status-W shifts whose version matches, skipping the changed and the ineligible', async () => {
      const a = await reset(theirs);
      const b = await reset(third);
      const c = await reset(mine);
      // `mine` is marked off: not eligible.
      await q(`update shifts set status_id = ${status.H}, version = version + 1 where id = ${mine}`);
      const res = await bulk(f.manager, {
        date: today,
        action: 'checkIn',
        time: '08:10',
        shifts: [
          { id: theirs, version: a },
          { id: third, version: b - 1 },
          { id: mine, version: c + 1 },
          { id: 999_999_999, version: 1 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.shifts.map((s: ShiftJson) => [s.id, s.actualFrom, s.version])).toEqual([
        [theirs, '08:10', a + 1],
      ]);
      expect(body.skipped.map((s: { id: number; reason: string }) => [s.id, s.reason])).toEqual([
        [third, 'changed'],
        [mine, 'not-eligible'],
        [999_999_999, 'not-found'],
      ]);
      expect(body.skipped[0].theirs.version).toBe(b);
      await reset(mine);
    });

    it("refuses an empty selection with the spec's message, without the permission, and another provider", async () => {
      const empty = await bulk(f.manager, { date: today, action: 'checkIn', time: '08:00', shifts: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().err).toEqual({
        code: 'err-no-staff-selected',
        message: 'Must select one staff member.',
      });
      const v = await reset(theirs);
      const body = {
        date: today,
        action: 'markOff',
        statusID: status.T,
        notes: 'Course',
        shifts: [{ id: theirs, version: v }],
      };
      expect((await bulk(f.practitioner, body)).statusCode).toBe(403);
      expect((await bulk(f.other, body)).statusCode).toBe(404);
      const ok = await bulk(f.manager, body);
      expect(ok.json().shifts[0]).toMatchObject({ status: { code: 'T' }, notes: 'Course' });
    });
  });
});
