// POST events/{id}/signatures on a medication record (issue 31): the signature order, the signers' rules,
// a parent's Consent after publishing (once), and the signature images' access: the event's visibility
// (another site's user, a role without the type's canView, another provider) answers 404.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROBE_PNG } from '../../security/probe-kit.ts';
import { describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import { type Fixture, loadFixture } from '../events/event-fixtures.ts';

const SAVE = `mutation Save($input: UpdateMedicationEventInput!) {
  updateMedicationEvent(input: $input) { id version statusID } }`;
const LOAD = `query Load($id: Int!) { medicationEvent(id: $id) { id version
  signatures { signatureType personID imageUrl } permittedActions { addConsent edit } } }`;

describeEachDb('medication signatures (POST events/{id}/signatures) and their images', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let child: number;
  let willowChild: number;
  /** Oak Tree staff: [staff id, person id]. */
  let staff: { id: number; person: number }[];
  let contactPerson: number;
  let strangerPerson: number;
  let codeId: number;
  const q = <T>(text: string) => t.database.query<T>(text);

  const gql = (cookie: string, query: string, variables: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...WRITE_HEADERS, cookie },
      payload: { query, variables },
    });
  const sign = (cookie: string, id: number, signatureType: string | undefined, personID: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/events/${id}/signatures`,
      headers: { ...WRITE_HEADERS, cookie },
      payload: { personID, signature: PROBE_PNG, ...(signatureType ? { signatureType } : {}) },
    });
  const refusal = async (res: Awaited<ReturnType<typeof sign>>) =>
    `${res.statusCode} ${res.json().err?.code}`;
  async function record(
    status: number,
    signatures: { signatureType: string; personID: number }[],
    childID = child,
  ) {
    const res = await gql(f.manager, SAVE, {
      input: {
        id: null,
        raised: new Date(Date.now() - 3_600_000).toISOString(),
        notes: null,
        childIDs: [childID],
        codeID: codeId,
        status,
        medicationInfo: { name: 'Piriton', type: 'Prescribed', dosage: '2.5 ml' },
        signatures: signatures.map((s) => ({ ...s, dataUrl: PROBE_PNG })),
      },
    });
    const saved = res.json().data?.updateMedicationEvent;
    expect(saved, res.body).toBeTruthy();
    return saved as { id: number; version: number };
  }
  const load = async (cookie: string, id: number) => (await gql(cookie, LOAD, { id })).json();

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
    codeId = f.code('medication', 'medication');
    const link = (
      await q<{ child_id: number; person_id: number }>(
        `select cc.child_id, ct.person_id from child_contacts cc
         join children c on c.provider_id = cc.provider_id and c.id = cc.child_id
         join contacts ct on ct.provider_id = cc.provider_id and ct.id = cc.contact_id
         where c.provider_id = ${f.providerId} and c.site_id = ${f.siteId} order by cc.child_id, ct.id limit 1`,
      )
    )[0]!;
    child = link.child_id;
    contactPerson = link.person_id;
    strangerPerson = (
      await q<{ person_id: number }>(
        `select ct.person_id from contacts ct where ct.provider_id = ${f.providerId}
           and not exists (select 1 from child_contacts cc where cc.provider_id = ct.provider_id and cc.contact_id = ct.id and cc.child_id = ${child})
         order by ct.id limit 1`,
      )
    )[0]!.person_id;
    staff = (
      await q<{ id: number; person_id: number }>(
        `select id, person_id from staff where provider_id = ${f.providerId} and site_id = ${f.siteId} and end_date is null order by id limit 2`,
      )
    ).map((s) => ({ id: s.id, person: s.person_id }));
    willowChild = (
      await q<{ id: number }>(
        `select id from children where provider_id = ${f.providerId} and site_id <> ${f.siteId} order by id limit 1`,
      )
    )[0]!.id;
  });
  afterAll(() => t.close());

  it('signs a draft in order: the staff member, then the witness, then a parent', async () => {
    const draft = await record(1, []);
    const m = f.manager;
    expect(await refusal(await sign(m, draft.id, 'Witness', staff[1]!.person))).toBe(
      '400 err-witness-before-staff',
    );
    const first = await sign(m, draft.id, 'AdministeredBy', staff[0]!.person);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      eventID: draft.id,
      signatureType: 'AdministeredBy',
      personID: staff[0]!.person,
    });
    expect(await refusal(await sign(m, draft.id, 'AdministeredBy', staff[1]!.person))).toBe(
      '409 err-already-signed',
    );
    expect(await refusal(await sign(m, draft.id, 'Witness', staff[0]!.person))).toBe('400 err-signer-twice');
    expect(await refusal(await sign(m, draft.id, 'Witness', contactPerson))).toBe(
      '400 err-signer-not-at-site',
    );
    expect((await sign(m, draft.id, 'Witness', staff[1]!.person)).statusCode).toBe(201);
    expect(await refusal(await sign(m, draft.id, 'Consent', strangerPerson))).toBe(
      '400 err-consent-not-contact',
    );
    expect(await refusal(await sign(m, draft.id, 'Parent', contactPerson))).toBe('400 err-invalid-request');
    // Without a type, a medication record takes a parent's Consent.
    expect((await sign(m, draft.id, undefined, contactPerson)).statusCode).toBe(201);
    const loaded = (await load(m, draft.id)).data.medicationEvent;
    expect(loaded.version).toBe(draft.version + 3);
    expect(loaded.signatures.map((s: { signatureType: string }) => s.signatureType)).toEqual([
      'AdministeredBy',
      'Witness',
      'Consent',
    ]);
    const history = (
      await t.app.inject({ url: `/api/v2/events/${draft.id}/history`, headers: { cookie: m } })
    ).json();
    expect(history[0]).toMatchObject({
      action: 'update',
      statusID: 1,
      signatures: [{ signatureType: 'Consent', change: 'added' }],
    });
    // A form open on the version before meets a conflict, not a lost signature.
    const stale = await gql(m, SAVE, {
      input: {
        id: draft.id,
        version: draft.version,
        raised: new Date(Date.now() - 3_600_000).toISOString(),
        childIDs: [child],
        codeID: codeId,
        status: 1,
        medicationInfo: { name: 'Piriton', type: 'Prescribed', dosage: '2.5 ml' },
        signatures: [],
      },
    });
    expect(stale.json().errors?.[0]?.extensions.code).toBe('err-conflict');
  });

  it('a published record takes only a parent’s Consent, once', async () => {
    const done = await record(5, [
      { signatureType: 'AdministeredBy', personID: staff[0]!.id },
      { signatureType: 'Witness', personID: staff[1]!.id },
    ]);
    expect((await load(f.manager, done.id)).data.medicationEvent.permittedActions).toEqual({
      addConsent: true,
      edit: false,
    });
    expect(await refusal(await sign(f.manager, done.id, 'Witness', staff[1]!.person))).toBe(
      '409 err-medication-published',
    );
    const consent = await sign(f.practitioner, done.id, 'Consent', contactPerson);
    expect(consent.statusCode, consent.body).toBe(201);
    expect(await refusal(await sign(f.manager, done.id, 'Consent', contactPerson))).toBe(
      '409 err-medication-published',
    );
    expect((await load(f.manager, done.id)).data.medicationEvent.permittedActions.addConsent).toBe(false);
    // An accident still takes only a parent's signature.
    const accident = (
      await q<{ id: number }>(
        `select e.id from events e join event_types et on et.provider_id = e.provider_id and et.id = e.type_id and et.tag = 'accident'
         where e.provider_id = ${f.providerId} and e.site_id = ${f.siteId} order by e.id limit 1`,
      )
    )[0]!.id;
    expect(await refusal(await sign(f.manager, accident, 'Witness', staff[0]!.person))).toBe(
      '400 err-invalid-request',
    );
  });

  it('signature images: another site, a role without the type’s canView and another provider are not found', async () => {
    const oak = await record(5, [
      { signatureType: 'AdministeredBy', personID: staff[0]!.id },
      { signatureType: 'Witness', personID: staff[1]!.id },
    ]);
    const willowStaff = (
      await q<{ id: number }>(
        `select s.id from staff s join children c on c.provider_id = s.provider_id and c.site_id = s.site_id
         where c.id = ${willowChild} and s.end_date is null order by s.id limit 1`,
      )
    )[0]!.id;
    const willow = await record(1, [{ signatureType: 'AdministeredBy', personID: willowStaff }], willowChild);
    const oakUrl = (await load(f.manager, oak.id)).data.medicationEvent.signatures[0].imageUrl as string;
    const willowUrl = (await load(f.manager, willow.id)).data.medicationEvent.signatures[0]
      .imageUrl as string;
    const image = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });
    expect((await image(f.manager, willowUrl)).statusCode).toBe(200);
    expect((await image(f.practitioner, oakUrl)).statusCode).toBe(200);
    // The practitioner works at Oak Tree only.
    expect((await image(f.practitioner, willowUrl)).statusCode).toBe(404);
    // Another provider's manager.
    expect((await image(f.other, oakUrl)).statusCode).toBe(404);
    // The practitioner's role without any event role on the medication type: no canView.
    const type = f.type('medication');
    const role = `(select id from roles where provider_id = ${f.providerId} and name = 'Practitioner')`;
    const kept = await q<Record<string, unknown>>(
      `select * from role_event_roles where provider_id = ${f.providerId} and role_id = ${role} and event_type_id = ${type}`,
    );
    await q(
      `delete from role_event_roles where provider_id = ${f.providerId} and role_id = ${role} and event_type_id = ${type}`,
    );
    try {
      expect((await image(f.practitioner, oakUrl)).statusCode).toBe(404);
      expect((await load(f.practitioner, oak.id)).errors?.[0]?.extensions.code).toBe('err-not-found');
      expect((await sign(f.practitioner, oak.id, 'Consent', contactPerson)).statusCode).toBe(404);
    } finally {
      for (const row of kept) {
        const cols = Object.keys(row);
        await q(
          `insert into role_event_roles (${cols.join(', ')}) values (${cols.map((c) => `'${String(row[c])}'`).join(', ')})`,
        );
      }
    }
    expect((await image(f.practitioner, oakUrl)).statusCode).toBe(200);
  });
});
