// GraphQL updateMedicationEvent, medicationEvent and medicationSetup (spec 002 §3-§5, §7; issue 31): an
// add with its three signatures, the edit round trip with its history details, each refusal with its
// code, the immutability of a published record on every write path, and the permission and site rules.
import { randomUUID } from 'node:crypto';
import type { MedicationRecord } from '@nursery/domain/events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROBE_PNG } from '../../security/probe-kit.ts';
import { describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import {
  type Fixture,
  loadFixture,
  newSave,
  saveRequest,
  transitionRequest,
} from '../events/event-fixtures.ts';

const SAVE = `mutation Save($input: UpdateMedicationEventInput!) {
  updateMedicationEvent(input: $input) { id version statusID created } }`;
const LOAD = `query Load($id: Int!) { medicationEvent(id: $id) {
  id raised notes childID typeID codeID statusID version siteID
  medicationInfo { name type form dosage strength frequency expiryDate storageAndDisposalInstructions }
  signatures { id signatureType personID staffID contactID forename surname imageUrl created }
  permittedActions { saveAs edit addConsent viewHistory } } }`;
const SETUP = `query Setup($siteID: Int, $childID: Int) { medicationSetup(siteID: $siteID, childID: $childID) {
  siteID typeID codes { id value } canAdd saveAs staff { id personID forename surname hasImage }
  child { id forename surname siteID allergies medicalNotes }
  contacts { id personID forename surname relation hasImage } recentDoses { eventID name raised frequency } } }`;

type GqlError = { message: string; extensions: { code: string } };

describeEachDb('medication records (updateMedicationEvent)', (kind) => {
  let t: TestApp;
  let f: Fixture;
  /** An Oak Tree child with two contacts, two members of Oak Tree staff, one of Willow only. */
  let child: number;
  let contacts: number[];
  let staff: number[];
  let willowStaff: number;
  let willowChild: number;
  let willow: number;
  let typeId: number;
  let codeId: number;
  const q = <T>(text: string) => t.database.query<T>(text);
  const anHourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

  const gql = (cookie: string, query: string, variables: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...WRITE_HEADERS, cookie },
      payload: { query, variables },
    });
  const save = (cookie: string, input: Record<string, unknown>) => gql(cookie, SAVE, { input });
  const errorOf = (res: { json(): { errors?: GqlError[] } }) => res.json().errors?.[0];
  const codeOf = async (cookie: string, input: Record<string, unknown>) => {
    const res = await save(cookie, input);
    return errorOf(res)?.extensions.code ?? `no error: ${res.body}`;
  };

  const sig = (signatureType: string, personID: number, dataUrl: string | null = PROBE_PNG) => ({
    signatureType,
    personID,
    dataUrl,
  });
  const record = (over: Record<string, unknown> = {}) => ({
    id: null,
    raised: anHourAgo(),
    notes: 'Given after lunch.',
    childIDs: [child],
    codeID: codeId,
    status: 1,
    medicationInfo: {
      name: 'Calpol',
      type: 'NonPrescribed',
      form: 'Liquid',
      dosage: '5 ml',
      strength: '120 mg/5 ml',
      frequency: 'every 4 hours',
      expiryDate: '2099-01-31',
      storageAndDisposalInstructions: 'Fridge.',
    },
    signatures: [sig('AdministeredBy', staff[0]!)],
    ...over,
  });
  const published = () =>
    record({
      status: 5,
      signatures: [sig('AdministeredBy', staff[0]!), sig('Witness', staff[1]!), sig('Consent', contacts[0]!)],
    });
  async function saved(cookie: string, input: Record<string, unknown>) {
    const res = await save(cookie, input);
    const data = res.json().data?.updateMedicationEvent;
    expect(data, res.body).toBeTruthy();
    return data as { id: number; version: number; statusID: number; created: boolean };
  }
  const load = async (cookie: string, id: number) => {
    const res = await gql(cookie, LOAD, { id });
    return res.json() as { data?: { medicationEvent: MedicationRecord }; errors?: GqlError[] };
  };

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
    typeId = f.type('medication');
    codeId = f.code('medication', 'medication');
    const withContacts = await q<{ child_id: number; contact_id: number }>(
      `select cc.child_id, cc.contact_id from child_contacts cc join children c on c.provider_id = cc.provider_id and c.id = cc.child_id
       where c.provider_id = ${f.providerId} and c.site_id = ${f.siteId}
         and (select count(*) from child_contacts x where x.provider_id = cc.provider_id and x.child_id = cc.child_id) >= 2
       order by cc.child_id, cc.contact_id`,
    );
    child = withContacts[0]!.child_id;
    contacts = withContacts.filter((r) => r.child_id === child).map((r) => r.contact_id);
    await q(
      `update children set allergies = 'Peanuts', medical_notes = 'Asthma' where provider_id = ${f.providerId} and id = ${child}`,
    );
    staff = (
      await q<{ id: number }>(
        `select id from staff where provider_id = ${f.providerId} and site_id = ${f.siteId} and end_date is null order by id limit 3`,
      )
    ).map((r) => r.id);
    willow = (
      await q<{ id: number }>(
        `select id from sites where provider_id = ${f.providerId} and id <> ${f.siteId} order by id limit 1`,
      )
    )[0]!.id;
    willowStaff = (
      await q<{ id: number }>(
        `select s.id from staff s where s.provider_id = ${f.providerId} and s.site_id = ${willow}
           and not exists (select 1 from staff_sites ss where ss.provider_id = s.provider_id and ss.staff_id = s.id and ss.site_id = ${f.siteId})
         order by s.id limit 1`,
      )
    )[0]!.id;
    willowChild = (
      await q<{ id: number }>(
        `select id from children where provider_id = ${f.providerId} and site_id = ${willow} order by id limit 1`,
      )
    )[0]!.id;
  });
  afterAll(() => t.close());

  it('adds a published record with its three signatures, each image served', async () => {
    const out = await saved(f.manager, published());
    expect(out).toMatchObject({ statusID: 5, created: true, version: expect.any(Number) });
    const { data } = await load(f.manager, out.id);
    const r = data!.medicationEvent;
    expect(r).toMatchObject({
      id: out.id,
      childID: child,
      typeID: typeId,
      codeID: codeId,
      statusID: 5,
      siteID: f.siteId,
    });
    expect(r.medicationInfo).toEqual(record().medicationInfo);
    expect(r.signatures.map((s: { signatureType: string }) => s.signatureType).sort()).toEqual([
      'AdministeredBy',
      'Consent',
      'Witness',
    ]);
    const consent = r.signatures.find((s: { signatureType: string }) => s.signatureType === 'Consent');
    expect(consent).toMatchObject({ contactID: contacts[0], staffID: null });
    // A published record is not editable; a parent has signed, so no Consent is offered either.
    expect(r.permittedActions).toEqual({ saveAs: [], edit: false, addConsent: false, viewHistory: true });
    for (const s of r.signatures) {
      const image = await t.app.inject({ url: s.imageUrl, headers: { cookie: f.manager } });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toContain('image/png');
    }
  });

  it('keeps every change before publishing in the history, with the old and new values and the signatures', async () => {
    // One date and time throughout: only what the test changes differs.
    const raised = anHourAgo();
    const draft = await saved(f.manager, record({ raised }));
    expect(draft).toMatchObject({ statusID: 1, created: true });
    const first = (await load(f.manager, draft.id)).data!.medicationEvent;
    expect(first.permittedActions).toMatchObject({ edit: true, addConsent: true, saveAs: [3, 4, 5] });
    const edited = await saved(f.manager, {
      ...record({ raised, id: draft.id, version: draft.version, status: 3 }),
      medicationInfo: { ...record().medicationInfo, dosage: '7.5 ml', frequency: null },
      signatures: [sig('AdministeredBy', staff[0]!, null), sig('Witness', staff[1]!)],
    });
    expect(edited).toMatchObject({ id: draft.id, statusID: 3, created: false, version: draft.version + 1 });
    // Another witness draws again: the stored one is replaced.
    const again = await saved(f.manager, {
      ...record({ raised, id: draft.id, version: edited.version, status: 3 }),
      medicationInfo: { ...record().medicationInfo, dosage: '7.5 ml', frequency: null },
      signatures: [sig('AdministeredBy', staff[0]!, null), sig('Witness', staff[2]!)],
    });
    const history = await t.app.inject({
      url: `/api/v2/events/${draft.id}/history`,
      headers: { cookie: f.manager },
    });
    expect(history.statusCode).toBe(200);
    const [last, edit, created] = history.json();
    expect(created).toMatchObject({ action: 'create', statusID: 1 });
    expect(created.changes).toEqual(expect.arrayContaining([{ field: 'name', from: null, to: 'Calpol' }]));
    expect(created.signatures).toEqual([
      expect.objectContaining({ signatureType: 'AdministeredBy', change: 'added', previous: null }),
    ]);
    expect(edit).toMatchObject({ action: 'transition', fromStatusID: 1, statusID: 3 });
    expect(edit.fields).toEqual(['dosage', 'frequency']);
    expect(edit.changes).toEqual([
      { field: 'dosage', from: '5 ml', to: '7.5 ml' },
      { field: 'frequency', from: 'every 4 hours', to: null },
    ]);
    expect(edit.signatures).toEqual([expect.objectContaining({ signatureType: 'Witness', change: 'added' })]);
    expect(last).toMatchObject({ action: 'update', changes: [] });
    expect(last.signatures).toEqual([
      expect.objectContaining({
        signatureType: 'Witness',
        change: 'replaced',
        previous: edit.signatures[0].signer,
      }),
    ]);
    expect(again.version).toBe(edited.version + 1);
    // Signers are named as they are now (an erased person's anonymised name, never an old copy).
    const witness = (
      await q<{ person_id: number }>(
        `select person_id from staff where provider_id = ${f.providerId} and id = ${staff[1]}`,
      )
    )[0]!;
    const { forename } = (
      await q<{ forename: string }>(
        `select forename from people where provider_id = ${f.providerId} and id = ${witness.person_id}`,
      )
    )[0]!;
    expect(edit.signatures[0].signer).toMatch(new RegExp(`^${forename} `));
    await q(
      `update people set forename = 'Renamed' where provider_id = ${f.providerId} and id = ${witness.person_id}`,
    );
    const renamed = (
      await t.app.inject({ url: `/api/v2/events/${draft.id}/history`, headers: { cookie: f.manager } })
    ).json();
    expect(renamed[1].signatures[0].signer).toMatch(/^Renamed /);
    await q(
      `update people set forename = '${forename.replaceAll("'", "''")}' where provider_id = ${f.providerId} and id = ${witness.person_id}`,
    );
    // Removing a signature is recorded too.
    const removed = await saved(f.manager, {
      ...record({ raised, id: draft.id, version: again.version, status: 3 }),
      signatures: [sig('AdministeredBy', staff[0]!, null)],
    });
    const [latest] = (
      await t.app.inject({ url: `/api/v2/events/${removed.id}/history`, headers: { cookie: f.manager } })
    ).json();
    expect(latest.signatures).toEqual([
      expect.objectContaining({ signatureType: 'Witness', change: 'removed', signer: null }),
    ]);
  });

  it('refuses what the rules refuse, each with its code', async () => {
    const m = f.manager;
    const info = record().medicationInfo;
    expect(await codeOf(m, record({ status: 5 }))).toBe('err-medication-unsigned');
    expect(
      await codeOf(
        m,
        record({ status: 5, signatures: [sig('AdministeredBy', staff[0]!), sig('Consent', contacts[0]!)] }),
      ),
    ).toBe('err-medication-unsigned');
    expect(await codeOf(m, record({ signatures: [sig('Witness', staff[1]!)] }))).toBe(
      'err-witness-before-staff',
    );
    expect(
      await codeOf(m, record({ signatures: [sig('AdministeredBy', staff[0]!), sig('Witness', staff[0]!)] })),
    ).toBe('err-signer-twice');
    expect(
      await codeOf(
        m,
        record({ signatures: [sig('AdministeredBy', staff[0]!), sig('AdministeredBy', staff[1]!)] }),
      ),
    ).toBe('err-invalid-request');
    expect(await codeOf(m, record({ signatures: [sig('AdministeredBy', willowStaff)] }))).toBe(
      'err-signer-not-at-site',
    );
    const notContact = (
      await q<{ id: number }>(
        `select id from contacts where provider_id = ${f.providerId} and id not in (select contact_id from child_contacts where provider_id = ${f.providerId} and child_id = ${child}) order by id limit 1`,
      )
    )[0]!.id;
    expect(await codeOf(m, record({ signatures: [sig('Consent', notContact)] }))).toBe(
      'err-consent-not-contact',
    );
    expect(await codeOf(m, record({ signatures: [sig('AdministeredBy', staff[0]!, null)] }))).toBe(
      'err-signature-missing',
    );
    expect(await codeOf(m, record({ medicationInfo: { ...info, expiryDate: '2020-01-01' } }))).toBe(
      'err-medication-expired',
    );
    expect(await codeOf(m, record({ medicationInfo: { ...info, name: '   ' } }))).toBe('err-invalid-request');
    expect(await codeOf(m, record({ medicationInfo: { ...info, name: 'x'.repeat(51) } }))).toBe(
      'err-invalid-request',
    );
    expect(await codeOf(m, record({ medicationInfo: { ...info, dosage: '' } }))).toBe('err-invalid-request');
    expect(await codeOf(m, record({ notes: 'x'.repeat(1501) }))).toBe('err-invalid-request');
    expect(await codeOf(m, record({ childIDs: [child, f.kids[0]!.id] }))).toBe('err-invalid-request');
    expect(await codeOf(m, record({ status: 6 }))).toBe('err-invalid-request');
    expect(await codeOf(m, record({ raised: '2000-12-31T10:00:00.000Z' }))).toBe('err-medication-invalid');
    expect(await codeOf(m, record({ raised: new Date(Date.now() + 86_400_000).toISOString() }))).toBe(
      'err-future-date',
    );
    expect(
      await codeOf(
        m,
        record({ signatures: [sig('AdministeredBy', staff[0]!, 'data:image/png;base64,AAAA')] }),
      ),
    ).toBe('err-invalid-request');
    // A version read before another save: a conflict, not an overwrite.
    const draft = await saved(m, record());
    await saved(m, record({ id: draft.id, version: draft.version, notes: 'First.' }));
    expect(await codeOf(m, record({ id: draft.id, version: draft.version, notes: 'Second.' }))).toBe(
      'err-conflict',
    );
    // The child of a stored record does not change.
    expect(
      await codeOf(m, record({ id: draft.id, version: draft.version + 1, childIDs: [f.kids[0]!.id] })),
    ).toBe('err-child-locked');
  });

  it('an add sent twice with its uuid is stored once (the outbox replay)', async () => {
    const uuid = randomUUID();
    const first = await saved(f.manager, record({ uuid }));
    const second = await saved(f.manager, record({ uuid }));
    expect(second).toMatchObject({ id: first.id, version: first.version, created: true });
    const [{ n }] = await q<{ n: number }>(
      `select count(*)::int as n from events where provider_id = ${f.providerId} and save_uuid = '${uuid}'`,
    );
    expect(n).toBe(1);
  });

  it('a published record is refused on every write path with err-medication-published', async () => {
    const out = await saved(f.manager, published());
    const version = out.version;
    expect(await codeOf(f.manager, { ...published(), id: out.id, version, notes: 'Changed.' })).toBe(
      'err-medication-published',
    );
    // REST PUT api/v2/events/{id}.
    const put = await saveRequest(
      t,
      f.manager,
      newSave({ typeID: typeId, codeID: codeId, subjects: [child], version, statusID: 5 }),
      'PUT',
      `/api/v2/events/${out.id}`,
    );
    expect(put.statusCode, put.body).toBe(409);
    expect(put.json().err.code).toBe('err-medication-published');
    // GraphQL updateEvent (the Spotlight save).
    const spotlight = await gql(
      f.manager,
      `mutation { updateEvent(input: { id: ${out.id}, version: ${version}, type: snapshot, codeID: ${f.code('snapshot', 'snapshot')}, childIDs: [${child}], date: "2026-01-05", time: "10:00", notes: "x", gradings: [], bestFits: [], checkpointIDs: [], considerations: [], mediaTokens: [], statusID: 5 }) { ids } }`,
    );
    expect(errorOf(spotlight)?.extensions.code).toBe('err-medication-published');
    // The bulk transition (archive) and delete.
    for (const status of [4, 6, 1]) {
      const res = await transitionRequest(t, f.manager, [out.id], status);
      expect(res.json().results[0]).toMatchObject({
        id: out.id,
        ok: false,
        code: 'err-medication-published',
      });
    }
    // The sleep close's PUT with a status.
    const close = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/events/${out.id}`,
      headers: { ...WRITE_HEADERS, cookie: f.manager },
      payload: { date2: new Date().toISOString(), statusID: 4 },
    });
    expect(close.statusCode).toBe(409);
    const [{ status_id, v }] = await q<{ status_id: number; v: number }>(
      `select status_id, version as v from events where provider_id = ${f.providerId} and id = ${out.id}`,
    );
    expect({ status_id, v }).toEqual({ status_id: 5, v: version });
  });

  it('no other path publishes an unsigned record or saves one without its details', async () => {
    const draft = await saved(f.manager, record());
    const res = await transitionRequest(t, f.manager, [draft.id], 5);
    expect(res.json().results[0]).toMatchObject({
      ok: false,
      code: 'err-medication-unsigned',
      message: 'Witness signature must be added!',
    });
    const post = await saveRequest(
      t,
      f.manager,
      newSave({ typeID: typeId, codeID: codeId, subjects: [child] }),
    );
    expect(post.statusCode).toBe(400);
    expect(post.json().err.code).toBe('err-medication-editor');
    // A draft with both staff signatures may be published by the transition.
    const signed = await saved(
      f.manager,
      record({ signatures: [sig('AdministeredBy', staff[0]!), sig('Witness', staff[1]!)] }),
    );
    const ok = await transitionRequest(t, f.manager, [signed.id], 5);
    expect(ok.json().results[0]).toMatchObject({ ok: true, statusID: 5 });
  });

  it('medicationSetup: the site’s signers, the child’s contacts, record and recent doses', async () => {
    await saved(f.manager, record({ raised: new Date(Date.now() - 2 * 3_600_000).toISOString() }));
    const res = await gql(f.practitioner, SETUP, { siteID: f.siteId, childID: child });
    const setup = res.json().data?.medicationSetup;
    expect(setup, res.body).toBeTruthy();
    expect(setup).toMatchObject({ siteID: f.siteId, typeID: typeId, canAdd: true, codes: [{ id: codeId }] });
    // The practitioner drafts and sends for approval; she does not publish.
    expect(setup.saveAs).toEqual([1, 3]);
    expect(setup.staff.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining(staff));
    expect(setup.staff.map((s: { id: number }) => s.id)).not.toContain(willowStaff);
    expect(setup.child).toMatchObject({ id: child, allergies: 'Peanuts', medicalNotes: 'Asthma' });
    expect(setup.contacts.map((c: { id: number }) => c.id).sort()).toEqual([...contacts].sort());
    // The manager's records are published or drafts of another author: she sees the published ones.
    const mine = await saved(
      f.practitioner,
      record({ raised: new Date(Date.now() - 30 * 60_000).toISOString() }),
    );
    const again = (await gql(f.practitioner, SETUP, { siteID: f.siteId, childID: child })).json().data
      .medicationSetup;
    expect(again.recentDoses[0]).toMatchObject({
      eventID: mine.id,
      name: 'Calpol',
      frequency: 'every 4 hours',
    });
    const noChild = (await gql(f.practitioner, SETUP, {})).json().data.medicationSetup;
    expect(noChild).toMatchObject({ child: null, contacts: [], recentDoses: [] });
  });

  it('medicationChildSetups: many children of a site at once, as medicationSetup answers each', async () => {
    const CHILD_SETUPS = `query($siteID: Int, $childIDs: [Int!]!) { medicationChildSetups(siteID: $siteID, childIDs: $childIDs) {
      childID child { id allergies medicalNotes siteID } contacts { id personID forename relation } recentDoses { eventID name frequency } } }`;
    const dose = await saved(
      f.practitioner,
      record({ raised: new Date(Date.now() - 20 * 60_000).toISOString() }),
    );
    const [other] = await t.database.query<{ id: number }>(
      'select id from children where provider_id = $1 and site_id = $2 and id <> $3 order by id limit 1',
      [f.providerId, f.siteId, child],
    );
    const res = await gql(f.practitioner, CHILD_SETUPS, { childIDs: [other!.id, child, child] });
    const setups = res.json().data?.medicationChildSetups;
    expect(setups, res.body).toHaveLength(2);
    // In the order asked, each child once, each as medicationSetup answers that child.
    expect(setups.map((s: { childID: number }) => s.childID)).toEqual([other!.id, child]);
    const single = (await gql(f.practitioner, SETUP, { siteID: f.siteId, childID: child })).json().data
      .medicationSetup;
    expect(setups[1].child).toMatchObject({ id: child, allergies: 'Peanuts', medicalNotes: 'Asthma' });
    expect(setups[1].contacts.map((c: { id: number }) => c.id)).toEqual(
      single.contacts.map((c: { id: number }) => c.id),
    );
    expect(setups[1].recentDoses[0]).toMatchObject({ eventID: dose.id, name: 'Calpol' });
    expect(setups[1].recentDoses.map((d: { eventID: number }) => d.eventID)).toEqual(
      single.recentDoses.map((d: { eventID: number }) => d.eventID),
    );
    expect(setups[0].recentDoses.map((d: { eventID: number }) => d.eventID)).not.toContain(dose.id);
    // One child of another site (the practitioner works at Oak Tree only) hides the whole answer.
    expect(
      errorOf(await gql(f.practitioner, CHILD_SETUPS, { childIDs: [child, willowChild] }))?.extensions.code,
    ).toBe('err-not-found');
    expect(
      errorOf(await gql(f.practitioner, CHILD_SETUPS, { childIDs: [child, 2_147_483_000] }))?.extensions.code,
    ).toBe('err-not-found');
    // Bounded: at most 200 ids, at least one.
    const tooMany = Array.from({ length: 201 }, (_, i) => i + 1);
    expect(errorOf(await gql(f.practitioner, CHILD_SETUPS, { childIDs: tooMany }))?.extensions.code).toBe(
      'err-invalid-request',
    );
    expect(errorOf(await gql(f.practitioner, CHILD_SETUPS, { childIDs: [] }))?.extensions.code).toBe(
      'err-invalid-request',
    );
  });

  it('another site is not found; without enableEvents the user is refused', async () => {
    // The practitioner works at Oak Tree only.
    expect(await codeOf(f.practitioner, record({ childIDs: [willowChild] }))).toBe('err-not-found');
    const willowRecord = await saved(f.manager, {
      ...published(),
      childIDs: [willowChild],
      signatures: [],
      status: 1,
    });
    expect(errorOf(await gql(f.practitioner, LOAD, { id: willowRecord.id }))?.extensions.code).toBe(
      'err-not-found',
    );
    expect(errorOf(await gql(f.practitioner, SETUP, { siteID: willow }))?.extensions.code).toBe(
      'err-not-found',
    );
    expect(errorOf(await gql(f.practitioner, SETUP, { childID: willowChild }))?.extensions.code).toBe(
      'err-not-found',
    );
    // Another provider's manager: not found.
    expect(errorOf(await gql(f.other, LOAD, { id: willowRecord.id }))?.extensions.code).toBe('err-not-found');
    // The practitioner's role without enableEvents: 403 on every field.
    await q(
      `update roles set permissions = array_remove(permissions, 'enableEvents') where provider_id = ${f.providerId} and name = 'Practitioner'`,
    );
    try {
      const own = await gql(f.practitioner, SETUP, {});
      expect(own.statusCode).toBe(403);
      expect(errorOf(own)?.extensions.code).toBe('err-permission-denied');
      expect(await codeOf(f.practitioner, record())).toBe('err-permission-denied');
    } finally {
      await q(
        `update roles set permissions = array_append(permissions, 'enableEvents') where provider_id = ${f.providerId} and name = 'Practitioner'`,
      );
    }
    // The provider's flag off: refused alike.
    await q(
      `update providers set flags = flags || '{"enableEvents": false}'::jsonb where id = ${f.providerId}`,
    );
    try {
      expect(await codeOf(f.manager, record())).toBe('err-permission-denied');
    } finally {
      await q(
        `update providers set flags = flags || '{"enableEvents": true}'::jsonb where id = ${f.providerId}`,
      );
    }
  });
});
