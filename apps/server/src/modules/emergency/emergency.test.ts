// GET sites/:siteID/emergency-contacts (spec 002 §2 "Emergency contacts", §6 viewChildContacts).
import { todayInZone } from '@nursery/domain/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import { type Fixture, loadFixture, newSave, saveRequest } from '../events/event-fixtures.ts';

interface Contact {
  contactID: number;
  forename: string;
  surname: string;
  relationship: string | null;
  telmob: string | null;
  telhome: string | null;
  telwork: string | null;
}
interface Child {
  id: number;
  surname: string;
  forename: string;
  roomID: number | null;
  flags: { exceptions: string[]; reminders: number; accidents: number };
  contacts: Contact[];
}

describeEachDb('emergency contacts', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let otherSite: number;
  let willow: number;
  const q = <T>(text: string) => t.database.query<T>(text);
  const get = (cookie: string, siteID: number | string) =>
    t.app.inject({ url: `/api/v1/sites/${siteID}/emergency-contacts`, headers: { cookie } });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
    otherSite = (
      await q<{ id: number }>(`select id from sites where provider_id <> ${f.providerId} limit 1`)
    )[0]!.id;
    willow = (
      await q<{ id: number }>(
        `select id from sites where provider_id = ${f.providerId} and name = 'Willow Nursery'`,
      )
    )[0]!.id;
  });
  afterAll(() => t.close());

  it("answers the site's current children by surname with their emergency contacts, as the tables hold them", async () => {
    const res = await get(f.practitioner, f.siteId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { siteID: number; today: string; fetchedAt: string; children: Child[] };
    expect(body.siteID).toBe(f.siteId);
    expect(body.today).toBe(todayInZone(new Date(), 'Europe/London'));
    expect(Date.parse(body.fetchedAt)).not.toBeNaN();
    const expected = await q<{ id: number }>(
      `select id from children where provider_id = ${f.providerId} and site_id = ${f.siteId}
         and start_date <= '${body.today}' and (end_date is null or end_date >= '${body.today}')
       order by surname, forename, id`,
    );
    expect(body.children.map((c) => c.id)).toEqual(expected.map((e) => e.id));
    const contacts = await q<{ child_id: number; contact_id: number; telmob: string | null }>(
      `select cc.child_id, cc.contact_id, p.telmob from child_contacts cc
       join contacts ct on ct.provider_id = cc.provider_id and ct.id = cc.contact_id
       join people p on p.provider_id = ct.provider_id and p.id = ct.person_id
       where cc.provider_id = ${f.providerId} and cc.emergency
       order by cc.child_id, cc.priority, p.surname, p.forename, ct.id`,
    );
    for (const child of body.children) {
      const mine = contacts.filter((c) => c.child_id === child.id);
      expect(child.contacts.map((c) => c.contactID)).toEqual(mine.map((c) => c.contact_id));
      expect(child.contacts.map((c) => c.telmob)).toEqual(mine.map((c) => c.telmob));
    }
    // The demo's one child without contacts is at Willow; phones are filled in.
    const willowChildren = (await get(f.manager, willow)).json().children as Child[];
    expect(willowChildren.filter((c) => c.contacts.length === 0)).toHaveLength(1);
    const all = body.children.flatMap((c) => c.contacts);
    expect(all.every((c) => c.telmob)).toBe(true);
    expect(all.some((c) => c.telhome)).toBe(true);
    expect(all.some((c) => c.telwork)).toBe(true);
    // Nothing of another provider's people.
    expect(res.body).not.toContain('example.net');
  });

  it('leaves out non-emergency contacts and children who have left', async () => {
    const [row] = await q<{ child_id: number; contact_id: number }>(
      `select child_id, contact_id from child_contacts cc
       join children c on c.provider_id = cc.provider_id and c.id = cc.child_id
       where cc.provider_id = ${f.providerId} and c.site_id = ${f.siteId} order by child_id, contact_id limit 1`,
    );
    await q(
      `update child_contacts set emergency = false where provider_id = ${f.providerId}
         and child_id = ${row!.child_id} and contact_id = ${row!.contact_id}`,
    );
    const leaver = f.kids[0]!.id;
    await q(
      `update children set end_date = greatest(start_date, current_date - 30) where provider_id = ${f.providerId} and id = ${leaver}`,
    );
    try {
      const children = (await get(f.manager, f.siteId)).json().children as Child[];
      const child = children.find((c) => c.id === row!.child_id);
      expect(child?.contacts.map((c) => c.contactID) ?? []).not.toContain(row!.contact_id);
      expect(children.map((c) => c.id)).not.toContain(leaver);
    } finally {
      await q(
        `update child_contacts set emergency = true where provider_id = ${f.providerId}
           and child_id = ${row!.child_id} and contact_id = ${row!.contact_id}`,
      );
      await q(`update children set end_date = null where provider_id = ${f.providerId} and id = ${leaver}`);
    }
  });

  it("flags today's accidents, open reminders and recorded needs (SEND, diet)", async () => {
    const child = f.kids[f.kids.length - 1]!.id;
    const before = ((await get(f.manager, f.siteId)).json().children as Child[]).find((c) => c.id === child)!;
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    const accident = await saveRequest(
      t,
      f.manager,
      newSave({
        typeID: f.type('accident'),
        codeID: f.code('accident', 'accident'),
        raised: minuteAgo,
        subjects: [child],
        existingInjury: true,
      }),
    );
    expect(accident.statusCode, accident.body).toBe(201);
    const due = new Date(Date.now() + 24 * 3600_000).toISOString();
    const reminder = await saveRequest(
      t,
      f.manager,
      newSave({
        typeID: f.type('task'),
        codeID: f.code('task', 'reminder'),
        raised: minuteAgo,
        due,
        subjects: [child],
      }),
    );
    expect(reminder.statusCode, reminder.body).toBe(201);
    await q(`update children set send = true where provider_id = ${f.providerId} and id = ${child}`);
    const after = ((await get(f.manager, f.siteId)).json().children as Child[]).find((c) => c.id === child)!;
    expect(after.flags.accidents).toBe(before.flags.accidents + 1);
    expect(after.flags.reminders).toBe(before.flags.reminders + 1);
    expect(after.flags.exceptions[0]).toBe('SEND');
    // A dietary requirement reads as the attribute and its item.
    const diet = ((await get(f.manager, f.siteId)).json().children as Child[]).flatMap(
      (c) => c.flags.exceptions,
    );
    expect(diet.some((e) => /^Dietary requirements: (Vegetarian|Halal|Dairy free)$/.test(e))).toBe(true);
    // A deleted accident no longer counts.
    const [saved] = accident.json() as { id: number }[];
    await q(`update events set status_id = 6 where provider_id = ${f.providerId} and id = ${saved!.id}`);
    const deleted = ((await get(f.manager, f.siteId)).json().children as Child[]).find(
      (c) => c.id === child,
    )!;
    expect(deleted.flags.accidents).toBe(before.flags.accidents);
  });

  it("counts only the reminders and accidents the user may see: the manager's drafts are not the practitioner's", async () => {
    const child = f.kids[0]!.id;
    const flagsOf = async (cookie: string) =>
      ((await get(cookie, f.siteId)).json().children as Child[]).find((c) => c.id === child)!.flags;
    const [practitionerBefore, managerBefore] = [await flagsOf(f.practitioner), await flagsOf(f.manager)];
    // Now, not a minute ago: a minute after midnight that would be yesterday's accident.
    const minuteAgo = new Date().toISOString();
    for (const [type, code, extra] of [
      ['accident', 'accident', { existingInjury: true }],
      ['task', 'reminder', { due: new Date(Date.now() + 24 * 3600_000).toISOString() }],
    ] as const) {
      const draft = await saveRequest(
        t,
        f.manager,
        newSave({
          typeID: f.type(type),
          codeID: f.code(type, code),
          raised: minuteAgo,
          subjects: [child],
          ...extra,
        }),
      );
      expect(draft.statusCode, draft.body).toBe(201);
    }
    const manager = await flagsOf(f.manager);
    expect([manager.accidents, manager.reminders]).toEqual([
      managerBefore.accidents + 1,
      managerBefore.reminders + 1,
    ]);
    const practitioner = await flagsOf(f.practitioner);
    expect([practitioner.accidents, practitioner.reminders]).toEqual([
      practitionerBefore.accidents,
      practitionerBefore.reminders,
    ]);
  });

  it('needs viewChildContacts (403), a session (401) and one of the user’s sites (404)', async () => {
    expect((await get('', f.siteId)).statusCode).toBe(401);
    // The practitioner works at Oak Tree only.
    expect((await get(f.practitioner, willow)).statusCode).toBe(404);
    expect((await get(f.manager, willow)).statusCode).toBe(200);
    // Another provider's site, either way round.
    const other = await get(f.other, f.siteId);
    expect(other.statusCode).toBe(404);
    expect(other.json().err.code).toBe('err-not-found');
    expect((await get(f.manager, otherSite)).statusCode).toBe(404);
    await q(
      `update roles set permissions = array_remove(permissions, 'viewChildContacts')
       where provider_id = ${f.providerId} and name = 'Practitioner'`,
    );
    try {
      const res = await get(f.practitioner, f.siteId);
      expect(res.statusCode).toBe(403);
      expect(res.json().err.code).toBe('err-permission-denied');
    } finally {
      await q(
        `update roles set permissions = array_append(permissions, 'viewChildContacts')
         where provider_id = ${f.providerId} and name = 'Practitioner'`,
      );
    }
    expect((await get(f.practitioner, f.siteId)).statusCode).toBe(200);
  });

  it('refuses a site id that is not a positive whole number (400)', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await get(f.manager, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().err.code).toBe('err-invalid-request');
    }
  });

  it('answers while registers are switched off at the site (the list is not a register)', async () => {
    await q(
      `update sites set registers_enabled = false where provider_id = ${f.providerId} and id = ${f.siteId}`,
    );
    try {
      expect((await get(f.manager, f.siteId)).statusCode).toBe(200);
    } finally {
      await q(
        `update sites set registers_enabled = true where provider_id = ${f.providerId} and id = ${f.siteId}`,
      );
    }
  });
});
