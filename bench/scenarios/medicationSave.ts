// The `medication save` scenario (issue 31: "medication save ≤ 50 ms"): the bench practitioner records a
// medication given to one child of their site through GraphQL updateMedicationEvent, with its three
// signatures (the administering staff member, a witness, a parent's Consent), each request with a fresh
// save uuid. Also: the SQL time of the save's inserts (rolled back), and removing the records it saved
// (and their signature images) so the kept dataset stays as generated.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import {
  eventHistory,
  eventMedication,
  eventSignatures,
  events,
} from '../../apps/server/src/db/schema/index.ts';
import { seqScannedRelations } from '../explain.ts';
import { logInBenchPractitioner } from './save.ts';

/** The notes of every medication bench save: how the clean-up finds them. */
export const MEDICATION_SAVE_MARKER = 'Bench medication save: 3 signatures.';
/** The limit on the server time's p95 (one connection), on either database. */
export const MEDICATION_SAVE_P95_LIMIT_MS = 50;

/** A 1×1 PNG: each signature is stored as drawn (checked, written to the media folder). */
const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const SAVE = `mutation Save($input: UpdateMedicationEventInput!) {
  updateMedicationEvent(input: $input) { id version statusID } }`;

export interface MedicationSaveContext {
  cookie: string;
  providerId: number;
  personId: number;
  staffId: number;
  siteId: number;
  childId: number;
  codeId: number;
  typeId: number;
  /** Two members of the site's staff (AdministeredBy, Witness) and a contact of the child (Consent). */
  signers: { administeredBy: number; witness: number; consent: number };
  maxEventId: number;
}

export async function setUpMedicationSave(
  database: Database,
  baseUrl: string,
  passwordHash: string,
): Promise<MedicationSaveContext> {
  const { cookie, me, siteId, providerId, person, q } = await logInBenchPractitioner(
    database,
    baseUrl,
    passwordHash,
  );
  // A child of the site with a contact (the parent's Consent).
  const [kid] = await q<{ child_id: number; contact_id: number }>(
    `select cc.child_id, cc.contact_id from child_contacts cc
       join children c on c.provider_id = cc.provider_id and c.id = cc.child_id
     where c.provider_id = $1 and c.site_id = $2 order by cc.child_id, cc.contact_id limit 1`,
    [providerId, siteId],
  );
  const staff = await q<{ id: number }>(
    `select id from staff where provider_id = $1 and site_id = $2 and end_date is null order by id limit 2`,
    [providerId, siteId],
  );
  const [code] = await q<{ type_id: number; code_id: number }>(
    `select t.id as type_id, c.id as code_id from event_types t
       join event_codes c on c.provider_id = t.provider_id and c.type_id = t.id
     where t.provider_id = $1 and t.tag = 'medication' and t.enabled and c.enabled order by c.sort_order, c.id limit 1`,
    [providerId],
  );
  if (!kid || staff.length < 2 || !code)
    throw new Error('no child with a contact, fewer than two staff, or no medication type and code');
  const [max] = await q<{ max: number }>(
    'select coalesce(max(id), 0)::int8 as max from events where provider_id = $1',
    [providerId],
  );
  return {
    cookie,
    providerId,
    personId: person!.person_id,
    staffId: me.staffID,
    siteId,
    childId: kid.child_id,
    codeId: code.code_id,
    typeId: code.type_id,
    signers: { administeredBy: staff[0]!.id, witness: staff[1]!.id, consent: kid.contact_id },
    maxEventId: Number(max!.max),
  };
}

/** The GraphQL body of one save (a fresh uuid each time: a replay would write nothing). */
export function medicationSaveBody(s: MedicationSaveContext, uuid: string = randomUUID()) {
  return {
    query: SAVE,
    variables: {
      input: {
        id: null,
        uuid,
        raised: new Date(Date.now() - 3_600_000).toISOString(),
        notes: MEDICATION_SAVE_MARKER,
        childIDs: [s.childId],
        codeID: s.codeId,
        status: 1,
        medicationInfo: {
          name: 'Calpol',
          type: 'NonPrescribed',
          form: 'Liquid',
          dosage: '5 ml',
          strength: '120 mg/5 ml',
          frequency: 'every 4 hours',
          expiryDate: '2099-12-31',
          storageAndDisposalInstructions: 'In the locked medicine cabinet.',
        },
        signatures: [
          { signatureType: 'AdministeredBy', personID: s.signers.administeredBy, dataUrl: SIGNATURE_PNG },
          { signatureType: 'Witness', personID: s.signers.witness, dataUrl: SIGNATURE_PNG },
          { signatureType: 'Consent', personID: s.signers.consent, dataUrl: SIGNATURE_PNG },
        ],
      },
    },
  };
}

/** One save; throws with the answer unless it saved the record (a broken input fails before any load). */
export async function medicationSaveOnce(baseUrl: string, s: MedicationSaveContext) {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'nursery', cookie: s.cookie },
    body: JSON.stringify(medicationSaveBody(s)),
  });
  const body = await res.text();
  const saved = res.status === 200 ? JSON.parse(body).data?.updateMedicationEvent : null;
  if (!saved?.id) throw new Error(`medication save: answered ${res.status} ${body.slice(0, 500)}`);
}

class Rollback extends Error {}

/**
 * EXPLAIN ANALYZE of the save's inserts (1 event, its medicationInfo, 3 signatures, 1 history row),
 * rolled back; median of runs.
 */
export async function medicationSaveSqlMs(database: Database, s: MedicationSaveContext, runs = 5) {
  const times: number[] = [];
  const seqScans = new Set<string>();
  const people = await database.query<{ staff: number | null; contact: number | null; person_id: number }>(
    `select id as staff, null::int as contact, person_id from staff where provider_id = $1 and id = any($2::int[])
     union all select null, id, person_id from contacts where provider_id = $1 and id = $3`,
    [s.providerId, [s.signers.administeredBy, s.signers.witness], s.signers.consent],
  );
  const personOf = (staff: number | null, contact: number | null) =>
    people.find((p) => (staff !== null ? p.staff === staff : p.contact === contact))!.person_id;
  for (let run = 0; run < runs; run++) {
    let total = 0;
    try {
      await database.db.transaction(async (tx) => {
        const explain = async (q: { getSQL(): ReturnType<typeof sql> }) => {
          const r = await tx.execute<{ 'QUERY PLAN': unknown }>(
            sql`explain (analyze, buffers off, format json) ${q.getSQL()}`,
          );
          const raw = r.rows[0]!['QUERY PLAN'];
          const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
            Plan: Parameters<typeof seqScannedRelations>[0];
            'Execution Time': number;
          }>;
          total += doc[0]!['Execution Time'];
          for (const rel of seqScannedRelations(doc[0]!.Plan)) seqScans.add(rel);
        };
        const uuid = randomUUID();
        const now = new Date();
        await explain(
          tx.insert(events).values({
            providerId: s.providerId,
            saveUuid: uuid,
            typeId: s.typeId,
            codeId: s.codeId,
            childId: s.childId,
            statusId: 1,
            siteId: s.siteId,
            authorPersonId: s.personId,
            authorStaffId: s.staffId,
            notes: MEDICATION_SAVE_MARKER,
            raised: now,
            createdAt: now,
            updatedAt: now,
          }),
        );
        const [made] = (
          await tx.execute<{ id: number }>(
            sql`select id::int8 as id from events where provider_id = ${s.providerId} and save_uuid = ${uuid}`,
          )
        ).rows;
        const eventId = Number(made!.id);
        await explain(
          tx.insert(eventMedication).values({
            providerId: s.providerId,
            eventId,
            name: 'Calpol',
            type: 'NonPrescribed',
            form: 'Liquid',
            dosage: '5 ml',
          }),
        );
        const sig = (
          signatureType: 'AdministeredBy' | 'Witness' | 'Consent',
          staff: number | null,
          contact: number | null,
        ) => ({
          providerId: s.providerId,
          eventId,
          signatureType,
          personId: personOf(staff, contact),
          staffId: staff,
          contactId: contact,
          dataPath: `${s.providerId}/sig-bench.png`,
          mimeType: 'image/png',
          key: randomUUID().replaceAll('-', ''),
          createdAt: now,
        });
        await explain(
          tx
            .insert(eventSignatures)
            .values([
              sig('AdministeredBy', s.signers.administeredBy, null),
              sig('Witness', s.signers.witness, null),
              sig('Consent', null, s.signers.consent),
            ]),
        );
        await explain(
          tx.insert(eventHistory).values({
            providerId: s.providerId,
            eventId,
            action: 'create' as const,
            fromStatusId: null,
            toStatusId: 1,
            personId: s.personId,
            at: now,
          }),
        );
        throw new Rollback();
      });
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
    }
    times.push(total);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, seqScans: [...seqScans] };
}

/**
 * Deletes the records the scenario saved with their medicationInfo, signatures and history, and the
 * signature images (the bench server's media folder is the app's default, tmpdir()/nursery-media).
 */
export async function removeMedicationSaves(database: Database, s: MedicationSaveContext): Promise<number> {
  const mine = sql`select id from events where provider_id = ${s.providerId} and id > ${s.maxEventId}
    and notes = ${MEDICATION_SAVE_MARKER}`;
  const files = await database.db.execute<{ data_path: string | null }>(
    sql`select data_path from event_signatures where provider_id = ${s.providerId} and event_id in (${mine})`,
  );
  const mediaDir = path.join(tmpdir(), 'nursery-media');
  await Promise.all(
    files.rows.filter((f) => f.data_path).map((f) => rm(path.join(mediaDir, f.data_path!), { force: true })),
  );
  const n = await database.db.transaction(async (tx) => {
    for (const table of ['event_signatures', 'event_medication', 'event_history'])
      await tx.execute(
        sql`delete from ${sql.identifier(table)} where provider_id = ${s.providerId} and event_id in (${mine})`,
      );
    const gone = await tx.execute<{ n: number }>(
      sql`with gone as (delete from events where provider_id = ${s.providerId} and id in (${mine}) returning 1)
          select count(*)::int as n from gone`,
    );
    return gone.rows[0]?.n ?? 0;
  });
  return n;
}
