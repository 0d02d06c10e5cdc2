// The import preview (issue 29 "Moving in"): every row's problems by spreadsheet row before anything is
// written, rows matched by their stable key (a second import of the same file changes nothing), and
// the session, permission, site and bad-input answers.
import { readImportTable } from '@nursery/domain/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../plugins/auth.ts';
import {
  DEMO,
  describeEachDb,
  loginAs,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';
import { childrenSiteData } from './service.ts';

interface Preview {
  missing: string[];
  ignored: string[];
  rows: {
    row: number;
    name: string;
    action: string;
    problems: { column: string | null; code: string; value?: string }[];
  }[];
  counts: Record<string, number>;
}

const csv = (rows: string[][]) => rows.map((r) => r.join(',')).join('\r\n');
const CHILD_HEADER = [
  'Child forename',
  'Child surname',
  'Date of birth',
  'Start date',
  'Room',
  'Sessions',
  'Key person e-mail',
];

describeEachDb('imports', (kind) => {
  let t: TestApp;
  let manager: string;
  let practitioner: string;
  let otherManager: string;
  let siteID: number;
  const preview = (cookie: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/imports/preview',
      payload: body as object,
      headers: { ...WRITE_HEADERS, cookie },
    });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    [manager, practitioner, otherManager] = await Promise.all([
      loginAs(t.app, DEMO.manager),
      loginAs(t.app, DEMO.practitioner),
      loginAs(t.app, DEMO.otherManager),
    ]);
    const config = (await t.app.inject({ url: '/api/v1/config', headers: { cookie: manager } })).json() as {
      sitesByID: Record<string, unknown>;
    };
    siteID = Math.min(...Object.keys(config.sitesByID).map(Number));
  });
  afterAll(() => t.close());

  it('names each row’s problems, cell and site alike, before anything is written', async () => {
    const file = csv([
      [...CHILD_HEADER, 'Notes'],
      ['Ava', 'Importer', '14/03/2023', '01/09/2025', 'Toddlers', 'Mon-Wed Morning', DEMO.practitioner, 'x'],
      ['', 'Importer', '31/02/2023', '01/09/2025', 'Attic', 'Mon Brunch', 'nobody@example.org', ''],
    ]);
    const answer = await preview(manager, { kind: 'children', siteID, csv: file });
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as Preview;
    expect(body.ignored).toEqual(['Notes']);
    expect(body.rows[0]).toEqual({ row: 2, name: 'Ava Importer', action: 'create', problems: [] });
    expect(body.rows[1].action).toBe('invalid');
    expect(body.rows[1].problems.map((p) => [p.column, p.code, p.value])).toEqual([
      ['Child forename', 'this-field-is-required', undefined],
      ['Date of birth', 'import-invalid-date', '31/02/2023'],
      ['Room', 'import-unknown-room', 'Attic'],
      ['Key person e-mail', 'import-unknown-key-person', 'nobody@example.org'],
      ['Sessions', 'import-unknown-session', 'Brunch'],
    ]);
    expect(body.counts).toEqual({ create: 1, update: 0, unchanged: 0, invalid: 1 });
  });

  it('matches a child already at the site by name and date of birth: unchanged when the row says the same', async () => {
    const rows = await t.database.query<{
      forename: string;
      surname: string;
      dob: string;
      start_date: string;
      end_date: string | null;
      send: boolean;
      eal: boolean;
      photo_consent: string;
    }>(
      `select forename, surname, to_char(dob, 'YYYY-MM-DD') dob, to_char(start_date, 'YYYY-MM-DD') start_date,
         to_char(end_date, 'YYYY-MM-DD') end_date, send, eal, photo_consent
       from children where site_id = $1 and end_date is null order by id limit 1`,
      [siteID],
    );
    const c = rows[0]!;
    const consent = { yes: 'Yes', no: 'No', notAsked: 'Not asked' }[c.photo_consent]!;
    const header = ['Forename', 'Surname', 'DOB', 'Start date', 'SEND', 'EAL', 'Photo consent'];
    const same = [
      c.forename,
      c.surname,
      c.dob,
      c.start_date,
      c.send ? 'Yes' : 'No',
      c.eal ? 'Yes' : 'No',
      consent,
    ];
    const changed = [...same];
    changed[4] = c.send ? 'No' : 'Yes';
    const body = (
      await preview(manager, { kind: 'children', siteID, csv: csv([header, same]) })
    ).json() as Preview;
    expect(body.rows[0]).toMatchObject({ action: 'unchanged', problems: [] });
    const again = (
      await preview(manager, { kind: 'children', siteID, csv: csv([header, changed]) })
    ).json() as Preview;
    expect(again.rows[0]).toMatchObject({ action: 'update', problems: [] });
  });

  it("refuses a row the Children page would refuse, with the page's message", async () => {
    const file = csv([
      ['Child forename', 'Child surname', 'Date of birth', 'Start date'],
      ['Dan', 'Tooearly', '14/03/2023', '01/09/2022'],
    ]);
    const body = (await preview(manager, { kind: 'children', siteID, csv: file })).json() as Preview;
    expect(body.rows[0]).toMatchObject({
      action: 'invalid',
      problems: [
        {
          column: null,
          code: 'import-refused',
          value: 'The start date must not be before the date of birth.',
        },
      ],
    });
  });

  it('reads a staff file: a new e-mail is a new member, this provider’s member is matched, another’s login is refused', async () => {
    const file = csv([
      ['Forename', 'Surname', 'E-mail', 'Role'],
      ['Sam', 'New', 'sam.new@example.org', 'Practitioner'],
      ['Someone', 'Else', DEMO.otherManager, ''],
      ['Pat', 'Unknown', 'pat@example.org', 'Chief'],
    ]);
    const body = (await preview(manager, { kind: 'staff', siteID, csv: file })).json() as Preview;
    expect(body.rows.map((r) => [r.row, r.action, r.problems.map((p) => p.code)])).toEqual([
      [2, 'create', []],
      [3, 'invalid', ['import-email-taken']],
      [4, 'invalid', ['import-unknown-role']],
    ]);
  });

  it('lists a missing required column and refuses an unreadable file', async () => {
    const body = (
      await preview(manager, { kind: 'staff', siteID, csv: 'Forename,Surname\nJo,Bloggs' })
    ).json() as Preview;
    expect(body.missing).toEqual(['E-mail']);
    const broken = await preview(manager, { kind: 'staff', siteID, csv: 'Forename,Surname\n"Jo,Bloggs' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().err.code).toBe('import-unreadable-file');
  });

  it('answers 401 without a session, 403 without the permission, 404 for another provider’s site, 400 for bad input', async () => {
    const body = { kind: 'children', siteID, csv: csv([CHILD_HEADER]) };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/imports/preview',
          payload: body,
          headers: WRITE_HEADERS,
        })
      ).statusCode,
    ).toBe(401);
    expect((await preview(practitioner, body)).statusCode).toBe(403);
    const other = await preview(otherManager, body);
    expect([other.statusCode, other.json().err.code]).toEqual([404, 'err-not-found']);
    expect((await preview(manager, { ...body, kind: 'rooms' })).statusCode).toBe(400);
    expect((await preview(manager, { ...body, siteID: 2 ** 31 })).statusCode).toBe(400);
    expect((await preview(manager, { ...body, csv: '' })).statusCode).toBe(400);
  });

  describe('the import', () => {
    const run = (cookie: string, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/imports',
        payload: body as object,
        headers: { ...WRITE_HEADERS, cookie },
      });
    const count = async (sql: string) => Number((await t.database.query<{ n: number }>(sql))[0]!.n);
    const footprint = async () => ({
      children: await count(`select count(*)::int n from children where surname = 'Movingin'`),
      contacts: await count(`select count(*)::int n from people where surname = 'Movingin-Parent'`),
      links: await count(`select count(*)::int n from child_contacts cc join children c
        on c.provider_id = cc.provider_id and c.id = cc.child_id where c.surname = 'Movingin'`),
      patterns: await count(`select count(*)::int n from booking_patterns p join children c
        on c.provider_id = p.provider_id and c.id = p.child_id where c.surname = 'Movingin'`),
      bookings: await count(`select count(*)::int n from bookings b join children c
        on c.provider_id = b.provider_id and c.id = b.child_id where c.surname = 'Movingin' and not b.deleted`),
    });
    const FILE = csv([
      [
        'Child forename',
        'Child surname',
        'Date of birth',
        'Start date',
        'Room',
        'Allergies',
        'Photo consent',
        'Sessions',
        'Contact 1 forename',
        'Contact 1 surname',
        'Contact 1 relationship',
        'Contact 1 e-mail',
        'Contact 1 parental responsibility',
        'Contact 1 may collect',
      ],
      [
        'Ava',
        'Movingin',
        '14/03/2023',
        '01/09/2025',
        'Toddlers',
        'Peanuts',
        'Yes',
        'Mon-Wed Morning',
        'Priya',
        'Movingin-Parent',
        'Mother',
        'priya.movingin@example.org',
        'Yes',
        'Yes',
      ],
      // A sibling: the same parent, found by e-mail, linked to both.
      [
        'Ben',
        'Movingin',
        '02/02/2022',
        '01/09/2025',
        'Pre-school',
        '',
        'No',
        'Fri Full day',
        'Priya',
        'Movingin-Parent',
        'Mother',
        'priya.movingin@example.org',
        'Yes',
        'Yes',
      ],
    ]);

    it('writes children with their contact and sessions in one go, and a second import changes nothing', async () => {
      expect(await footprint()).toEqual({ children: 0, contacts: 0, links: 0, patterns: 0, bookings: 0 });
      const first = await run(manager, { kind: 'children', siteID, csv: FILE });
      expect([first.statusCode, first.json()]).toEqual([200, { created: 2, updated: 0, unchanged: 0 }]);
      const after = await footprint();
      expect(after).toMatchObject({ children: 2, contacts: 1, links: 2, patterns: 2 });
      expect(after.bookings).toBeGreaterThan(0);
      const [ava] = await t.database.query<{ allergies: string; photo_consent: string }>(
        `select allergies, photo_consent from children where forename = 'Ava' and surname = 'Movingin'`,
      );
      expect(ava).toEqual({ allergies: 'Peanuts', photo_consent: 'yes' });

      // Each record has the audit entries a typed one gets (written in bulk).
      const audited = await t.database.query<{ action: string; n: number }>(
        `select action, count(*)::int n from audit_log where
           (entity = 'child' and entity_id in (select id::text from children where surname = 'Movingin'))
           or (entity = 'booking-pattern' and entity_id in (select p.id::text from booking_patterns p
             join children c on c.provider_id = p.provider_id and c.id = p.child_id where c.surname = 'Movingin'))
           or (entity = 'contact' and entity_id in (select ct.id::text from contacts ct join people pe
             on pe.provider_id = ct.provider_id and pe.id = ct.person_id where pe.surname = 'Movingin-Parent'))
         group by action order by action`,
      );
      expect(audited).toEqual([
        { action: 'booking-pattern-created', n: 2 },
        { action: 'child-created', n: 2 },
        { action: 'contact-child-linked', n: 2 },
        { action: 'contact-created', n: 1 },
      ]);
      expect(
        await count(`select count(*)::int n from record_audit where operation = 'create' and record_type = 'child'
          and child_id in (select id from children where surname = 'Movingin')`),
      ).toBe(2);
      const again = (await preview(manager, { kind: 'children', siteID, csv: FILE })).json() as Preview;
      expect(again.rows.map((r) => r.action)).toEqual(['unchanged', 'unchanged']);
      const second = await run(manager, { kind: 'children', siteID, csv: FILE });
      expect([second.statusCode, second.json()]).toEqual([200, { created: 0, updated: 0, unchanged: 2 }]);
      expect(await footprint()).toEqual(after);
    });

    it("matches only children the importing user may see (the server's visibility rule), so never overwrites another", async () => {
      const [row] = await t.database.query<{ provider_id: number; staff_id: number; user_id: number }>(
        `select u.provider_id, s.id staff_id, u.id user_id from user_accounts u
         join staff s on s.provider_id = u.provider_id and s.person_id = u.person_id where u.email = $1`,
        [DEMO.manager],
      );
      const auth = {
        providerId: row!.provider_id,
        userId: row!.user_id,
        staffId: row!.staff_id,
        siteIds: [siteID],
        permissions: {},
      } as unknown as AuthContext;
      const rows = readImportTable('children', [
        ['Child forename', 'Child surname', 'Date of birth', 'Start date'],
        ['Ava', 'Movingin', '14/03/2023', '01/09/2025'],
      ]).rows;
      const seen = await childrenSiteData(t.database.db, auth, siteID, rows);
      expect(seen.existing.map((c) => c.forename)).toContain('Ava');
      const notStaff = await childrenSiteData(t.database.db, { ...auth, staffId: null }, siteID, rows);
      expect(notStaff.existing).toEqual([]);
      const otherSites = await childrenSiteData(t.database.db, { ...auth, siteIds: [] }, siteID, rows);
      expect(otherSites.existing).toEqual([]);
    });

    it('a parent named as both contacts of a row is added and linked once', async () => {
      const file = csv([
        [
          'Child forename',
          'Child surname',
          'Date of birth',
          'Start date',
          'Contact 1 forename',
          'Contact 1 surname',
          'Contact 1 e-mail',
          'Contact 2 forename',
          'Contact 2 surname',
          'Contact 2 e-mail',
        ],
        [
          'Eve',
          'Twiceparent',
          '01/01/2022',
          '01/09/2025',
          'Tia',
          'Twiceparent',
          'tia.twice@example.org',
          'Tia',
          'Twiceparent',
          'tia.twice@example.org',
        ],
      ]);
      expect((await run(manager, { kind: 'children', siteID, csv: file })).json()).toMatchObject({
        created: 1,
      });
      expect(
        await count(`select count(*)::int n from child_contacts cc join children c
          on c.provider_id = cc.provider_id and c.id = cc.child_id where c.surname = 'Twiceparent'`),
      ).toBe(1);
      const again = (await preview(manager, { kind: 'children', siteID, csv: file })).json() as Preview;
      expect(again.rows.map((r) => r.action)).toEqual(['unchanged']);
    });

    it('refuses a file with a problem and writes nothing', async () => {
      const before = await footprint();
      const broken = FILE.replace('02/02/2022', '31/02/2022').replaceAll('Movingin', 'Movingin');
      const answer = await run(manager, {
        kind: 'children',
        siteID,
        csv: broken.replace('Ava,Movingin', 'Cleo,Movingin'),
      });
      expect([answer.statusCode, answer.json().err.code]).toEqual([409, 'err-import-has-problems']);
      expect(await footprint()).toEqual(before);
    });

    describe('a second import of a changed file', () => {
      const HEADER = [
        'Child forename',
        'Child surname',
        'Date of birth',
        'Start date',
        'Allergies',
        'Sessions',
        'Contact 1 forename',
        'Contact 1 surname',
        'Contact 1 e-mail',
        'Contact 1 may collect',
        'Contact 2 forename',
        'Contact 2 surname',
        'Contact 2 e-mail',
      ];
      const ROW = [
        'Cara',
        'Reimport',
        '05/05/2022',
        '01/09/2025',
        'Peanuts',
        'Mon Morning',
        'Rhea',
        'Reimport-Parent',
        'rhea.reimport@example.org',
        'Yes',
        '',
        '',
        '',
      ];
      const fileWith = (change: Record<number, string>) =>
        csv([HEADER, ROW.map((cell, i) => change[i] ?? cell)]);
      const state = async () => ({
        child: (
          await t.database.query<{ allergies: string }>(
            `select allergies from children where surname = 'Reimport'`,
          )
        )[0],
        patterns: await count(`select count(*)::int n from booking_patterns p join children c
          on c.provider_id = p.provider_id and c.id = p.child_id where c.surname = 'Reimport'`),
        links: await count(`select count(*)::int n from child_contacts cc join children c
          on c.provider_id = cc.provider_id and c.id = cc.child_id where c.surname = 'Reimport'`),
        auditLog: await count('select count(*)::int n from audit_log'),
        recordAudit: await count(`select count(*)::int n from record_audit where operation <> 'read'`),
        bookings: (
          await t.database.query<{ changed: string }>(
            `select coalesce(max(b.updated_at)::text, '') || '/' || coalesce(sum(b.version), 0) changed
             from bookings b join children c on c.provider_id = b.provider_id and c.id = b.child_id
             where c.surname = 'Reimport'`,
          )
        )[0]!.changed,
      });
      const actions = async (file: string) =>
        ((await preview(manager, { kind: 'children', siteID, csv: file })).json() as Preview).rows.map(
          (r) => r.action,
        );

      it('an identical file is unchanged and writes nothing, audit rows and bookings included', async () => {
        const file = fileWith({});
        expect((await run(manager, { kind: 'children', siteID, csv: file })).json()).toMatchObject({
          created: 1,
        });
        const before = await state();
        expect(before).toMatchObject({ child: { allergies: 'Peanuts' }, patterns: 1, links: 1 });
        expect(await actions(file)).toEqual(['unchanged']);
        expect((await run(manager, { kind: 'children', siteID, csv: file })).json()).toEqual({
          created: 0,
          updated: 0,
          unchanged: 1,
        });
        expect(await state()).toEqual(before);
      });

      it('changed allergies are an update, and written', async () => {
        const file = fileWith({ 4: 'Peanuts and sesame' });
        expect(await actions(file)).toEqual(['update']);
        expect((await run(manager, { kind: 'children', siteID, csv: file })).json()).toEqual({
          created: 0,
          updated: 1,
          unchanged: 0,
        });
        expect((await state()).child).toEqual({ allergies: 'Peanuts and sesame' });
        expect(await actions(file)).toEqual(['unchanged']);
      });

      it('an added session is an update, and booked', async () => {
        const file = fileWith({ 4: 'Peanuts and sesame', 5: 'Mon Morning; Fri Full day' });
        expect(await actions(file)).toEqual(['update']);
        expect((await run(manager, { kind: 'children', siteID, csv: file })).json()).toMatchObject({
          updated: 1,
        });
        expect((await state()).patterns).toBe(2);
        expect(await actions(file)).toEqual(['unchanged']);
      });

      it('an added parent, or a changed "may collect", is an update, and written', async () => {
        const base = { 4: 'Peanuts and sesame', 5: 'Mon Morning; Fri Full day' };
        const file = fileWith({
          ...base,
          10: 'Ravi',
          11: 'Reimport-Parent',
          12: 'ravi.reimport@example.org',
        });
        expect(await actions(file)).toEqual(['update']);
        await run(manager, { kind: 'children', siteID, csv: file });
        expect((await state()).links).toBe(2);
        expect(await actions(file)).toEqual(['unchanged']);
        const noCollect = fileWith({
          ...base,
          9: 'No',
          10: 'Ravi',
          11: 'Reimport-Parent',
          12: 'ravi.reimport@example.org',
        });
        expect(await actions(noCollect)).toEqual(['update']);
        await run(manager, { kind: 'children', siteID, csv: noCollect });
        const [link] = await t.database.query<{ can_collect: boolean }>(
          `select cc.can_collect from child_contacts cc join people p on p.provider_id = cc.provider_id
           join contacts ct on ct.provider_id = cc.provider_id and ct.id = cc.contact_id and ct.person_id = p.id
           where p.email = 'rhea.reimport@example.org'`,
        );
        expect(link).toEqual({ can_collect: false });
        expect(await actions(noCollect)).toEqual(['unchanged']);
      });
    });

    it('adds members of staff with their invitation; a new member needs a role', async () => {
      const noRole = (
        await preview(manager, {
          kind: 'staff',
          siteID,
          csv: csv([
            ['Forename', 'Surname', 'E-mail'],
            ['Robin', 'Norole', 'robin.norole@example.org'],
          ]),
        })
      ).json() as Preview;
      expect(noRole.rows[0]!.problems).toEqual([{ column: 'Role', code: 'this-field-is-required' }]);
      const file = csv([
        ['Forename', 'Surname', 'E-mail', 'Role', 'Job title'],
        ['Sam', 'Imported', 'sam.imported@example.org', 'Practitioner', 'Nursery practitioner'],
      ]);
      const answer = await run(manager, { kind: 'staff', siteID, csv: file });
      expect([answer.statusCode, answer.json()]).toEqual([200, { created: 1, updated: 0, unchanged: 0 }]);
      expect(
        await count(`select count(*)::int n from email_outbox where "to" = 'sam.imported@example.org'`),
      ).toBe(1);
      const again = await run(manager, { kind: 'staff', siteID, csv: file });
      expect(again.json()).toEqual({ created: 0, updated: 0, unchanged: 1 });
      expect(
        await count(`select count(*)::int n from email_outbox where "to" = 'sam.imported@example.org'`),
      ).toBe(1);
    });

    it('answers 403 without the permission and 404 for another provider’s site', async () => {
      const body = { kind: 'children', siteID, csv: FILE };
      expect((await run(practitioner, body)).statusCode).toBe(403);
      expect((await run(otherManager, body)).statusCode).toBe(404);
    });
  });
});
