// The import preview (issue 29 "Moving in"): every row's problems by spreadsheet row before anything is
// written, rows matched by their stable key (a second import of the same file changes nothing), and
// the session, permission, site and bad-input answers.
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginAs,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

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
});
