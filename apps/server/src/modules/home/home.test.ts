import { addDays } from '@nursery/domain/common';
import type { HomeOverviewAnswer } from '@nursery/domain/home';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, describeEachDb, loginAs, makeTestApp, type TestApp } from '../../test/harness.ts';
import { countDueIn } from './queries.ts';

describeEachDb('home overview', (kind) => {
  let t: TestApp;
  let manager: string;
  let practitioner: string;
  let other: string;
  let oakTree: number;
  let providerId: number;
  const overview = async (cookie = manager) => {
    const res = await t.app.inject({ url: `/api/v1/home/overview?siteID=${oakTree}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as HomeOverviewAnswer;
  };
  beforeAll(async () => {
    t = await makeTestApp(kind);
    manager = await loginAs(t.app, DEMO.manager);
    practitioner = await loginAs(t.app, DEMO.practitioner);
    other = await loginAs(t.app, DEMO.otherManager);
    const config = (await t.app.inject({ url: '/api/v1/config', headers: { cookie: manager } })).json();
    oakTree = Object.values(config.sitesByID as Record<string, { id: number; name: string }>).find(
      (s) => s.name === 'Oak Tree Nursery',
    )!.id;
    const rows = await t.database.query<{ provider_id: number }>(
      `select provider_id from sites where id = ${oakTree}`,
    );
    providerId = rows[0]!.provider_id;
  });
  afterAll(() => t.close());

  it('counts children due in today: booked, not marked off, not checked in', async () => {
    const { date, dueIn } = await overview();
    const expected = await t.database.query<{ n: number }>(
      `select count(distinct child_id)::int as n from bookings b where provider_id = ${providerId} and site_id = ${oakTree}
         and date = '${date}' and not deleted and marked_off_category_id is null
         and child_id not in (select child_id from bookings where provider_id = ${providerId} and site_id = ${oakTree}
           and date = '${date}' and actual_start is not null and not deleted)
         and actual_start is null`,
    );
    expect(dueIn).toBe(expected[0]!.n);
    if (dueIn === 0 || dueIn === null) return; // a weekend: nobody is booked
    // Checking one due child in lowers the count by one.
    const due = await t.database.query<{ child_id: number }>(
      `select child_id from bookings where provider_id = ${providerId} and site_id = ${oakTree} and date = '${date}'
         and actual_start is null and marked_off_category_id is null and not deleted
         and child_id not in (select child_id from bookings where provider_id = ${providerId} and date = '${date}' and actual_start is not null)
       limit 1`,
    );
    await t.database.db.execute(
      sql`update bookings set actual_start = start where provider_id = ${providerId} and child_id = ${due[0]!.child_id} and date = ${date}`,
    );
    expect(await countDueIn(t.database.db, providerId, oakTree, date)).toBe(dueIn - 1);
    expect((await overview()).dueIn).toBe(dueIn - 1);
  });

  it('covers today to two days ahead, with counts, bookings per room and the permitted actions', async () => {
    const answer = await overview();
    expect(answer.days.map((d) => d.date)).toEqual([
      answer.date,
      addDays(answer.date, 1),
      addDays(answer.date, 2),
    ]);
    for (const day of answer.days) {
      expect(day.counts.birthday).toBe(day.items.filter((i) => i.type === 'birthday').length);
      expect(day.counts.absence).toBe(day.items.filter((i) => i.type === 'absence').length);
    }
    expect(answer.permittedActions).toEqual({ addReminder: true, editReminders: true });
    expect(answer.bookings).not.toBeNull();
    const booked = await t.database.query<{ n: number }>(
      `select count(distinct child_id)::int as n from bookings
       where provider_id = ${providerId} and site_id = ${oakTree} and date = '${answer.date}' and not deleted`,
    );
    expect(answer.bookings!.reduce((n, r) => n + r.counts.booked, 0)).toBe(booked[0]!.n);
    for (const room of answer.bookings!) {
      const { booked: total, due, in: inside, left, off } = room.counts;
      expect(due + inside + left + off).toBe(total);
    }
  });

  it('lists birthdays, anniversaries, absences, site closures and session-group joins and leaves', async () => {
    const { date } = await overview();
    const tomorrow = addDays(date, 1);
    const [a, b] = await t.database.query<{ id: number }>(
      `select id from children where provider_id = ${providerId} and site_id = ${oakTree}
         and start_date <= '${addDays(date, -800)}' and end_date is null order by id limit 2`,
    );
    // A third birthday tomorrow; two years at the nursery tomorrow.
    await t.database.query(
      `update children set dob = (date '${tomorrow}' - interval '3 years')::date where provider_id = ${providerId} and id = ${a!.id}`,
    );
    await t.database.query(
      `update children set start_date = (date '${tomorrow}' - interval '2 years')::date where provider_id = ${providerId} and id = ${b!.id}`,
    );
    await t.database.query(
      `insert into site_closures (provider_id, site_id, starts_on, ends_on, reason)
       values (${providerId}, ${oakTree}, '${addDays(date, 2)}', '${addDays(date, 9)}', 'Staff training day')`,
    );
    // A new session group booked only tomorrow: the child joins and leaves it tomorrow.
    const [group] = await t.database.query<{ id: number }>(
      `insert into session_groups (provider_id, site_id, name) values (${providerId}, ${oakTree}, 'Forest school') returning id`,
    );
    const [combo] = await t.database.query<{ id: number }>(
      `insert into session_combos (provider_id, site_id, session_group_id, name, start, "end")
       values (${providerId}, ${oakTree}, ${group!.id}, 'Forest afternoon', '13:00', '16:00') returning id`,
    );
    const [category] = await t.database.query<{ id: number; value: string }>(
      `select id, value from mark_off_categories where provider_id = ${providerId} and enabled order by id limit 1`,
    );
    await t.database.query(
      `insert into bookings (provider_id, child_id, site_id, date, combo_id, session_group_id, start, "end", marked_off_category_id)
       values (${providerId}, ${b!.id}, ${oakTree}, '${tomorrow}', ${combo!.id}, ${group!.id}, '13:00', '16:00', null),
              (${providerId}, ${a!.id}, ${oakTree}, '${tomorrow}', ${combo!.id}, null, '13:00', '16:00', ${category!.id})`,
    );
    // a's only other bookings tomorrow are marked off too, so a is absent tomorrow.
    await t.database.query(
      `update bookings set marked_off_category_id = ${category!.id}, actual_start = null, actual_end = null
       where provider_id = ${providerId} and child_id = ${a!.id} and date = '${tomorrow}'`,
    );

    const answer = await overview();
    const day1 = answer.days[1]!;
    const of = (type: string, childID: number) =>
      day1.items.find((i) => i.type === type && i.child?.id === childID);
    expect(of('birthday', a!.id)).toMatchObject({ years: 3, link: `#/child/${a!.id}`, style: 'success' });
    expect(of('anniversary', b!.id)).toMatchObject({ years: 2 });
    expect(of('absence', a!.id)).toMatchObject({ notes: category!.value, style: 'warning' });
    expect(of('joiningSessionGroup', b!.id)).toMatchObject({ notes: 'Forest school' });
    expect(of('leavingSessionGroup', b!.id)).toMatchObject({ notes: 'Forest school' });
    expect(day1.counts.birthday).toBeGreaterThanOrEqual(1);
    expect(day1.counts.absence).toBeGreaterThanOrEqual(1);
    expect(answer.days[2]!.items[0]).toMatchObject({
      type: 'siteClosure',
      notes: 'Staff training day',
      link: null,
      style: 'danger',
    });
    expect(answer.days[0]!.items.some((i) => i.type === 'siteClosure')).toBe(false);
  });

  it('lists only what is due (issue 27): not an observation saved now, and counts what it lists', async () => {
    // Two of the site's observations, moved to now as an online save stores them (due = raised), the
    // second given a due time tomorrow (a follow-up planned ahead).
    const rows = await t.database.query<{ id: number }>(
      `select e.id::int as id from events e join event_types t on t.provider_id = e.provider_id and t.id = e.type_id
       where e.provider_id = ${providerId} and e.site_id = ${oakTree} and t.tag = 'observation'
         and e.status_id in (1, 3, 5) and e.child_id is not null order by e.id limit 2`,
    );
    const [saved, followUp] = rows;
    await t.database.query(
      `update events set raised = now(), due = now() where provider_id = ${providerId} and id = ${saved!.id}`,
    );
    await t.database.query(
      `update events set raised = now(), due = now() + interval '1 day' where provider_id = ${providerId} and id = ${followUp!.id}`,
    );
    const answer = await overview();
    const all = answer.days.flatMap((d) => d.items);
    expect(all.some((i) => i.eventID === saved!.id)).toBe(false);
    expect(all.filter((i) => i.eventID === followUp!.id)).toHaveLength(1);
    for (const day of answer.days) {
      expect(day.counts.eventDue).toBe(day.items.filter((i) => i.type === 'eventDue').length);
    }
  });

  describe('reminders', () => {
    const post = (payload: object, cookie = manager) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/events',
        headers: { cookie, 'x-requested-with': 'nursery' },
        payload,
      });
    const children = async () =>
      t.database.query<{ id: number }>(
        `select id from children where provider_id = ${providerId} and site_id = ${oakTree} and end_date is null order by id limit 2`,
      );

    it('adds a reminder about two children and a staff member, shown in the agenda', async () => {
      const { date } = await overview();
      const [a, b] = await children();
      const [staff] = await t.database.query<{ id: number }>(
        `select id from staff where provider_id = ${providerId} and site_id = ${oakTree} order by id limit 1`,
      );
      const uuid = crypto.randomUUID();
      const payload = {
        uuid,
        siteID: oakTree,
        subjects: [{ childID: a!.id }, { childID: b!.id }, { staffID: staff!.id }],
        due: addDays(date, 1),
        notes: '  Bring wellies\n\n\n for the walk  ',
      };
      const res = await post(payload);
      expect(res.statusCode).toBe(201);
      const saved = res.json();
      expect(saved).toMatchObject({ version: 1, statusID: 5 });
      // The same uuid again: the stored reminder, nothing new.
      const again = await post(payload);
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(saved.id);

      const answer = await overview();
      const items = answer.days[1]!.items.filter((i) => i.eventID === saved.id);
      expect(items.map((i) => i.child?.id ?? i.staff?.id).sort()).toEqual([a!.id, b!.id, staff!.id].sort());
      expect(items[0]).toMatchObject({
        type: 'eventDue',
        notes: 'Bring wellies\n for the walk',
        link: `#/edit/${saved.id}`,
      });
      const reminder = answer.reminders.find((r) => r.id === saved.id)!;
      expect(reminder).toMatchObject({ editable: true, due: addDays(date, 1) });
      expect(reminder.childIDs.sort()).toEqual([a!.id, b!.id].sort());
      expect(reminder.staffIDs).toEqual([staff!.id]);

      // Edit: one child, the day after, new notes; then a stale version is a conflict.
      const put = (body: object) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/v1/events/${saved.id}`,
          headers: { cookie: manager, 'x-requested-with': 'nursery' },
          payload: body,
        });
      const edit = {
        version: 1,
        siteID: oakTree,
        subjects: [{ childID: a!.id }],
        due: addDays(date, 2),
        notes: 'Wellies',
      };
      const edited = await put(edit);
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ id: saved.id, version: 2 });
      expect((await put(edit)).statusCode).toBe(409);
      const after = await overview();
      expect(after.days[1]!.items.some((i) => i.eventID === saved.id)).toBe(false);
      expect(after.days[2]!.items.filter((i) => i.eventID === saved.id)).toMatchObject([
        { child: { id: a!.id }, notes: 'Wellies' },
      ]);
      // Another provider's manager cannot see or edit it.
      const foreign = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/events/${saved.id}`,
        headers: { cookie: other, 'x-requested-with': 'nursery' },
        payload: { ...edit, version: 2 },
      });
      expect(foreign.statusCode).toBe(404);
    });

    it("refuses no subjects, a past day, long notes and another site's child with the spec's messages", async () => {
      const { date } = await overview();
      const [a] = await children();
      const base = { siteID: oakTree, subjects: [{ childID: a!.id }], due: date, notes: 'x' };
      const none = await post({ ...base, subjects: [] });
      expect(none.statusCode).toBe(400);
      expect(none.json().err).toMatchObject({
        code: 'select-child-or-staff',
        message: 'You must select at least one child or staff member.',
      });
      const past = await post({ ...base, due: addDays(date, -1) });
      expect(past.statusCode).toBe(400);
      expect(past.json().err.code).toBe('reminder-date-before-today');
      await t.database.query(
        `update providers set flags = flags || '{"notesCharacterLimit": 5}' where id = ${providerId}`,
      );
      const long = await post({ ...base, notes: '123456' });
      expect(long.statusCode).toBe(400);
      expect(long.json().err.code).toBe('err-text-too-long');
      // Blank lines collapsed before counting: fits.
      expect((await post({ ...base, notes: '12\n\n\n34' })).statusCode).toBe(201);
      await t.database.query(
        `update providers set flags = flags - 'notesCharacterLimit' where id = ${providerId}`,
      );
      const [willowChild] = await t.database.query<{ id: number }>(
        `select c.id from children c join sites s on s.provider_id = c.provider_id and s.id = c.site_id
         where c.provider_id = ${providerId} and s.name <> 'Oak Tree Nursery' order by c.id limit 1`,
      );
      if (willowChild) {
        expect((await post({ ...base, subjects: [{ childID: willowChild.id }] })).statusCode).toBe(404);
      }
      expect((await post({ ...base, subjects: [{ childID: 1, staffID: 1 }] })).statusCode).toBe(400);
      expect((await post(base, other)).statusCode).toBe(404);
    });

    it('needs an enabled task type with an enabled Reminder code, and canEditReminders to edit', async () => {
      const { date } = await overview();
      const [a] = await children();
      const created = await post({
        siteID: oakTree,
        subjects: [{ childID: a!.id }],
        due: date,
        notes: 'Nappies',
      });
      expect(created.statusCode).toBe(201);
      await t.database.query(
        `update providers set flags = flags || '{"canEditReminders": false}' where id = ${providerId}`,
      );
      const answer = await overview();
      expect(answer.permittedActions.editReminders).toBe(false);
      expect(answer.reminders.every((r) => !r.editable)).toBe(true);
      const refused = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/events/${created.json().id}`,
        headers: { cookie: manager, 'x-requested-with': 'nursery' },
        payload: { version: 1, siteID: oakTree, subjects: [{ childID: a!.id }], due: date, notes: 'x' },
      });
      expect(refused.statusCode).toBe(403);
      await t.database.query(
        `update providers set flags = flags || '{"canEditReminders": true}' where id = ${providerId}`,
      );

      await t.database.query(
        `update event_codes set enabled = false where provider_id = ${providerId} and code_key = 'reminder'`,
      );
      const missing = await post({ siteID: oakTree, subjects: [{ childID: a!.id }], due: date, notes: 'x' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().err.code).toBe('no-reminder-code');
      expect((await overview()).permittedActions.addReminder).toBe(false);
      await t.database.query(
        `update event_codes set enabled = true where provider_id = ${providerId} and code_key = 'reminder'`,
      );
    });

    it('needs addEvents to add one; the overview itself needs only a session', async () => {
      await t.database.query(
        `update roles set permissions = array_remove(permissions, 'addEvents') where provider_id = ${providerId}`,
      );
      const fresh = await loginAs(t.app, DEMO.practitioner);
      const res = await post(
        { siteID: oakTree, subjects: [{ childID: 1 }], due: '2030-01-01', notes: 'x' },
        fresh,
      );
      expect(res.statusCode).toBe(403);
      expect((await overview(fresh)).permittedActions.addReminder).toBe(false);
      expect(practitioner).toBeTruthy();
    });
  });

  it("answers 404 for another provider's site", async () => {
    const res = await t.app.inject({
      url: `/api/v1/home/overview?siteID=${oakTree}`,
      headers: { cookie: other },
    });
    expect(res.statusCode).toBe(404);
  });
});
