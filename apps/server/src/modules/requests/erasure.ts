// What approving a GDPR erasure request does (docs/decisions.md "Issue 15: Requests", GDPR erasure):
// the child's or person's identifying data is erased or anonymised in the caller's transaction, while
// the records a nursery must keep (attendance, accidents, medication, signatures) stay, anonymised.
// Media files are deleted by the caller after the commit (a file cannot be rolled back).
import { type SQL, sql } from 'drizzle-orm';
import type { Runner } from './queries.ts';

/** Event types whose records are statutory (EYFS: accidents and medicines given): kept, anonymised. */
export const STATUTORY_EVENT_TAGS = ['accident', 'medication'] as const;
const STATUTORY = sql.join(
  STATUTORY_EVENT_TAGS.map((t) => sql`${t}`),
  sql`, `,
);

/** The replacement names (no one's real name can be read back). */
export const ERASED_CHILD = { forename: 'Erased', surname: 'child' } as const;
export const ERASED_PERSON = { forename: 'Erased', surname: 'person' } as const;

export interface ErasureOutcome {
  /** What was changed, counted (the audit row: no erased value). */
  counts: Record<string, number>;
  /** Storage paths (relative to the media root) of the files to delete after the commit. */
  mediaPaths: string[];
}

const count = async (db: Runner, query: SQL) => (await db.execute(query)).rows.length;

/**
 * A child: names replaced, date of birth generalised to 1 January of its year, photo, needs and
 * attributes, key-person and contact links removed; the learning journal (non-statutory events) is
 * deleted with the media only it holds; accident and medication records keep their facts with the
 * child's name removed from their text.
 */
export async function eraseChild(db: Runner, providerId: number, childId: number): Promise<ErasureOutcome> {
  const [child] = (
    await db.execute<{ forename: string; surname: string } & Record<string, unknown>>(sql`
      select forename, surname from children where provider_id = ${providerId} and id = ${childId} for update`)
  ).rows;
  if (!child) return { counts: {}, mediaPaths: [] };
  const journal = sql`
    select e.id from events e join event_types et on et.provider_id = e.provider_id and et.id = e.type_id
    where e.provider_id = ${providerId} and e.child_id = ${childId} and et.tag not in (${STATUTORY})`;
  // Media of the child's journal that no other event holds (a group photo stays with the other children).
  const onlyHere = (
    await db.execute<{ id: string; storage_path: string } & Record<string, unknown>>(sql`
      select m.id, m.storage_path from media m
      where m.provider_id = ${providerId}
        and exists (select 1 from event_media em where em.provider_id = m.provider_id and em.media_id = m.id
                    and em.event_id in (${journal}))
        and not exists (select 1 from event_media em where em.provider_id = m.provider_id and em.media_id = m.id
                        and em.event_id not in (${journal}))`)
  ).rows;
  const unlinked = await count(
    db,
    sql`delete from event_media where provider_id = ${providerId} and event_id in (${journal}) returning 1`,
  );
  if (onlyHere.length > 0) {
    const ids = sql.join(
      onlyHere.map((m) => sql`${m.id}::uuid`),
      sql`, `,
    );
    await db.execute(sql`delete from media where provider_id = ${providerId} and id in (${ids})`);
  }
  await db.execute(sql`
    update event_history set details = null where provider_id = ${providerId} and event_id in (${journal})`);
  const journalEvents = await count(
    db,
    sql`update events set notes = null, childs_voice = null, parent_notes = null, status_id = 6,
          version = version + 1
        where provider_id = ${providerId} and id in (${journal}) returning 1`,
  );
  // Statutory records: the facts stay; the child's names in their text are replaced.
  const statutory = await count(
    db,
    sql`update events e set
          notes = replace(replace(e.notes, ${child.forename}, '[name erased]'), ${child.surname}, '[name erased]'),
          parent_notes = replace(replace(e.parent_notes, ${child.forename}, '[name erased]'), ${child.surname}, '[name erased]')
        from event_types et
        where e.provider_id = ${providerId} and e.child_id = ${childId}
          and et.provider_id = e.provider_id and et.id = e.type_id and et.tag in (${STATUTORY})
        returning 1`,
  );
  await db.execute(sql`
    update children set forename = ${ERASED_CHILD.forename}, surname = ${ERASED_CHILD.surname},
      dob = date_trunc('year', dob)::date, gender = null, ethnicity_id = null, eal = false, eypp = false,
      send = false, two_year_funded = false, has_image = false, image_updated_at = null, photo_consent = 'notAsked'
    where provider_id = ${providerId} and id = ${childId}`);
  const attributes = await count(
    db,
    sql`delete from child_attribute_values where provider_id = ${providerId} and child_id = ${childId} returning 1`,
  );
  const contactLinks = await count(
    db,
    sql`delete from child_contacts where provider_id = ${providerId} and child_id = ${childId} returning 1`,
  );
  await db.execute(sql`delete from key_children where provider_id = ${providerId} and child_id = ${childId}`);
  await db.execute(sql`
    update booking_requests set request_notes = null where provider_id = ${providerId} and child_id = ${childId}`);
  await db.execute(sql`
    update attendance_requests set notes = null where provider_id = ${providerId} and child_id = ${childId}`);
  return {
    counts: {
      journalEvents,
      statutoryEventsAnonymised: statutory,
      mediaDeleted: onlyHere.length,
      mediaUnlinked: unlinked,
      attributes,
      contactLinks,
    },
    mediaPaths: onlyHere.map((m) => m.storage_path),
  };
}

/**
 * A person (a contact or a member of staff): names replaced, contact details, biography, photo, staff
 * notes and e-mail removed, the log-in disabled with its secrets and sessions, the contact's links to
 * children removed and their pending change requests emptied. Signatures they gave on statutory
 * records (attendance, accidents, medication) stay, under the anonymised name.
 */
export async function erasePerson(
  db: Runner,
  providerId: number,
  personId: number,
  now: Date,
): Promise<ErasureOutcome> {
  await db.execute(sql`
    update people set forename = ${ERASED_PERSON.forename}, surname = ${ERASED_PERSON.surname}, title = null,
      email = null, telhome = null, telmob = null, telwork = null, address1 = null, address2 = null,
      address3 = null, address4 = null, address5 = null, post_code = null, biography = null,
      has_image = false, image_updated_at = null
    where provider_id = ${providerId} and id = ${personId}`);
  const accounts = (
    await db.execute<{ id: number } & Record<string, unknown>>(sql`
      update user_accounts set email = 'erased-' || id || '@erased.invalid', password_hash = null,
        pin_hash = null, security_question = null, security_answer_hash = null, activation_code = null,
        disabled = true
      where provider_id = ${providerId} and person_id = ${personId} returning id`)
  ).rows;
  for (const { id } of accounts) {
    await db.execute(sql`delete from server_sessions where provider_id = ${providerId} and user_id = ${id}`);
    await db.execute(sql`delete from notifications where provider_id = ${providerId} and user_id = ${id}`);
  }
  const contactLinks = await count(
    db,
    sql`delete from child_contacts cc using contacts ct
        where cc.provider_id = ${providerId} and ct.provider_id = cc.provider_id and ct.id = cc.contact_id
          and ct.person_id = ${personId} returning 1`,
  );
  await db.execute(
    sql`update staff set notes = null where provider_id = ${providerId} and person_id = ${personId}`,
  );
  const changeRequests = await count(
    db,
    sql`update change_requests set fields = jsonb_build_object('tablename', table_name), status = 'declined',
          decided_at = coalesce(decided_at, ${now.toISOString()}::timestamptz)
        where provider_id = ${providerId} and person_id = ${personId} returning 1`,
  );
  return { counts: { accounts: accounts.length, contactLinks, changeRequests }, mediaPaths: [] };
}
