// The settings' contacts (issue 29): list with search and cursor, add, change, archive and restore, the
// links to children with the last-contact rule, the audited collection password; session 401, permission
// 403, another provider's and another site's contact 404, bad input 400 naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import { type Fixture, loadFixture } from '../events/event-fixtures.ts';

interface Link {
  childID: number;
  left: boolean;
  parentalResponsibility: boolean;
  removal: string;
}
interface Detail {
  id: number;
  forename: string;
  surname: string;
  archived: boolean;
  hasCollectionPassword: boolean;
  children: Link[];
  permittedActions: Record<string, boolean>;
}
interface Item {
  id: number;
  forename: string;
  surname: string;
  archived: boolean;
  children: { id: number }[];
}
interface List {
  contacts: Item[];
  nextCursor: string | null;
  permittedActions: { add: boolean };
}

const link = {
  priority: 1,
  parentalResponsibility: true,
  emergency: true,
  canCollect: true,
  canAddNotes: true,
};

describeEachDb('contacts', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let willow: number;
  const q = <T>(text: string) => t.database.query<T>(text);
  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { ...WRITE_HEADERS, cookie } });
  const list = async (query = '', cookie = f.manager) => {
    const res = await call(cookie, 'GET', `/api/v1/contacts${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as List;
  };
  const create = async (body: Record<string, unknown>) => {
    const res = await call(f.manager, 'POST', '/api/v1/contacts', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Detail;
  };
  /** A current child of a site with exactly `n` contacts. */
  const childWith = async (n: number, siteId: number) =>
    (
      await q<{ id: number }>(
        `select c.id from children c where c.provider_id = ${f.providerId} and c.site_id = ${siteId}
           and c.end_date is null
           and (select count(*) from child_contacts cc where cc.provider_id = c.provider_id and cc.child_id = c.id) = ${n}
         order by c.id limit 1`,
      )
    )[0]!.id;

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
    willow = (
      await q<{ id: number }>(
        `select id from sites where provider_id = ${f.providerId} and name = 'Willow Nursery'`,
      )
    )[0]!.id;
  });
  afterAll(() => t.close());

  it('lists the contacts by surname, pages by cursor without repeats, and searches name, e-mail and phone', async () => {
    const first = await list();
    expect(first.permittedActions).toEqual({ add: true });
    expect(first.contacts).toHaveLength(25);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`?cursor=${first.nextCursor}`);
    const names = [...first.contacts, ...second.contacts].map((c) => `${c.surname}\u0000${c.forename}`);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const ids = [...first.contacts, ...second.contacts].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const one = first.contacts[3]!;
    const [person] = await q<{ email: string | null; telmob: string | null }>(
      `select p.email, p.telmob from contacts ct join people p on p.provider_id = ct.provider_id and p.id = ct.person_id
       where ct.id = ${one.id}`,
    );
    const bySurname = await list(`?q=${encodeURIComponent(one.surname.toLowerCase())}`);
    expect(bySurname.contacts.map((c) => c.id)).toContain(one.id);
    if (person?.email)
      expect((await list(`?q=${encodeURIComponent(person.email)}`)).contacts.map((c) => c.id)).toContain(
        one.id,
      );
    if (person?.telmob) {
      const digits = person.telmob.replace(/\s+/g, '').slice(-6);
      expect((await list(`?q=${digits}`)).contacts.map((c) => c.id)).toContain(one.id);
    }
    expect((await list('?q=zzqqxxnobody')).contacts).toEqual([]);
    expect((await call(f.manager, 'GET', '/api/v1/contacts?cursor=nonsense')).statusCode).toBe(400);
  });

  it('adds a contact, changes it (audit names fields only), and refuses bad input naming the field', async () => {
    const made = await create({
      title: 'Mrs',
      forename: ' Ada ',
      surname: 'Quill',
      telmob: '07700 900123',
      type: 'Grandparent',
    });
    expect(made).toMatchObject({ forename: 'Ada', surname: 'Quill', archived: false, children: [] });
    expect((await list('?q=quill')).contacts.map((c) => c.id)).toEqual([made.id]);
    const changed = await call(f.manager, 'PUT', `/api/v1/contacts/${made.id}`, {
      forename: 'Ada',
      surname: 'Quill-Smith',
      postCode: 'BS1 4DJ',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      surname: 'Quill-Smith',
      postCode: 'BS1 4DJ',
      telmob: null,
      title: null,
    });
    const audit = await q<{ action: string; details: { fields?: string[] } }>(
      `select action, details from audit_log where entity = 'contact' and entity_id = '${made.id}' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['contact-created', 'contact-changed']);
    expect(audit[1]!.details.fields).toEqual(
      expect.arrayContaining(['surname', 'postCode', 'telmob', 'title', 'type']),
    );
    for (const [body, message] of [
      [{ forename: 'x'.repeat(51), surname: 'Q' }, 'forename: this-field-has-max-length-of'],
      [{ forename: 'A', surname: ' ' }, 'surname: this-field-is-required'],
      [{ forename: 'A', surname: 'Q', telhome: '1'.repeat(31) }, 'telhome: this-field-has-max-length-of'],
      [{ forename: 'A', surname: 'Q', postCode: 'x'.repeat(21) }, 'postCode: this-field-has-max-length-of'],
      [{ forename: 'A', surname: 'Q', email: 'nope' }, 'email: err-invalid-email'],
      [{ forename: 'A', surname: 'Q', type: 'Pirate' }, 'type:'],
    ] as const) {
      const res = await call(f.manager, 'PUT', `/api/v1/contacts/${made.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { err: { message: string } }).err.message).toContain(message);
    }
    expect((await call(f.manager, 'POST', '/api/v1/contacts', { forename: 'A' })).statusCode).toBe(400);
    expect((await call(f.manager, 'GET', '/api/v1/contacts/abc')).statusCode).toBe(400);
  });

  it('links a contact to a child: the emergency list shows it as it shows the demo contacts; the last contact stays', async () => {
    const child = await childWith(1, f.siteId);
    const made = await create({ forename: 'Rita', surname: 'Aardvark', telmob: '07700 900555' });
    const linked = await call(f.manager, 'PUT', `/api/v1/contacts/${made.id}/children/${child}`, {
      ...link,
      relationship: 'Aunt',
      priority: 2,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((linked.json() as Detail).children).toMatchObject([
      { childID: child, left: false, parentalResponsibility: true, removal: 'allowed' },
    ]);
    const emergency = (
      await call(f.practitioner, 'GET', `/api/v1/sites/${f.siteId}/emergency-contacts`)
    ).json() as {
      children: {
        id: number;
        contacts: { contactID: number; telmob: string | null; relationship: string | null }[];
      }[];
    };
    const shown = emergency.children.find((c) => c.id === child)!.contacts;
    expect(shown.map((c) => c.contactID)).toContain(made.id);
    expect(shown.find((c) => c.contactID === made.id)).toMatchObject({
      telmob: '07700 900555',
      relationship: 'Aunt',
    });
    // The child's demo contact went first (priority 1); removing it leaves Rita, whose removal is then refused.
    const [demo] = await q<{ contact_id: number }>(
      `select contact_id from child_contacts where provider_id = ${f.providerId} and child_id = ${child} and contact_id <> ${made.id}`,
    );
    expect(
      (await call(f.manager, 'DELETE', `/api/v1/contacts/${demo!.contact_id}/children/${child}`)).statusCode,
    ).toBe(200);
    const rita = (await call(f.manager, 'GET', `/api/v1/contacts/${made.id}`)).json() as Detail;
    expect(rita.children[0]!.removal).toBe('last-contact');
    const last = await call(f.manager, 'DELETE', `/api/v1/contacts/${made.id}/children/${child}`);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ err: { code: 'err-last-contact-of-child' } });
    const archive = await call(f.manager, 'PUT', `/api/v1/contacts/${made.id}/archived`, { archived: true });
    expect(archive.statusCode).toBe(409);
    expect(archive.json()).toMatchObject({
      err: { code: 'err-only-contact-of-child', children: [{ id: child }] },
    });
    // Put the demo contact back: Rita can go now, and archiving her ends her link in one transaction.
    expect(
      (await call(f.manager, 'PUT', `/api/v1/contacts/${demo!.contact_id}/children/${child}`, link))
        .statusCode,
    ).toBe(200);
    const archived = await call(f.manager, 'PUT', `/api/v1/contacts/${made.id}/archived`, { archived: true });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({
      archived: true,
      children: [],
      permittedActions: { edit: false, restore: true },
    });
    expect((await list('?q=aardvark')).contacts).toEqual([]);
    expect((await list('?q=aardvark&archived=true')).contacts).toMatchObject([
      { id: made.id, archived: true },
    ]);
    expect(
      (await call(f.manager, 'PUT', `/api/v1/contacts/${made.id}/children/${child}`, link)).statusCode,
    ).toBe(409);
    const restored = await call(f.manager, 'PUT', `/api/v1/contacts/${made.id}/archived`, {
      archived: false,
    });
    expect(restored.json()).toMatchObject({ archived: false, children: [] });
    expect((await list('?q=aardvark')).contacts.map((c) => c.id)).toEqual([made.id]);
  });

  it('warns before the last contact with parental responsibility goes', async () => {
    const child = await childWith(1, f.siteId);
    const other = await create({ forename: 'Pat', surname: 'Zebedee' });
    await call(f.manager, 'PUT', `/api/v1/contacts/${other.id}/children/${child}`, {
      ...link,
      parentalResponsibility: false,
    });
    await q(
      `update child_contacts set parental_responsibility = true where provider_id = ${f.providerId} and child_id = ${child} and contact_id <> ${other.id}`,
    );
    const [demo] = await q<{ contact_id: number }>(
      `select contact_id from child_contacts where provider_id = ${f.providerId} and child_id = ${child} and contact_id <> ${other.id}`,
    );
    const detail = (await call(f.manager, 'GET', `/api/v1/contacts/${demo!.contact_id}`)).json() as Detail;
    expect(detail.children.find((l) => l.childID === child)!.removal).toBe('last-parental-responsibility');
  });

  it('keeps the collection password out of answers and audit, and reveals it on its own audited call', async () => {
    const made = await create({ forename: 'Col', surname: 'Lector', collectionPassword: 'blue giraffe' });
    expect(made.hasCollectionPassword).toBe(true);
    expect(JSON.stringify(made)).not.toContain('blue giraffe');
    expect(JSON.stringify(await list('?q=lector'))).not.toContain('blue giraffe');
    const shown = await call(f.manager, 'GET', `/api/v1/contacts/${made.id}/collection-password`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.json()).toEqual({ collectionPassword: 'blue giraffe' });
    // Changing other fields keeps it; null clears it.
    await call(f.manager, 'PUT', `/api/v1/contacts/${made.id}`, {
      forename: 'Col',
      surname: 'Lector',
      telmob: '1',
    });
    expect((await call(f.manager, 'GET', `/api/v1/contacts/${made.id}/collection-password`)).json()).toEqual({
      collectionPassword: 'blue giraffe',
    });
    const cleared = await call(f.manager, 'PUT', `/api/v1/contacts/${made.id}`, {
      forename: 'Col',
      surname: 'Lector',
      collectionPassword: null,
    });
    expect(cleared.json()).toMatchObject({ hasCollectionPassword: false });
    const audit = await q<{ action: string; details: unknown }>(
      `select action, details from audit_log where entity = 'contact' and entity_id = '${made.id}' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'contact-created',
      'contact-collection-password-read',
      'contact-changed',
      'contact-collection-password-read',
      'contact-changed',
    ]);
    expect(JSON.stringify(audit)).not.toContain('blue giraffe');
    const tooLong = await call(f.manager, 'PUT', `/api/v1/contacts/${made.id}`, {
      forename: 'Col',
      surname: 'Lector',
      collectionPassword: 'x'.repeat(51),
    });
    expect(tooLong.json()).toMatchObject({
      err: { message: 'collectionPassword: this-field-has-max-length-of' },
    });
  });

  it('a GDPR erasure of the contact removes its collection password', async () => {
    const made = await create({ forename: 'Era', surname: 'Sure', collectionPassword: 'door word' });
    const [row] = await q<{ person_id: number }>(`select person_id from contacts where id = ${made.id}`);
    const [creator] = await q<{ id: number }>(
      `select id from user_accounts where email = 'practitioner@example.org'`,
    );
    const [request] = await q<{ id: number }>(
      `insert into gdpr_erasure_requests (provider_id, person_id, creator_user_id)
       values (${f.providerId}, ${row!.person_id}, ${creator!.id}) returning id`,
    );
    const res = await call(f.manager, 'PUT', `/api/v1/gdpr-erasure-requests/${request!.id}`, {
      approved: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await q<{ collection_password: string | null }>(
      `select collection_password from contacts where id = ${made.id}`,
    );
    expect(after!.collection_password).toBeNull();
  });

  it('answers 401 without a session, 403 without the permission, and lets door staff read the password', async () => {
    expect((await t.app.inject({ url: '/api/v1/contacts' })).statusCode).toBe(401);
    const [oakContact] = await q<{ id: number }>(
      `select cc.contact_id as id from child_contacts cc join children c on c.provider_id = cc.provider_id and c.id = cc.child_id
       where cc.provider_id = ${f.providerId} and c.site_id = ${f.siteId} order by 1 limit 1`,
    );
    for (const [method, url] of [
      ['GET', '/api/v1/contacts'],
      ['POST', '/api/v1/contacts'],
      ['GET', `/api/v1/contacts/${oakContact!.id}`],
      ['PUT', `/api/v1/contacts/${oakContact!.id}/archived`],
      ['GET', '/api/v1/contact-child-choices'],
    ] as const) {
      const res = await call(
        f.practitioner,
        method,
        url,
        method === 'GET' ? undefined : { forename: 'A', surname: 'B', archived: true },
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // viewChildContacts (the practitioner) reads a collection password at the door.
    expect(
      (await call(f.practitioner, 'GET', `/api/v1/contacts/${oakContact!.id}/collection-password`))
        .statusCode,
    ).toBe(200);
  });

  it('answers 404 for another provider’s contact or child and for a contact of another site only', async () => {
    const [mine] = await q<{ id: number }>(
      `select cc.contact_id as id from child_contacts cc join children c on c.provider_id = cc.provider_id and c.id = cc.child_id
       where cc.provider_id = ${f.providerId} and c.site_id = ${f.siteId} order by 1 limit 1`,
    );
    for (const [method, url, body] of [
      ['GET', `/api/v1/contacts/${mine!.id}`, undefined],
      ['PUT', `/api/v1/contacts/${mine!.id}`, { forename: 'A', surname: 'B' }],
      ['PUT', `/api/v1/contacts/${mine!.id}/archived`, { archived: true }],
      ['GET', `/api/v1/contacts/${mine!.id}/collection-password`, undefined],
      ['DELETE', `/api/v1/contacts/${mine!.id}/children/${f.kids[0]!.id}`, undefined],
      ['PUT', `/api/v1/contacts/${mine!.id}/children/${f.kids[0]!.id}`, link],
    ] as const) {
      const res = await call(f.other, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await list('', f.other)).contacts.map((c) => c.id)).not.toContain(mine!.id);
    // The manager's own contact linked to the other provider's child: 404 too.
    expect(
      (await call(f.manager, 'PUT', `/api/v1/contacts/${mine!.id}/children/${f.otherChild}`, link))
        .statusCode,
    ).toBe(404);
    // A contact of Willow children only: the Oak Tree practitioner (given settingsContacts) cannot reach it.
    const [willowOnly] = await q<{ id: number }>(
      `select cc.contact_id as id from child_contacts cc
       where cc.provider_id = ${f.providerId}
       group by cc.contact_id
       having bool_and(exists (select 1 from children c where c.provider_id = cc.provider_id and c.id = cc.child_id and c.site_id = ${willow}))
       order by 1 limit 1`,
    );
    await q(
      `update roles set permissions = array_append(permissions, 'settingsContacts') where provider_id = ${f.providerId} and name = 'Practitioner'`,
    );
    try {
      const own = await list('', f.practitioner);
      expect(own.contacts.map((c) => c.id)).not.toContain(willowOnly!.id);
      expect((await call(f.practitioner, 'GET', `/api/v1/contacts/${willowOnly!.id}`)).statusCode).toBe(404);
      expect(
        (await call(f.practitioner, 'GET', `/api/v1/contacts/${willowOnly!.id}/collection-password`))
          .statusCode,
      ).toBe(404);
      const willowChild = await childWith(1, willow);
      expect(
        (await call(f.practitioner, 'PUT', `/api/v1/contacts/${mine!.id}/children/${willowChild}`, link))
          .statusCode,
      ).toBe(404);
      const choices = (await call(f.practitioner, 'GET', '/api/v1/contact-child-choices')).json() as {
        children: { id: number; siteName: string }[];
      };
      expect(choices.children.length).toBeGreaterThan(0);
      expect(choices.children.map((c) => c.id)).not.toContain(willowChild);
    } finally {
      await q(
        `update roles set permissions = array_remove(permissions, 'settingsContacts') where provider_id = ${f.providerId} and name = 'Practitioner'`,
      );
    }
    const managerChoices = (
      await call(f.manager, 'GET', `/api/v1/contact-child-choices?q=${encodeURIComponent('zzqq')}`)
    ).json();
    expect(managerChoices).toEqual({ children: [] });
  });
});

describe('contacts contract', () => {
  it('is registered under settings', async () => {
    const { routes } = await import('@nursery/domain/common');
    expect(routes.listContacts).toEqual({ method: 'GET', path: '/api/v1/contacts' });
  });
});
