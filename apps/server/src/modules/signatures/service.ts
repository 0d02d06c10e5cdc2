// Register signatures (POST signatures, fetch by id, the image by provider, id and key), a parent's
// accident signature and a medication record's signatures (POST events/{id}/signatures; the medication
// one in medication-signature.ts), attendance requests (GET a site day's, PUT a decision that checks the
// child in or out) and the child page's "today" (spec 002 §2-§8). The images' storage: storage.ts. Choices
// the spec leaves open: docs/decisions.md, "Register signatures, attendance requests, child page (issue 14)".
import { type Clock, todayInZone } from '@nursery/domain/common';
import type {
  AttendanceDecisionAnswer,
  AttendanceDecisionBody,
  AttendanceRequestsAnswer,
  ChildTodayAnswer,
  EventSignatureAnswer,
  EventSignatureBody,
  SignatureAnswer,
  SignatureBody,
  SignatureDetails,
} from '@nursery/domain/events';
import { attendanceRequestTimes, compareBookings, signatureImagePath } from '@nursery/domain/registers';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { ObjectStore } from '../../lib/object-store/index.ts';
import { auditChange, type ReadAudit } from '../../lib/record-audit.ts';
import { type AuthContext, mayUseSite } from '../../plugins/auth.ts';
import { loadEventPolicy, visibleEventById } from '../events/index.ts';
import {
  registerSite,
  SESSION_COLUMNS,
  type SessionRow,
  sessionOf,
  updateTimes,
} from '../registers/index.ts';
import { postMedicationSignature } from './medication-signature.ts';
import { requestOf } from './presenter.ts';
import * as q from './queries.ts';
import { newKey, pngOf, readImage, removedUnlessSaved, removeImages, storeImage } from './storage.ts';

export interface SignatureContext {
  db: Db;
  clock: Clock;
  /** The object store (lib/object-store): signatures are `<providerId>/sig-<key>.png`. */
  objects: ObjectStore;
  /** The audit trail's reads (signature images, the child page). */
  readAudit: ReadAudit;
}

const invalid = (message: string) => new AppError(400, 'err-invalid-request', message);
const iso = (d: Date | string) => new Date(d).toISOString();
/** The child of the provider at one of the user's sites, else 404. */
async function childOf(db: Pick<Db, 'execute' | 'select'>, auth: AuthContext, childId: number) {
  const child = await q.childRow(db, auth.providerId, childId);
  if (!child || !mayUseSite(auth, child.siteId)) throw notFound('Child not found.');
  return child;
}

async function todayAt(db: Pick<Db, 'execute' | 'select'>, auth: AuthContext, siteId: number, now: Date) {
  const site = await registerSite(db, auth.providerId, siteId);
  if (!site) throw notFound('Site not found.');
  return todayInZone(now, site.timeZone);
}

/** POST signatures: the signer must be one of the child's contacts; every combo booked that day. */
export async function postSignature(
  ctx: SignatureContext,
  auth: AuthContext,
  body: SignatureBody,
): Promise<SignatureAnswer> {
  const { db } = ctx;
  const now = ctx.clock.now();
  await childOf(db, auth, body.childID);
  const comboIds = [...new Set(body.comboIDs)];
  const booked = await q.bookedCombos(db, auth.providerId, body.childID, body.date, comboIds);
  if (booked.length !== comboIds.length || booked.some((b) => !mayUseSite(auth, b.siteId)))
    throw notFound('Booking not found.');
  const contacts = await q.childContacts(db, auth.providerId, body.childID);
  if (contacts.length === 0)
    throw new AppError(
      400,
      'err-no-contacts',
      'This child has no contacts. You must associate a contact with the child before capturing a signature.',
    );
  if (!contacts.some((c) => c.personId === body.personID))
    throw invalid("personID: not one of the child's contacts.");
  if (!(await q.signatureTypeExists(db, auth.providerId, body.typeID)))
    throw invalid('typeID: not a signature type.');
  const bytes = await pngOf(body.signature);
  const key = newKey();
  const dataPath = await storeImage(ctx, auth.providerId, key, bytes);
  const id = await removedUnlessSaved(ctx, dataPath, () =>
    db.transaction(async (tx) => {
      const inserted = await q.insertSignature(tx, {
        providerId: auth.providerId,
        childId: body.childID,
        date: body.date,
        comboIds,
        typeId: body.typeID,
        personId: body.personID,
        dataPath,
        key,
        userId: auth.userId,
        now,
      });
      await auditChange(tx, auth, 'sign', [{ type: 'signature', id: inserted, childId: body.childID }], now);
      return inserted;
    }),
  );
  return {
    id,
    key,
    childID: body.childID,
    date: body.date,
    comboIDs: comboIds,
    typeID: body.typeID,
    personID: body.personID,
    url: signatureImagePath(auth.providerId, id, key),
    created: now.toISOString(),
  };
}

/** GET signatures/:id: the image as a data URL, the signer and the time. */
export async function getSignature(
  ctx: SignatureContext,
  auth: AuthContext,
  id: number,
): Promise<SignatureDetails> {
  const row = await q.signatureById(ctx.db, auth.providerId, id);
  if (!row) throw notFound('Signature not found.');
  await childOf(ctx.db, auth, row.childId);
  const bytes = row.dataPath ? await readImage(ctx, row.dataPath) : null;
  await ctx.readAudit.read(auth, [{ type: 'signature', id, childId: row.childId }], ctx.clock.now());
  return {
    id: Number(row.id),
    childID: row.childId,
    date: row.date,
    comboIDs: row.comboIds,
    typeID: row.typeId,
    data: bytes ? `data:${row.mimeType ?? 'image/png'};base64,${bytes.toString('base64')}` : null,
    mimeType: bytes ? (row.mimeType ?? 'image/png') : null,
    forename: row.forename,
    surname: row.surname,
    created: iso(row.createdAt),
  };
}

/** THE visibility rule's inputs for the session's user (eventVisibleSql applies them). */
async function visibilityOf(db: Db, auth: AuthContext) {
  return (await loadEventPolicy(db, auth.providerId, auth.staffId)).visibility(auth.siteIds);
}

/**
 * The image of a signature: the provider in the path must be the session's, the key the row's, and
 * the user must see its child's site (register) or its event (accident): 404 otherwise.
 */
export async function signatureImage(
  ctx: SignatureContext,
  auth: AuthContext,
  providerId: number,
  id: number,
  key: string,
) {
  if (providerId !== auth.providerId) throw notFound('Signature not found.');
  const row = await q.signatureFile(ctx.db, auth.providerId, id, key, await visibilityOf(ctx.db, auth));
  if (!row?.dataPath) throw notFound('Signature not found.');
  const bytes = await readImage(ctx, row.dataPath);
  if (!bytes) throw notFound('Signature not found.');
  await ctx.readAudit.read(auth, [{ type: 'signature', id, childId: row.childId }], ctx.clock.now());
  return { bytes, mimeType: row.mimeType ?? 'image/png' };
}

/**
 * POST events/:id/signatures: a contact of the accident's child acknowledges it ('Parent'); on a
 * medication record, one of its signatures (medication-signature.ts).
 */
export async function postEventSignature(
  ctx: SignatureContext,
  auth: AuthContext,
  eventId: number,
  body: EventSignatureBody,
): Promise<EventSignatureAnswer> {
  const { db } = ctx;
  const policy = await loadEventPolicy(db, auth.providerId, auth.staffId);
  const visibility = policy.visibility(auth.siteIds);
  const event = await q.accidentById(db, auth.providerId, eventId, visibility);
  if (!event || event.childId === null) throw notFound('Event not found.');
  if (event.tag === 'medication') {
    const record = await visibleEventById(db, auth.providerId, visibility, eventId);
    if (!record) throw notFound('Event not found.');
    return postMedicationSignature(ctx, auth, policy, record, body);
  }
  if (event.tag !== 'accident') throw invalid('Only an accident takes a parent signature here.');
  if ((body.signatureType ?? 'Parent') !== 'Parent')
    throw invalid('signatureType: an accident takes a parent signature (Parent).');
  if (event.statusId === 6) throw notFound('Event not found.');
  const contacts = await q.childContacts(db, auth.providerId, event.childId);
  const contact = contacts.find((c) => c.personId === body.personID);
  if (!contact) throw invalid("personID: not one of the child's contacts.");
  const bytes = await pngOf(body.signature);
  const key = newKey();
  const dataPath = await storeImage(ctx, auth.providerId, key, bytes);
  const now = ctx.clock.now();
  const childId = event.childId;
  const id = await removedUnlessSaved(ctx, dataPath, () =>
    db.transaction(async (tx) => {
      const inserted = await q.insertEventSignature(tx, {
        providerId: auth.providerId,
        eventId,
        personId: body.personID,
        contactId: contact.contactId,
        dataPath,
        key,
        now,
      });
      // The signature, and the accident (a medication or accident record) it signs.
      if (inserted !== null)
        await auditChange(
          tx,
          auth,
          'sign',
          [
            { type: 'signature', id: inserted, childId },
            { type: 'event', id: eventId, childId },
          ],
          now,
        );
      return inserted;
    }),
  );
  if (id === null) {
    await removeImages(ctx, [dataPath]);
    throw new AppError(409, 'err-already-signed', 'This accident already has a parent signature.');
  }
  return {
    id,
    eventID: eventId,
    signatureType: 'Parent',
    personID: body.personID,
    key,
    url: signatureImagePath(auth.providerId, id, key),
  };
}

/** GET sites/:siteID/attendance/:date/requests */
export async function getAttendanceRequests(
  ctx: SignatureContext,
  auth: AuthContext,
  siteId: number,
  date: string,
): Promise<AttendanceRequestsAnswer> {
  if (!mayUseSite(auth, siteId)) throw notFound('Site not found.');
  const site = await registerSite(ctx.db, auth.providerId, siteId);
  if (!site) throw notFound('Site not found.');
  const rows = await q.siteRequests(ctx.db, auth.providerId, siteId, date);
  return { requests: rows.map(requestOf) };
}

const childDaySessions = (
  db: Pick<Db, 'execute'>,
  providerId: number,
  childId: number,
  date: string,
  lock: boolean,
) =>
  db
    .execute<SessionRow & Record<string, unknown>>(sql`
      select ${SESSION_COLUMNS}
      from bookings b
      join session_combos co on co.provider_id = b.provider_id and co.id = b.combo_id
      where b.provider_id = ${providerId} and b.child_id = ${childId} and b.date = ${date} and not b.deleted
      order by b.start, b."end" desc, b.combo_id
      ${lock ? sql`for update of b` : sql``}`)
    .then((r) => r.rows);

/**
 * PUT attendance/requests/:id: approving checks the child in (drop-off) or out (pick-up) at `time`
 * with the register's arithmetic, in one transaction with the decision; declining only decides.
 * A decided request → 409; a refusal of the arithmetic → 400 with its reason.
 */
export async function decideAttendanceRequest(
  ctx: SignatureContext,
  auth: AuthContext,
  id: number,
  body: AttendanceDecisionBody,
): Promise<AttendanceDecisionAnswer> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const request = await q.requestById(tx, auth.providerId, id, true);
    if (!request || !mayUseSite(auth, request.siteId)) throw notFound('Request not found.');
    const need = request.type === 'drop-off' ? 'checkIn' : 'checkOut';
    if (body.approved && !auth.permissions[need]) throw forbidden();
    if (request.approved !== null)
      throw new AppError(409, 'err-request-decided', 'This request has already been decided.');
    const today = await todayAt(tx, auth, request.siteId, now);
    if (request.date !== today) throw invalid('Only a request of today can be decided.');
    let sessions = await childDaySessions(tx, auth.providerId, request.childId, request.date, true);
    let changedBookings: number[] = [];
    if (body.approved) {
      const outcome = attendanceRequestTimes(
        request.type,
        sessions.map((s) => ({
          comboID: s.comboId,
          start: s.start,
          end: s.end,
          actualStart: s.actualStart,
          actualEnd: s.actualEnd,
          markedOffCategoryID: s.markedOffCategoryId,
        })),
        body.time,
      );
      if (!outcome.ok)
        throw new AppError(
          400,
          `err-${outcome.refusal}`,
          `The request cannot be applied: ${outcome.refusal}.`,
        );
      const byCombo = new Map(sessions.map((s) => [s.comboId, s]));
      const updates = outcome.changes.map((c) => {
        const row = byCombo.get(c.comboID)!;
        return {
          bookingId: Number(row.bookingId),
          actualStart: c.actualStart,
          actualEnd: c.actualEnd,
          version: row.version,
        };
      });
      await updateTimes(tx, auth.providerId, updates, now);
      changedBookings = updates.map((u) => u.bookingId);
      sessions = await childDaySessions(tx, auth.providerId, request.childId, request.date, false);
    }
    await q.decideRequest(tx, auth.providerId, id, body.approved, auth.userId, now);
    const childId = request.childId;
    await auditChange(tx, auth, 'decide', [{ type: 'request', id, childId }], now);
    await auditChange(
      tx,
      auth,
      request.type === 'drop-off' ? 'check-in' : 'check-out',
      changedBookings.map((bookingId) => ({ type: 'booking' as const, id: bookingId, childId })),
      now,
    );
    const after = await q.requestById(tx, auth.providerId, id);
    return { request: requestOf(after!), sessions: sessions.map(sessionOf) };
  });
}

/** GET children/:childID/today: the child page and the signature dialog's data. */
export async function childToday(
  ctx: SignatureContext,
  auth: AuthContext,
  childId: number,
): Promise<ChildTodayAnswer> {
  const { db } = ctx;
  const [child, visibility] = await Promise.all([childOf(db, auth, childId), visibilityOf(db, auth)]);
  const today = await todayAt(db, auth, child.siteId, ctx.clock.now());
  const [sessions, signatures, types, contacts, accidents, reminders] = await Promise.all([
    childDaySessions(db, auth.providerId, childId, today, false),
    q.childSignatures(db, auth.providerId, childId, today),
    q.signatureTypes(db, auth.providerId),
    q.childContacts(db, auth.providerId, childId),
    q.unsignedAccidents(db, auth.providerId, childId, visibility),
    q.childReminders(db, auth.providerId, childId, visibility),
  ]);
  await ctx.readAudit.read(auth, [{ type: 'child', id: childId, childId }], ctx.clock.now());
  return {
    child: {
      id: child.id,
      forename: child.forename,
      surname: child.surname,
      hasImage: child.hasImage,
      siteID: child.siteId,
    },
    date: today,
    bookings: sessions.map(sessionOf).sort(compareBookings),
    signatures: signatures.map((s) => ({
      id: Number(s.id),
      key: s.key,
      comboIDs: s.comboIds,
      typeID: s.typeId,
      typeName: s.typeName,
      forename: s.forename,
      surname: s.surname,
      created: iso(s.createdAt),
      hasImage: s.dataPath !== null,
      url: signatureImagePath(auth.providerId, Number(s.id), s.key),
    })),
    signatureTypes: types,
    contacts: contacts.map((c) => ({
      contactID: c.contactId,
      personID: c.personId,
      forename: c.forename,
      surname: c.surname,
      hasImage: c.hasImage,
      relationship: c.relationship,
    })),
    unsignedAccidents: accidents.map((a) => ({
      id: Number(a.id),
      raised: iso(a.raised),
      notes: a.notes ?? '',
    })),
    reminders: reminders.map((r) => ({
      id: Number(r.id),
      notes: r.notes ?? '',
      due: r.due === null ? null : iso(r.due),
      raised: iso(r.raised),
      statusID: r.statusId,
    })),
  };
}
