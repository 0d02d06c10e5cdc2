// What approving a GDPR erasure request does (docs/decisions.md "Issue 15: Requests", GDPR erasure):
// the child's or person's identifying data is erased or anonymised in the caller's transaction, while
// the records a nursery must keep (attendance, accidents, medication, signatures) stay, anonymised.
// Media files are deleted by the caller after the commit (a file cannot be rolled back). What is
// erased, what is kept and for how long: docs/security.md "GDPR erasure".
import { namesToRedact } from '@nursery/domain/children';
import { EventStatus } from '@nursery/domain/common';
import { type SQL, sql } from 'drizzle-orm';
import type { auditLog, children, eventSignatures, media, userAccounts } from '../../db/schema/index.ts';
import { isSafeKey, type ObjectStore } from '../../lib/object-store/index.ts';
import type { Runner } from './queries.ts';

/** Raw rows (the statements lock, delete or update and answer): named and typed as the tables' columns. */
type Rows<T> = T & Record<string, unknown>;

import { redactMentions } from './redact-mentions.ts';

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
  /**
   * Storage paths (relative to the media root) of the files to delete after the commit, each with
   * every rendition stored beside it (`<path>.*`).
   */
  mediaPaths: string[];
}

const DELETED = EventStatus.Deleted;

const count = async (db: Runner, query: SQL) => (await db.execute(query)).rows.length;

/** Ids as a SQL list (never empty: an empty `in ()` is a syntax error). */
const idList = (ids: readonly number[]) =>
  ids.length === 0
    ? sql`null`
    : sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );

const idsOf = async (db: Runner, query: SQL) =>
  (await db.execute<{ id: number } & Record<string, unknown>>(query)).rows.map((r) => Number(r.id));

/**
 * A child (docs/security.md "GDPR erasure"): names replaced, date of birth generalised to 1 January
 * of its year, photo, needs, attributes, key-person and contact links removed. The learning journal
 * and every care record that is not statutory (each event of the child but accidents and
 * medication), and every reminder or task whose only subject is the child, become deleted
 * tombstones (status Deleted, no text: a device's queued replay of the same event finds the
 * tombstone instead of re-creating it) and lose their gradings, best fits, checkpoints and their
 * notes, considerations, next steps, comments, meals, signatures, history details, notifications
 * and the media only they hold. Accident and medication records and the register's attendance times
 * and signatures are kept for statute; the child's names are removed from their text and, in every
 * free-text column of the provider (redactMentions), from other children's records that mention the
 * child. Register notes and requests' notes are emptied.
 */
export async function eraseChild(
  db: Runner,
  providerId: number,
  childId: number,
  now: Date,
): Promise<ErasureOutcome> {
  const [child] = (
    await db.execute<Rows<Pick<typeof children.$inferSelect, 'forename' | 'surname'>>>(sql`
      select forename, surname from children where provider_id = ${providerId} and id = ${childId} for update`)
  ).rows;
  if (!child) return { counts: {}, mediaPaths: [] };
  const names = namesToRedact([child.forename], [child.surname]);
  const journal = await idsOf(
    db,
    sql`select e.id from events e join event_types et on et.provider_id = e.provider_id and et.id = e.type_id
        where e.provider_id = ${providerId} and e.child_id = ${childId} and et.tag not in (${STATUTORY})`,
  );
  // Reminders and tasks naming the child as a subject: erased when the child is their only subject,
  // otherwise they stay for the others with the child's subject row removed and the name redacted.
  const soleSubject = await idsOf(
    db,
    sql`select s.event_id as id from event_subjects s
        where s.provider_id = ${providerId} and s.child_id = ${childId}
          and not exists (select 1 from event_subjects o where o.provider_id = s.provider_id
                          and o.event_id = s.event_id and o.child_id is distinct from ${childId})`,
  );
  const erased = [...new Set([...journal, ...soleSubject])];
  const inErased = idList(erased);
  // Media of erased events that no other event holds (a group photo stays with the other children).
  const onlyHere = (
    await db.execute<Rows<Pick<typeof media.$inferSelect, 'id' | 'storagePath'>>>(sql`
      select m.id, m.storage_path as "storagePath" from media m
      where m.provider_id = ${providerId}
        and exists (select 1 from event_media em where em.provider_id = m.provider_id and em.media_id = m.id
                    and em.event_id in (${inErased}))
        and not exists (select 1 from event_media em where em.provider_id = m.provider_id and em.media_id = m.id
                        and em.event_id not in (${inErased}))`)
  ).rows;
  const unlinked = await count(
    db,
    sql`delete from event_media where provider_id = ${providerId} and event_id in (${inErased}) returning 1`,
  );
  if (onlyHere.length > 0) {
    const ids = sql.join(
      onlyHere.map((m) => sql`${m.id}::uuid`),
      sql`, `,
    );
    await db.execute(sql`delete from media where provider_id = ${providerId} and id in (${ids})`);
  }
  const signatureFiles = (
    await db.execute<Rows<Pick<typeof eventSignatures.$inferSelect, 'dataPath'>>>(sql`
      delete from event_signatures where provider_id = ${providerId} and event_id in (${inErased})
      returning data_path as "dataPath"`)
  ).rows.flatMap((r) => (r.dataPath ? [r.dataPath] : []));
  // The learning content of the child, on any event (a grading or note is about one child).
  const ofChild = (table: string) =>
    count(
      db,
      sql`delete from ${sql.identifier(table)} where provider_id = ${providerId}
          and (child_id = ${childId} or event_id in (${inErased})) returning 1`,
    );
  const learning = {
    gradings: await ofChild('gradings'),
    bestFits: await ofChild('best_fits'),
    checkpointNotes: await ofChild('checkpoint_notes'),
    considerations: await ofChild('considerations'),
    nextSteps: await ofChild('next_steps'),
  };
  for (const table of ['event_checkpoints', 'event_comments', 'event_meals', 'event_medication']) {
    await db.execute(
      sql`delete from ${sql.identifier(table)} where provider_id = ${providerId} and event_id in (${inErased})`,
    );
  }
  await db.execute(sql`
    update event_history set details = null where provider_id = ${providerId} and event_id in (${inErased})`);
  const erasedEvents = await count(
    db,
    sql`update events set notes = null, childs_voice = null, parent_notes = null, status_id = ${DELETED},
          tagged = false, version = version + 1, updated_at = ${now.toISOString()}::timestamptz
        where provider_id = ${providerId} and id in (${inErased}) returning 1`,
  );
  const subjects = await count(
    db,
    sql`delete from event_subjects where provider_id = ${providerId} and child_id = ${childId} returning 1`,
  );
  // Notifications about the child or its erased events (their blobs quote comments and names).
  const notifications = await count(
    db,
    sql`delete from notifications where provider_id = ${providerId}
          and (json_blob->>'childID' = ${String(childId)}
               or (json_blob->>'eventID') in (select id::text from events
                                               where provider_id = ${providerId} and id in (${inErased})))
        returning 1`,
  );
  // Conversations about the child (issue 31): not statutory records; messages and read marks go with them.
  const conversations = await count(
    db,
    sql`delete from conversation_threads where provider_id = ${providerId} and child_id = ${childId} returning 1`,
  );
  // Kept attendance (statute): the times and signatures stay, the free text goes.
  await db.execute(sql`
    update bookings set notes = null, mark_off_notes = null
    where provider_id = ${providerId} and child_id = ${childId}
      and (notes is not null or mark_off_notes is not null)`);
  await db.execute(sql`
    update booking_requests set request_notes = null, response_notes = null
    where provider_id = ${providerId} and child_id = ${childId}`);
  await db.execute(sql`
    update attendance_requests set notes = null where provider_id = ${providerId} and child_id = ${childId}`);
  // Every remaining mention of the child's names (kept statutory records, other children's records,
  // reminders shared with others, notifications, e-mails, the audit trail).
  const redacted = await redactMentions(db, providerId, names);
  await db.execute(sql`
    update children set forename = ${ERASED_CHILD.forename}, surname = ${ERASED_CHILD.surname},
      dob = date_trunc('year', dob)::date, gender = null, ethnicity_id = null, eal = false, eypp = false,
      send = false, two_year_funded = false, has_image = false, image_updated_at = null, photo_consent = 'notAsked',
      allergies = null, dietary_needs = null, medical_notes = null
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
  return {
    counts: {
      erasedEvents,
      journalEvents: journal.length,
      reminders: soleSubject.filter((id) => !journal.includes(id)).length,
      subjectLinks: subjects,
      ...learning,
      notifications,
      conversations,
      mediaDeleted: onlyHere.length,
      mediaUnlinked: unlinked,
      signatureImagesDeleted: signatureFiles.length,
      attributes,
      contactLinks,
      ...Object.fromEntries(Object.entries(redacted).map(([t, n]) => [`redacted.${t}`, n])),
    },
    mediaPaths: [...onlyHere.map((m) => m.storagePath), ...signatureFiles],
  };
}

/**
 * A person (a contact or a member of staff): names replaced, contact details, biography, photo, staff
 * notes, collection password and e-mail removed, the log-in disabled with its secrets and sessions, the contact's links to
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
    await db.execute<Rows<Pick<typeof userAccounts.$inferSelect, 'id'>>>(sql`
      update user_accounts set email = 'erased-' || id || '@erased.invalid', password_hash = null,
        pin_hash = null, security_question = null, security_answer_hash = null, activation_code = null,
        reset_code = null, reset_expires_at = null, disabled = true
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
  // The collection password a contact gave (issue 29) is theirs too.
  await db.execute(
    sql`update contacts set collection_password = null where provider_id = ${providerId} and person_id = ${personId}`,
  );
  const changeRequests = await count(
    db,
    sql`update change_requests set fields = jsonb_build_object('tablename', table_name), status = 'declined',
          decided_at = coalesce(decided_at, ${now.toISOString()}::timestamptz)
        where provider_id = ${providerId} and person_id = ${personId} returning 1`,
  );
  const auditedChanges = await eraseAuditedChanges(db, providerId, personId);
  return {
    counts: { accounts: accounts.length, contactLinks, changeRequests, auditedChanges },
    mediaPaths: [],
  };
}

type AuditDetailsRow = Pick<typeof auditLog.$inferSelect, 'details'> & {
  /** bigint: raw SQL answers the driver's text. */
  id: (typeof auditLog.$inferSelect)['id'] | string;
};

/**
 * The audit rows of the person's approved change requests keep which fields changed, when and by
 * whom (the accountability the trail is for), not the old and new phone numbers and addresses.
 */
async function eraseAuditedChanges(db: Runner, providerId: number, personId: number): Promise<number> {
  const rows = (
    await db.execute<Rows<AuditDetailsRow>>(sql`
      select id, details from audit_log
      where provider_id = ${providerId} and entity = 'person' and entity_id = ${String(personId)}
        and action = 'change-request-approved' and details->'changes' is not null
      for update`)
  ).rows;
  for (const row of rows) {
    const details = (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as {
      changes?: Record<string, unknown>;
    };
    const changes = Object.fromEntries(
      Object.keys(details.changes ?? {}).map((field) => [field, { old: null, new: null, erased: true }]),
    );
    await db.execute(sql`
      update audit_log set details = ${JSON.stringify({ ...details, changes })}::jsonb
      where provider_id = ${providerId} and id = ${row.id}`);
  }
  return rows.length;
}

/**
 * Deletes each erased file with every rendition stored beside it (`<id>`, `<id>.thumbnail`,
 * `<id>.medium` and any later `<id>.<name>`) from the object store (the media folder or the bucket),
 * after the commit. A path that is not a storage key is ignored (paths come from the database, but a
 * file outside the store is never ours). Answers how many objects were deleted.
 */
export async function removeErasedFiles(
  objects: ObjectStore,
  storagePaths: readonly string[],
): Promise<number> {
  let removed = 0;
  for (const p of storagePaths) {
    if (!isSafeKey(p)) continue;
    // A store that fails here does not undo the committed erasure: the objects it kept are left.
    try {
      const doomed = (await objects.list(p)).filter((key) => key === p || key.startsWith(`${p}.`));
      await objects.delete(doomed);
      removed += doomed.length;
    } catch {}
  }
  return removed;
}
