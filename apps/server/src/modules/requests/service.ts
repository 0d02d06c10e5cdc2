// The requests a manager decides (spec 002 §3, §4 Requests, §5, §6, §7): the pending lists with what
// the user may do with each item, and the decisions. Each decision locks its pending request, so a
// second decision (or an unknown id) answers 404 'Request not found'. Decisions the spec leaves open
// are written in docs/decisions.md, "Issue 15: Requests".
import { type Clock, formatDate, formatMessage, todayInZone } from '@nursery/domain/common';
import {
  type BookingRequestDecisionBody,
  type BookingRequestsAnswer,
  type ChangeRequestApproveBody,
  type ChangeRequestsAnswer,
  type GdprErasureRaiseBody,
  type GdprErasureRequestItem,
  type GdprErasureRequestsAnswer,
  normaliseDetail,
  type RequestDecision,
  type RequestRefusal,
  requestedFields,
} from '@nursery/domain/home';
import { MARK_OFF_NOTES_LIMIT } from '@nursery/domain/registers';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { auditChange } from '../../lib/record-audit.ts';
import { type AuthContext, assertSite, mayUseSite } from '../../plugins/auth.ts';
import { userOfPerson } from '../notifications/index.ts';
import { markOffCategoryRows, markOffIn } from '../registers/index.ts';
import { type ErasureOutcome, eraseChild, erasePerson } from './erasure.ts';
import { bookingActions, changeActions, changeRequestTables, gdprActions, mayDecideTable } from './policy.ts';
import { bookingRequestItem, changeRequestItem, gdprRequestItem } from './presenter.ts';
import {
  type BookingRequestRow,
  childAtSites,
  contactPersonAtSites,
  decideBookingRequest,
  decideChangeRequest,
  decideGdprRequest,
  insertAudit,
  insertGdprRequest,
  insertInAppMessage,
  lockPendingBookingRequest,
  lockPendingChangeRequest,
  lockPendingGdprRequest,
  type PersonDetail,
  pendingBookingRequests,
  pendingChangeRequests,
  pendingGdprRequestOf,
  pendingGdprRequests,
  siteZone,
  updatePersonDetails,
} from './queries.ts';

export interface RequestDeps {
  db: Db;
  clock: Clock;
  /** The background jobs (issue 32): an erasure's files are deleted by one. */
  jobs: JobQueue;
}

export const MUST_SELECT_CATEGORY = 'widget-requests-must-select-off-category';
export const OWN_REQUEST = 'cannot-approve-own-request';

export const requestNotFound = () => new AppError(404, 'err-not-found', formatMessage('request-not-found'));

const REFUSAL_MESSAGES: Record<RequestRefusal, string> = {
  'cannot-approve-own-request': formatMessage('cannot-approve-own-request'),
  'change-request-other-sites':
    "You cannot approve this change: the person's children attend a site you cannot edit.",
  'third-party-managed-details': formatMessage('third-party-managed-details'),
};
/** A refused decision: 403 with the refusal as its code (the widget's i18n key). */
export const refused = (reason: RequestRefusal) => new AppError(403, reason, REFUSAL_MESSAGES[reason]);

const invalid = (message: string) => new AppError(400, 'err-invalid-request', message);

// ---- Booking requests -----------------------------------------------------------------------------

/** GET booking-requests: the site's pending requests from today on (earlier ones can no longer be marked off). */
export async function getBookingRequests(
  { db, clock }: RequestDeps,
  auth: AuthContext,
  siteID: number | undefined,
): Promise<BookingRequestsAnswer> {
  const chosen = siteID ?? auth.siteId;
  if (chosen == null) throw invalid('siteID: choose a site first.');
  const siteId = assertSite(auth, chosen);
  const zone = await siteZone(db, auth.providerId, siteId);
  if (!zone) throw notFound('Site not found.');
  const [rows, categories] = await Promise.all([
    pendingBookingRequests(db, auth.providerId, siteId, todayInZone(clock.now(), zone)),
    markOffCategoryRows(db, auth.providerId),
  ]);
  return {
    siteID: siteId,
    requests: rows.map((row) => bookingRequestItem(row, bookingActions(auth, row))),
    markOffCategories: categories,
  };
}

/** The mark-off notes of an approved request: the requester's notes, else the response, else a note of the approval. */
function markOffNotes(row: BookingRequestRow, responseNotes: string | null): string {
  const text = [row.requestNotes, responseNotes].find((n) => n != null && n.trim() !== '');
  return (text ?? 'Booking request approved.').slice(0, MARK_OFF_NOTES_LIMIT);
}

function decisionMessage(row: BookingRequestRow, approved: boolean, responseNotes: string | null): string {
  const what = `Your request to mark ${row.childForename} ${row.childSurname} off on ${formatDate(row.date)} (${row.comboName})`;
  const outcome = `${what} has been ${approved ? 'approved' : 'declined'}.`;
  return responseNotes ? `${outcome} ${responseNotes}` : outcome;
}

/**
 * PUT booking-requests/:id. Approving marks the session off exactly as the register's mark-off does
 * (its checks and writes) and decides the request, in one transaction; `notify` sends the requester an
 * in-app message when they have an account.
 */
export async function decideBooking(
  { db, clock }: RequestDeps,
  auth: AuthContext,
  id: number,
  body: BookingRequestDecisionBody,
): Promise<RequestDecision> {
  const now = clock.now();
  const categoryId = body.ocID ?? null;
  if (body.approved && categoryId === null)
    throw new AppError(
      400,
      MUST_SELECT_CATEGORY,
      'You must select a mark off category to approve the request.',
    );
  const responseNotes = normaliseDetail(body.responseNotes);
  return db.transaction(async (tx) => {
    const row = await lockPendingBookingRequest(tx, auth.providerId, id);
    if (!row || !mayUseSite(auth, row.childSiteId)) throw requestNotFound();
    const actions = bookingActions(auth, row);
    if (!(body.approved ? actions.approve : actions.decline)) throw refused(actions.reason ?? OWN_REQUEST);
    if (body.approved) {
      await markOffIn(tx, now, auth, row.childId, {
        date: row.date,
        comboIDs: [row.comboId],
        markOffCategoryID: categoryId,
        notes: markOffNotes(row, responseNotes),
      });
    }
    const status = body.approved ? 'approved' : 'declined';
    await auditChange(tx, auth, 'decide', [{ type: 'request', id, childId: row.childId }], now);
    await decideBookingRequest(tx, auth.providerId, id, {
      status,
      categoryId: body.approved ? categoryId : null,
      responseNotes,
      userId: auth.userId,
      now,
    });
    if (body.notify) {
      const userId = await userOfPerson(tx, auth.providerId, row.personId);
      if (userId !== undefined)
        await insertInAppMessage(
          tx,
          auth.providerId,
          userId,
          {
            message: decisionMessage(row, body.approved, responseNotes),
            requestID: id,
            childID: row.childId,
            date: row.date,
            approved: body.approved,
          },
          now,
        );
    }
    return { id, status };
  });
}

// ---- Change requests ------------------------------------------------------------------------------

export async function getChangeRequests(
  { db }: RequestDeps,
  auth: AuthContext,
): Promise<ChangeRequestsAnswer> {
  const rows = await pendingChangeRequests(db, auth.providerId, changeRequestTables(auth.permissions));
  return { requests: rows.map((row) => changeRequestItem(row, changeActions(auth, row))) };
}

async function lockChangeRequest(
  tx: Parameters<typeof lockPendingChangeRequest>[0],
  auth: AuthContext,
  id: number,
) {
  const row = await lockPendingChangeRequest(tx, auth.providerId, id);
  if (!row) throw requestNotFound();
  if (!mayDecideTable(auth, row.tableName)) throw forbidden();
  return row;
}

/**
 * POST change-requests/approve/:id: the given field values (names among the requested ones; the
 * requested values unless the approver corrected them) are applied to the person's details, and the
 * old and new values recorded in audit_log, in one transaction.
 */
export async function approveChange(
  { db, clock }: RequestDeps,
  auth: AuthContext,
  id: number,
  body: ChangeRequestApproveBody,
): Promise<RequestDecision> {
  const now = clock.now();
  const given = Object.entries(body.fields).filter(([, v]) => v !== undefined) as [
    PersonDetail,
    string | null,
  ][];
  if (given.length === 0) throw invalid('fields: give the values to apply.');
  return db.transaction(async (tx) => {
    const row = await lockChangeRequest(tx, auth, id);
    const actions = changeActions(auth, row);
    if (!actions.approve) throw refused(actions.reason ?? OWN_REQUEST);
    const requested = requestedFields(row.fields);
    const values: Partial<Record<PersonDetail, string | null>> = {};
    const changes: Record<string, { old: string | null; new: string | null }> = {};
    for (const [name, value] of given) {
      if (!requested.includes(name)) throw invalid(`fields.${name}: not a field of this request.`);
      values[name] = normaliseDetail(value);
      changes[name] = { old: row[name], new: values[name] ?? null };
    }
    await updatePersonDetails(tx, auth.providerId, row.personId, values);
    await insertAudit(tx, auth.providerId, {
      userId: auth.userId,
      action: 'change-request-approved',
      entity: 'person',
      entityId: row.personId,
      details: { requestID: id, tablename: row.tableName, changes },
      now,
    });
    await decideChangeRequest(tx, auth.providerId, id, 'approved', auth.userId, now);
    return { id, status: 'approved' };
  });
}

/** DELETE change-requests/:id: declines (one's own cannot be declined either). */
export async function declineChange(
  { db, clock }: RequestDeps,
  auth: AuthContext,
  id: number,
): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const row = await lockChangeRequest(tx, auth, id);
    const actions = changeActions(auth, row);
    if (!actions.decline) throw refused(actions.reason ?? OWN_REQUEST);
    await decideChangeRequest(tx, auth.providerId, id, 'declined', auth.userId, now);
  });
}

// ---- GDPR erasure requests -----------------------------------------------------------------------

export async function getGdprRequests(
  { db }: RequestDeps,
  auth: AuthContext,
): Promise<GdprErasureRequestsAnswer> {
  const rows = await pendingGdprRequests(db, auth.providerId);
  return { requests: rows.map((row) => gdprRequestItem(row, gdprActions(auth, row))) };
}

/**
 * POST gdpr-erasure-requests (issue 29): a request to erase a child's data, or a contact's (their
 * person). The subject must be one the user may see (a child, or a contact of a child, at one of their
 * sites; otherwise 404); one pending request per subject (409). Another approver decides it (approving
 * one's own is refused), as Home's requests widget does. Audited in the record trail for a child.
 */
export async function raiseGdpr(
  { db, clock }: RequestDeps,
  auth: AuthContext,
  body: GdprErasureRaiseBody,
): Promise<GdprErasureRequestItem> {
  const now = clock.now();
  const reason = body.reason?.trim() ? body.reason.trim() : null;
  const row = await db.transaction(async (tx) => {
    let subject: { childId: number } | { personId: number };
    if (body.childID !== undefined) {
      if (!(await childAtSites(tx, auth.providerId, body.childID, auth.siteIds)))
        throw notFound('Child not found.');
      subject = { childId: body.childID };
    } else {
      const personId = await contactPersonAtSites(tx, auth.providerId, body.contactID!, auth.siteIds);
      if (personId === null) throw notFound('Contact not found.');
      subject = { personId };
    }
    if (await pendingGdprRequestOf(tx, auth.providerId, subject))
      throw new AppError(
        409,
        'err-gdpr-request-pending',
        'An erasure request for them is already waiting for approval.',
      );
    const created = await insertGdprRequest(tx, auth.providerId, {
      childId: 'childId' in subject ? subject.childId : null,
      personId: 'personId' in subject ? subject.personId : null,
      creatorUserId: auth.userId,
      reason,
      now,
    });
    if ('childId' in subject)
      await auditChange(
        tx,
        auth,
        'create',
        [{ type: 'request', id: created.id, childId: subject.childId }],
        now,
      );
    return created;
  });
  return gdprRequestItem(row, gdprActions(auth, row));
}

/**
 * PUT gdpr-erasure-requests/:id. Approving erases the child's or person's data (erasure.ts) and writes
 * an audit row of who approved what (counts, never the erased values) in one transaction; the media
 * files only the erased journal held are deleted after the commit.
 */
export async function decideGdpr(
  { db, clock, jobs }: RequestDeps,
  auth: AuthContext,
  id: number,
  approved: boolean,
): Promise<RequestDecision> {
  const now = clock.now();
  const { decision, mediaPaths } = await db.transaction(async (tx) => {
    const row = await lockPendingGdprRequest(tx, auth.providerId, id);
    if (!row) throw requestNotFound();
    const actions = gdprActions(auth, row);
    if (!(approved ? actions.approve : actions.decline)) throw refused(actions.reason ?? OWN_REQUEST);
    const subject =
      row.childId != null
        ? { entity: 'child', entityId: row.childId }
        : { entity: 'person', entityId: row.personId as number };
    let outcome: ErasureOutcome = { counts: {}, mediaPaths: [] };
    if (approved)
      outcome =
        subject.entity === 'child'
          ? await eraseChild(tx, auth.providerId, subject.entityId, now)
          : await erasePerson(tx, auth.providerId, subject.entityId, now);
    await insertAudit(tx, auth.providerId, {
      userId: auth.userId,
      action: approved ? 'gdpr-erasure-approved' : 'gdpr-erasure-declined',
      ...subject,
      details: { requestID: id, creatorUserID: row.creatorUserId, erased: outcome.counts },
      now,
    });
    if (row.childId != null)
      await auditChange(tx, auth, 'decide', [{ type: 'request', id, childId: row.childId }], now);
    await decideGdprRequest(tx, auth.providerId, id, approved ? 'approved' : 'declined', auth.userId, now);
    const decision: RequestDecision = { id, status: approved ? 'approved' : 'declined' };
    return { decision, mediaPaths: outcome.mediaPaths };
  });
  // The files go in a background job (issue 32): retried on failure, a dead letter if it never works.
  if (mediaPaths.length > 0)
    await jobs.send('erased-media-files', { providerId: auth.providerId, paths: mediaPaths });
  return decision;
}
