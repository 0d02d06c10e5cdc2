// The import's bulk path for a children file (issue 29 "Moving in": 500 children in under 10 s). The
// plan (children-plan.ts) has already checked every row by the settings pages' own rules (the shared
// zod schemas, childFieldProblems, childSiteProblems, patternProblems); here it is written set-based in
// the caller's transaction: one multi-row INSERT per table (children, key people, booking patterns and
// their bookings, people and contacts, links, audit rows), with the columns the pages' commands write
// (childColumnsOf, personValues) and the same audit entries a typed record gets. A child whose record
// changes goes through the Children page's own command (updateChild): a change moves and takes back
// bookings child by child, and a moving-in file changes few records.
import { addDays } from '@nursery/domain/common';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  bookingPatterns,
  childContacts,
  children,
  contacts,
  keyChildren,
  people,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { type AuditEntry, auditAll } from '../../lib/audit.ts';
import { auditChange } from '../../lib/record-audit.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { bookPatterns, childColumnsOf, horizonOf, todayOf, updateChild } from '../children-admin/index.ts';
import { personValues } from '../contacts/index.ts';
import type { ChildPlan, LinkValues } from './children-plan.ts';

/** Rows per statement: a 2,000-row file's people stay well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

async function inChunks<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

/** `n` ids of a table's identity, taken before the insert so related rows can name them. */
async function nextIds(db: Db, table: 'children' | 'people' | 'contacts' | 'booking_patterns', n: number) {
  if (n === 0) return [];
  const r = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${n}::int)`,
  );
  return r.rows.map((row) => Number(row.id));
}

export async function writeChildren(deps: AppDeps, auth: AuthContext, plans: readonly ChildPlan[]) {
  const db = deps.db;
  const providerId = auth.providerId;
  const today = todayOf(deps);
  const now = deps.clock.now();
  const audits: AuditEntry[] = [];
  const log = (action: string, entity: string, entityId: number, details: Record<string, unknown>) =>
    audits.push({ providerId, userId: auth.userId, action, entity, entityId, details, at: now });

  for (const plan of plans)
    if (plan.before && plan.changed.length > 0) await updateChild(deps, auth, plan.before.id, plan.fields);

  // New children, their key people and their record-audit rows.
  const created = plans.filter((p) => p.before === null);
  const newIds = await nextIds(db, 'children', created.length);
  const childIdOf = new Map<ChildPlan, number>(created.map((p, i) => [p, newIds[i]!] as const));
  for (const p of plans) if (p.before) childIdOf.set(p, p.before.id);
  await inChunks(created, (chunk) =>
    db
      .insert(children)
      .values(chunk.map((p) => ({ providerId, id: childIdOf.get(p)!, ...childColumnsOf(p.fields) }))),
  );
  const keyPeople = created.filter((p) => p.fields.keyPersonID !== null);
  await inChunks(keyPeople, (chunk) =>
    db
      .insert(keyChildren)
      .values(chunk.map((p) => ({ providerId, staffId: p.fields.keyPersonID!, childId: childIdOf.get(p)! })))
      .onConflictDoNothing(),
  );
  for (const p of created) log('child-created', 'child', childIdOf.get(p)!, { siteID: p.fields.siteID });
  await auditChange(
    db,
    { providerId, userId: auth.userId, staffId: auth.staffId },
    'create',
    created.map((p) => ({ type: 'child', id: childIdOf.get(p)!, childId: childIdOf.get(p)! })),
    now,
  );

  // Booking patterns, then their bookings up to the horizon (bookPatterns: the pattern page's writer).
  const patterns = plans.flatMap((p) =>
    p.patterns.map((step) => ({
      childId: childIdOf.get(p)!,
      siteId: p.fields.siteID,
      comboId: step.comboID,
      weekdays: [...new Set(step.weekdays)].sort(),
      intervalWeeks: 1,
      from: p.fields.startDate,
      to: p.fields.endDate || null,
    })),
  );
  const patternIds = await nextIds(db, 'booking_patterns', patterns.length);
  const written = patterns.map((p, i) => ({ ...p, id: patternIds[i]!, bookedThrough: addDays(p.from, -1) }));
  await inChunks(written, (chunk) =>
    db.insert(bookingPatterns).values(
      chunk.map((p) => ({
        providerId,
        id: p.id,
        childId: p.childId,
        siteId: p.siteId,
        comboId: p.comboId,
        weekdays: p.weekdays,
        intervalWeeks: p.intervalWeeks,
        fromDate: p.from,
        toDate: p.to,
        bookedThrough: p.bookedThrough,
        createdAt: now,
      })),
    ),
  );
  await bookPatterns(db, providerId, written, today, horizonOf(today), now);
  for (const p of written)
    log('booking-pattern-created', 'booking-pattern', p.id, {
      childID: p.childId,
      comboID: p.comboId,
      weekdays: p.weekdays,
      intervalWeeks: p.intervalWeeks,
      from: p.from,
      to: p.to,
    });

  // Contacts to add (a parent of several rows once), then every link to add or change.
  const newContacts = new Map<string, ReturnType<typeof personValues> & { type: string | null }>();
  for (const p of plans)
    for (const c of p.contacts)
      if ('newKey' in c.contact && !newContacts.has(c.contact.newKey))
        newContacts.set(c.contact.newKey, {
          ...personValues(c.contact.values),
          type: c.contact.values.type ?? null,
        });
  const keys = [...newContacts.keys()];
  const personIds = await nextIds(db, 'people', keys.length);
  const contactIds = await nextIds(db, 'contacts', keys.length);
  const contactIdOf = new Map(keys.map((k, i) => [k, contactIds[i]!] as const));
  await inChunks(
    keys.map((k, i) => ({ k, personId: personIds[i]! })),
    (chunk) =>
      db.insert(people).values(
        chunk.map(({ k, personId }) => {
          const { type: _type, ...values } = newContacts.get(k)!;
          return { providerId, id: personId, ...values };
        }),
      ),
  );
  await inChunks(
    keys.map((k, i) => ({ k, personId: personIds[i]! })),
    (chunk) =>
      db.insert(contacts).values(
        chunk.map(({ k, personId }) => ({
          providerId,
          id: contactIdOf.get(k)!,
          personId,
          type: newContacts.get(k)!.type,
          collectionPassword: null,
        })),
      ),
  );
  for (const id of contactIds) log('contact-created', 'contact', id, { collectionPassword: 'none' });

  const links: { childId: number; contactId: number; linked: boolean; values: LinkValues }[] = [];
  const seenLinks = new Set<string>();
  for (const p of plans)
    for (const c of p.contacts) {
      if (!c.link) continue;
      const contactId = 'id' in c.contact ? c.contact.id : contactIdOf.get(c.contact.newKey)!;
      // One link per child and contact (an insert may not upsert one row twice).
      const key = `${childIdOf.get(p)}:${contactId}`;
      if (seenLinks.has(key)) continue;
      seenLinks.add(key);
      links.push({ childId: childIdOf.get(p)!, contactId, linked: c.linked, values: c.link });
    }
  await inChunks(links, (chunk) =>
    db
      .insert(childContacts)
      .values(
        chunk.map((l) => ({
          providerId,
          childId: l.childId,
          contactId: l.contactId,
          relationship: l.values.relationship ?? null,
          priority: l.values.priority,
          parentalResponsibility: l.values.parentalResponsibility,
          emergency: l.values.emergency,
          canCollect: l.values.canCollect,
          canAddNotes: l.values.canAddNotes,
        })),
      )
      .onConflictDoUpdate({
        target: [childContacts.providerId, childContacts.childId, childContacts.contactId],
        set: {
          relationship: sql`excluded.relationship`,
          priority: sql`excluded.priority`,
          parentalResponsibility: sql`excluded.parental_responsibility`,
          emergency: sql`excluded.emergency`,
          canCollect: sql`excluded.can_collect`,
          canAddNotes: sql`excluded.can_add_notes`,
        },
      }),
  );
  for (const l of links) {
    const relationship = l.values.relationship ?? null;
    log(l.linked ? 'contact-child-link-changed' : 'contact-child-linked', 'contact', l.contactId, {
      childId: l.childId,
      relationship: relationship === null ? null : 'set',
      priority: l.values.priority,
      parentalResponsibility: l.values.parentalResponsibility,
      emergency: l.values.emergency,
      canCollect: l.values.canCollect,
      canAddNotes: l.values.canAddNotes,
    });
  }
  await auditAll(db, audits);
}
