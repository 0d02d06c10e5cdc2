// A signature added to a medication record by POST events/{id}/signatures (issue 31): the administering
// staff member's, the witness's or a parent's (Consent), one at a time, with the checks of the record's
// save (modules/medication/save.ts): the event's visibility, the permission enableEvents, the order (a
// witness after the staff member), staff of the event's site, a contact of the child, one person one
// role, one signature per type. A published record takes only a parent's Consent, once (at collection:
// docs/decisions.md, issue 31): append-only, in the history like every change before publishing.
import { EventStatus, formatMessage, SITE_TIME_ZONE_DEFAULT, todayInZone } from '@nursery/domain/common';
import type { EventSignatureAnswer, EventSignatureBody, StoredSignatureChange } from '@nursery/domain/events';
import { signatureImagePath } from '@nursery/domain/registers';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { auditChange } from '../../lib/record-audit.ts';
import { siteTimeZone } from '../../lib/site-time-zone.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import {
  type EventPolicy,
  type EventRecord,
  insertHistory,
  MEDICATION_PUBLISHED,
  updateEventRow,
} from '../events/index.ts';
import * as q from './queries.ts';
import type { SignatureContext } from './service.ts';
import { newKey, pngOf, removedUnlessSaved, removeImages, storeImage } from './storage.ts';

const bad = (code: string, message: string) => new AppError(400, code, message);

export async function postMedicationSignature(
  ctx: SignatureContext,
  auth: AuthContext,
  policy: EventPolicy,
  e: EventRecord,
  body: EventSignatureBody,
): Promise<EventSignatureAnswer> {
  const { db } = ctx;
  const flags = auth.providerFlags;
  if (!auth.permissions.enableEvents || flags.enableEvents === false)
    throw forbidden('You do not have permission to record medication.');
  if (e.statusId === EventStatus.Deleted || e.childId === null) throw notFound('Event not found.');
  const type = body.signatureType ?? 'Consent';
  if (type === 'Parent')
    throw bad(
      'err-invalid-request',
      'signatureType: a medication record takes AdministeredBy, Witness or Consent.',
    );
  const published = e.statusId === EventStatus.Published;
  if (published && type !== 'Consent')
    throw new AppError(409, MEDICATION_PUBLISHED, formatMessage('err-medication-published'));
  if (!published && !policy.editable(e.typeId, e.authorStaffId, e.statusId))
    throw new AppError(403, 'err-not-editable', 'Your role cannot edit this event in its current status.');
  const [signed, zone] = await Promise.all([
    q.medicationSigners(db, auth.providerId, e.id),
    siteTimeZone(db, auth.providerId, e.siteId),
  ]);
  if (signed.some((s) => s.type === type))
    throw published
      ? new AppError(409, MEDICATION_PUBLISHED, formatMessage('err-medication-published'))
      : new AppError(409, 'err-already-signed', `This record already has a ${type} signature.`);
  if (type === 'Witness' && !signed.some((s) => s.type === 'AdministeredBy'))
    throw bad(
      'err-witness-before-staff',
      'A witness cannot sign before the administering staff member has signed.',
    );
  let staffId: number | null = null;
  let contactId: number | null = null;
  if (type === 'Consent') {
    const contact = (await q.childContacts(db, auth.providerId, e.childId)).find(
      (c) => c.personId === body.personID,
    );
    if (!contact) throw bad('err-consent-not-contact', "personID: not one of the child's contacts.");
    contactId = contact.contactId;
  } else {
    const today = todayInZone(ctx.clock.now(), zone ?? SITE_TIME_ZONE_DEFAULT);
    staffId = (await q.staffSignerAt(db, auth.providerId, e.siteId, body.personID, today)) ?? null;
    if (staffId === null) throw bad('err-signer-not-at-site', 'personID: not a member of staff of the site.');
  }
  if (signed.some((s) => s.personId === body.personID))
    throw bad('err-signer-twice', 'One person signs a medication record in one role only.');

  const bytes = await pngOf(body.signature);
  const key = newKey();
  const dataPath = await storeImage(ctx, auth.providerId, key, bytes);
  const now = ctx.clock.now();
  const childId = e.childId;
  const change: StoredSignatureChange = {
    signatureType: type,
    change: 'added',
    signerPersonID: body.personID,
    previousPersonID: null,
  };
  const id = await removedUnlessSaved(ctx, dataPath, () =>
    db.transaction(async (tx) => {
      // The record moves on a version: a form open on the old one meets a conflict, not a lost signature.
      if (!(await updateEventRow(tx, auth.providerId, e.id, e.version, { updatedAt: now })))
        return 'moved' as const;
      const inserted = await q.insertMedicationSignature(tx, {
        providerId: auth.providerId,
        eventId: e.id,
        signatureType: type,
        personId: body.personID,
        staffId,
        contactId,
        dataPath,
        key,
        createdAt: now,
      });
      if (inserted === null) return null;
      await insertHistory(
        tx,
        auth.providerId,
        [
          {
            eventId: e.id,
            action: 'update',
            from: e.statusId,
            to: e.statusId,
            details: { fields: [], changes: [], signatures: [change] },
          },
        ],
        auth.personId,
        now,
      );
      await auditChange(
        tx,
        auth,
        'sign',
        [
          { type: 'signature', id: inserted, childId },
          { type: 'event', id: e.id, childId },
        ],
        now,
      );
      return inserted;
    }),
  );
  if (id === null || id === 'moved') {
    await removeImages(ctx, [dataPath]);
    throw id === 'moved'
      ? new AppError(409, 'err-conflict', 'The record was changed by another save.')
      : new AppError(
          409,
          'err-already-signed',
          `This record already has a ${type} signature, or the signer has signed.`,
        );
  }
  return {
    id,
    eventID: e.id,
    signatureType: type,
    personID: body.personID,
    key,
    url: signatureImagePath(auth.providerId, id, key),
  };
}
