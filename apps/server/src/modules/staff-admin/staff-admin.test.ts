// Staff administration's calls (issue 29): the list (search, site and role filters, archived, cursor),
// add with its invitation, change, archive (login disabled, sessions ended) and restore, resend and
// expiry; session 401, another provider 404, another site 404, permission 403, bad input 400.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginAs,
  loginDemoStaff,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

interface Member {
  id: number;
  forename: string;
  surname: string;
  email: string | null;
  siteID: number;
  otherSiteIDs: number[];
  roleIDs: number[];
  roomID: number | null;
  keyChildIDs: number[];
  archived: boolean;
  endDate: string | null;
  invitation: { state: string; sentAt: string | null; expiresAt: string | null };
  permittedActions: { edit: boolean; archive: boolean; restore: boolean; resendInvitation: boolean };
}
interface ListRow {
  id: number;
  forename: string;
  surname: string;
  roles: string[];
  archived: boolean;
}
interface List {
  staff: ListRow[];
  nextCursor: string | null;
  permittedActions: { add: boolean };
}
interface Options {
  sites: { id: number; name: string }[];
  rooms: { id: number; siteID: number; name: string }[];
  roles: { id: number; name: string }[];
  children: { id: number; siteID: number }[];
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describeEachDb('staff administration', (kind) => {
  let t: TestApp;
  let manager: string;
  let practitioner: string;
  let otherManager: string;
  // The real time, moved on by `offset` (sessions are checked against the clock too).
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const DAY = 24 * 60 * 60 * 1000;
  let options: Options;
  const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...WRITE_HEADERS, host: 'nursery.test', ...(cookie ? { cookie } : {}) },
    });
  const list = async (query = '') =>
    (await call(manager, 'GET', `/api/v1/settings/staff${query}`)).json() as List;
  const newMember = (over: Record<string, unknown> = {}) => {
    const site = options.sites[0]!;
    return {
      title: 'Ms',
      forename: 'Ada',
      surname: 'Zeta',
      email: `ada.${Math.random().toString(36).slice(2, 8)}@example.org`,
      jobTitle: 'Room lead',
      siteID: site.id,
      otherSiteIDs: [],
      roleIDs: [options.roles.find((r) => r.name === 'Practitioner')!.id],
      roomID: options.rooms.find((r) => r.siteID === site.id)?.id ?? null,
      keyChildIDs: options.children
        .filter((c) => c.siteID === site.id)
        .slice(0, 2)
        .map((c) => c.id),
      telmob: '07700 900123',
      postCode: 'AB1 2CD',
      startDate: '2026-12-01',
      ...over,
    };
  };
  const accountOf = async (email: string) =>
    (
      await t.database.query<{
        id: number;
        activation_code: string | null;
        activation_expires_at: Date | null;
        disabled: boolean;
      }>(
        `select id, activation_code, activation_expires_at, disabled from user_accounts where lower(email) = lower('${email}')`,
      )
    )[0]!;
  const outboxTo = (email: string) =>
    t.database.query<{ subject: string; body: string }>(
      `select subject, body from email_outbox where "to" = '${email}' order by id`,
    );
  const codeIn = (body: string) => /#\/activate\/([A-Za-z0-9_-]+)/.exec(body)?.[1];

  beforeAll(async () => {
    t = await makeTestApp(kind, { clock: { now } });
    [manager, practitioner, otherManager] = await loginDemoStaff(t.app);
    options = (await call(manager, 'GET', '/api/v1/settings/staff-options')).json() as Options;
  });
  afterAll(() => t.close());

  it('lists the staff of the user’s sites by name, a page at a time, with search and filters', async () => {
    const first = await list();
    expect(first.permittedActions).toEqual({ add: true });
    expect(first.staff.length).toBeGreaterThan(0);
    const names = first.staff.map((s) => `${s.surname}\u0000${s.forename}`);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const seen = new Set(first.staff.map((s) => s.id));
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await list(`?cursor=${cursor}`);
      for (const s of next.staff) {
        expect(seen.has(s.id), 'no member twice').toBe(false);
        seen.add(s.id);
      }
      cursor = next.nextCursor;
    }
    const someone = first.staff[0]!;
    const found = await list(`?search=${encodeURIComponent(someone.forename.slice(0, 3))}`);
    expect(found.staff.map((s) => s.id)).toContain(someone.id);
    const managerRole = options.roles.find((r) => r.name === 'Manager')!;
    const managers = await list(`?roleID=${managerRole.id}`);
    expect(managers.staff.length).toBeGreaterThan(0);
    for (const s of managers.staff) expect(s.roles).toContain('Manager');
    const bySite = await list(`?siteID=${options.sites[0]!.id}`);
    expect(bySite.staff.length).toBeGreaterThan(0);
    const bad = await call(manager, 'GET', '/api/v1/settings/staff?cursor=nonsense');
    expect(bad.statusCode, bad.body).toBe(400);
  });

  it('adds a member with a login, an invitation e-mail holding a single code stored hashed, audited', async () => {
    const input = newMember();
    const res = await call(manager, 'POST', '/api/v1/settings/staff', input);
    expect(res.statusCode, res.body).toBe(201);
    const member = res.json() as Member;
    expect(member).toMatchObject({
      forename: 'Ada',
      surname: 'Zeta',
      email: input.email,
      siteID: input.siteID,
      roleIDs: input.roleIDs,
      keyChildIDs: [...input.keyChildIDs].sort((a, b) => a - b),
      archived: false,
      invitation: { state: 'pending' },
    });
    const { sentAt, expiresAt } = member.invitation;
    expect(Date.parse(expiresAt!) - Date.parse(sentAt!)).toBe(7 * DAY);
    expect(JSON.stringify(member)).not.toMatch(/activate/);
    const [mail] = await outboxTo(input.email);
    expect(mail!.subject).toMatch(/invited/i);
    const code = codeIn(mail!.body)!;
    expect(mail!.body).toContain(`http://nursery.test/#/activate/${code}`);
    expect(Buffer.from(code, 'base64url').length).toBeGreaterThanOrEqual(16);
    const account = await accountOf(input.email);
    expect(account.activation_code).toBe(sha256(code));
    const audit = await t.database.query<{ action: string; details: unknown }>(
      `select action, details from audit_log where entity = 'staff' and entity_id = '${member.id}'`,
    );
    expect(audit.map((a) => a.action)).toEqual(['staff-created']);
    expect(JSON.stringify(audit)).not.toContain(code);
    const shown = await list(`?search=Zeta`);
    expect(shown.staff.map((s) => s.id)).toContain(member.id);
  });

  it('refuses an e-mail another login uses (any case), naming the field; nothing written', async () => {
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from people');
    const res = await call(
      manager,
      'POST',
      '/api/v1/settings/staff',
      newMember({ email: DEMO.practitioner.toUpperCase() }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ err: { code: 'err-email-taken', field: 'email' } });
    expect(res.json().err.message).toMatch(/^email: /);
    expect(await t.database.query<{ n: number }>('select count(*)::int as n from people')).toEqual(before);
  });

  it('answers 400 with the field and the spec’s wording for bad input', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ forename: '' }, /^forename: this-field-is-required/],
      [{ surname: 'x'.repeat(51) }, /^surname: this-field-has-max-length-of/],
      [{ email: 'not-an-email' }, /^email: /],
      [{ roleIDs: [] }, /^roleIDs: this-field-is-required/],
      [{ telmob: '1'.repeat(31) }, /^telmob: this-field-has-max-length-of/],
      [{ startDate: '2026-02-30' }, /^startDate: /],
    ];
    for (const [over, message] of cases) {
      const res = await call(manager, 'POST', '/api/v1/settings/staff', newMember(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().err.message, JSON.stringify(over)).toMatch(message);
    }
  });

  it('changes a member; refuses to take the last settingsPermissions holder’s role away', async () => {
    const created = (await call(manager, 'POST', '/api/v1/settings/staff', newMember())).json() as Member;
    const changed = await call(manager, 'PUT', `/api/v1/settings/staff/${created.id}`, {
      ...newMember({ email: created.email }),
      forename: 'Adele',
      keyChildIDs: [],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ forename: 'Adele', keyChildIDs: [] });
    // The manager is left the only active holder of settingsPermissions: taking their role away is
    // refused and nothing changes.
    const managerRole = options.roles.find((r) => r.name === 'Manager')!;
    const practitionerRole = options.roles.find((r) => r.name === 'Practitioner')!;
    const self = (await call(manager, 'GET', '/api/v1/config')).json() as { me: { staffID: number } };
    const others = await t.database.query<{ provider_id: number; staff_id: number }>(
      `select provider_id, staff_id from staff_roles where role_id = ${managerRole.id} and staff_id <> ${self.me.staffID}`,
    );
    await t.database.query(
      `delete from staff_roles where role_id = ${managerRole.id} and staff_id <> ${self.me.staffID}`,
    );
    const me = (await call(manager, 'GET', `/api/v1/settings/staff/${self.me.staffID}`)).json() as Member;
    const demoted = await call(manager, 'PUT', `/api/v1/settings/staff/${me.id}`, {
      ...me,
      roleIDs: [practitionerRole.id],
    });
    expect(demoted.statusCode, demoted.body).toBe(409);
    expect(demoted.json()).toMatchObject({ err: { code: 'err-last-permissions-admin' } });
    expect(
      ((await call(manager, 'GET', `/api/v1/settings/staff/${me.id}`)).json() as Member).roleIDs,
    ).toEqual(me.roleIDs);
    for (const o of others)
      await t.database.query(
        `insert into staff_roles (provider_id, staff_id, role_id) values (${o.provider_id}, ${o.staff_id}, ${managerRole.id})`,
      );
  });

  it('archives a member: end date, login disabled, sessions ended at once; hidden unless asked; restored', async () => {
    const practitionerRow = (
      await t.database.query<{ id: number }>(
        `select s.id from staff s join user_accounts u on u.provider_id = s.provider_id and u.person_id = s.person_id
         where lower(u.email) = '${DEMO.practitioner}'`,
      )
    )[0]!;
    expect((await call(practitioner, 'GET', '/api/v1/config')).statusCode).toBe(200);
    const archived = await call(manager, 'POST', `/api/v1/settings/staff/${practitionerRow.id}/archive`, {});
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ archived: true, endDate: now().toISOString().slice(0, 10) });
    expect((await call(practitioner, 'GET', '/api/v1/config')).statusCode).toBe(401);
    expect((await accountOf(DEMO.practitioner)).disabled).toBe(true);
    expect((await list()).staff.map((s) => s.id)).not.toContain(practitionerRow.id);
    let all: ListRow[] = [];
    for (let cursor: string | null = ''; cursor !== null; ) {
      const page = await list(`?archived=true${cursor ? `&cursor=${cursor}` : ''}`);
      all = all.concat(page.staff);
      cursor = page.nextCursor;
    }
    expect(all.find((s) => s.id === practitionerRow.id)?.archived).toBe(true);
    const restored = await call(manager, 'POST', `/api/v1/settings/staff/${practitionerRow.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ archived: false, endDate: null });
    expect((await accountOf(DEMO.practitioner)).disabled).toBe(false);
    practitioner = await loginAs(t.app, DEMO.practitioner);
    const self = (await call(manager, 'GET', '/api/v1/config')).json() as { me: { staffID: number } };
    const own = await call(manager, 'POST', `/api/v1/settings/staff/${self.me.staffID}/archive`, {});
    expect(own.statusCode).toBe(409);
  });

  it('resend: a new code, the old one no longer stored; expired after 7 days; none once activated', async () => {
    const input = newMember();
    const member = (await call(manager, 'POST', '/api/v1/settings/staff', input)).json() as Member;
    const firstCode = codeIn((await outboxTo(input.email))[0]!.body)!;
    offset = 7 * DAY;
    manager = await loginAs(t.app, DEMO.manager);
    const expired = (await call(manager, 'GET', `/api/v1/settings/staff/${member.id}`)).json() as Member;
    expect(expired.invitation.state).toBe('expired');
    expect(expired.permittedActions.resendInvitation).toBe(true);
    const resent = await call(manager, 'POST', `/api/v1/settings/staff/${member.id}/invitation`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({
      invitation: { state: 'pending' },
    });
    const again = (resent.json() as Member).invitation;
    expect(Date.parse(again.sentAt!)).toBeGreaterThanOrEqual(Date.parse(member.invitation.expiresAt!));
    expect(Date.parse(again.expiresAt!) - Date.parse(again.sentAt!)).toBe(7 * DAY);
    const mails = await outboxTo(input.email);
    expect(mails).toHaveLength(2);
    const secondCode = codeIn(mails[1]!.body)!;
    expect(secondCode).not.toBe(firstCode);
    const account = await accountOf(input.email);
    expect(account.activation_code).toBe(sha256(secondCode));
    const holders = await t.database.query<{ n: number }>(
      `select count(*)::int as n from user_accounts where activation_code = '${sha256(firstCode)}'`,
    );
    expect(holders[0]!.n).toBe(0);
    await t.database.query(
      `update user_accounts set activated_at = now(), activation_code = null where id = ${account.id}`,
    );
    const activated = (await call(manager, 'GET', `/api/v1/settings/staff/${member.id}`)).json() as Member;
    expect(activated.invitation.state).toBe('activated');
    expect(activated.permittedActions.resendInvitation).toBe(false);
    expect((await call(manager, 'POST', `/api/v1/settings/staff/${member.id}/invitation`)).statusCode).toBe(
      409,
    );
    offset = 0;
    manager = await loginAs(t.app, DEMO.manager);
  });

  it('lists the outbox without the text, newest first, for managers only', async () => {
    const res = await call(manager, 'GET', '/api/v1/settings/email-outbox');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { messages: { subject: string; status: string }[]; delivery: string };
    expect(page.delivery).toBe('kept');
    expect(page.messages.length).toBeGreaterThan(0);
    expect(page.messages[0]).toMatchObject({ status: 'queued' });
    expect(res.body).not.toMatch(/activate/);
    expect((await call(practitioner, 'GET', '/api/v1/settings/email-outbox')).statusCode).toBe(403);
    const theirs = (await call(otherManager, 'GET', '/api/v1/settings/email-outbox')).json() as {
      messages: { to: string }[];
    };
    expect(theirs.messages.map((m) => m.to).some((to) => to.startsWith('ada.'))).toBe(false);
  });

  it('401 without a session, 403 without the permission, 404 for another provider’s member or site', async () => {
    expect((await call(undefined, 'GET', '/api/v1/settings/staff')).statusCode).toBe(401);
    expect((await call(practitioner, 'GET', '/api/v1/settings/staff')).statusCode).toBe(403);
    expect((await call(practitioner, 'POST', '/api/v1/settings/staff', newMember())).statusCode).toBe(403);
    const someone = (await list()).staff[0]!;
    expect((await call(otherManager, 'GET', `/api/v1/settings/staff/${someone.id}`)).statusCode).toBe(404);
    const member = (await call(manager, 'GET', `/api/v1/settings/staff/${someone.id}`)).json() as Member;
    expect(
      (
        await call(otherManager, 'PUT', `/api/v1/settings/staff/${someone.id}`, {
          ...member,
          email: member.email ?? 'x@y.zz',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(otherManager, 'POST', `/api/v1/settings/staff/${someone.id}/archive`, {})).statusCode,
    ).toBe(404);
    const theirSites = (await call(otherManager, 'GET', '/api/v1/settings/staff-options')).json() as Options;
    expect(
      (await call(manager, 'GET', `/api/v1/settings/staff?siteID=${theirSites.sites[0]!.id}`)).statusCode,
    ).toBe(404);
    const foreignSite = await call(
      manager,
      'POST',
      '/api/v1/settings/staff',
      newMember({ siteID: theirSites.sites[0]!.id }),
    );
    expect(foreignSite.statusCode).toBe(404);
    const foreignRole = await call(
      manager,
      'POST',
      '/api/v1/settings/staff',
      newMember({ roleIDs: [theirSites.roles[0]!.id] }),
    );
    expect(foreignRole.statusCode).toBe(404);
    expect((await call(manager, 'GET', '/api/v1/settings/staff/99999999999')).statusCode).toBe(400);
  });
});

describe('staff administration contract', () => {
  it('is registered with its ten calls', async () => {
    const { routes } = await import('@nursery/domain/common');
    expect(routes.createStaffMember).toEqual({ method: 'POST', path: '/api/v1/settings/staff' });
    expect(routes.listEmailOutbox.path).toBe('/api/v1/settings/email-outbox');
  });
});
