// Reminders (spec 002 §4 Reminders and drafts, §5 Reminders, §6 addEvents / canEditReminders, §7 POST
// events): a task event with the Reminder code about children and/or staff. The events module's save
// command makes one event per child and knows no staff subjects, so a reminder is saved here: one
// event (child_id null) with its subjects in event_subjects, as the demo's reminders are stored. The
// event rules it shares (status transitions, history rows, the first priority) are the events module's.
import { randomUUID } from 'node:crypto';
import { type CalendarDate, formatMessage, todayInZone, zonedDateTime } from '@nursery/domain/common';
import {
  normaliseReminderNotes,
  type ReminderCreatePayload,
  type ReminderSaved,
  type ReminderSubject,
  type ReminderUpdatePayload,
  reminderNotesLimit,
  reminderProblems,
} from '@nursery/domain/home';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventSubjects, events } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pgError } from '../../lib/pg-error.ts';
import { type AuthContext, assertSite, mayUseSite } from '../../plugins/auth.ts';
import {
  childrenFor,
  type EventPolicy,
  eventsBySave,
  firstPriorityId,
  insertHistory,
  loadEventPolicy,
  type Tx,
  updateEventRow,
  visibleEventById,
} from '../events/index.ts';
import { staffAtSite } from '../staff/index.ts';
import { canEditReminders, type ReminderKind, reminderKind } from './policy.ts';
import { homeSite } from './queries.ts';

/** The preferred status of a new reminder: Published, else Pending, else Draft (what the role allows). */
const NEW_REMINDER_STATUSES = [5, 3, 1] as const;

export type ReminderSaveResult = { status: 200 | 201; saved: ReminderSaved };

interface Subjects {
  childIds: number[];
  staffIds: number[];
}

function splitSubjects(subjects: ReminderSubject[]): Subjects {
  const childIds = new Set<number>();
  const staffIds = new Set<number>();
  for (const s of subjects) {
    if ('childID' in s) childIds.add(s.childID);
    else staffIds.add(s.staffID);
  }
  return { childIds: [...childIds], staffIds: [...staffIds] };
}

function requireKind(policy: EventPolicy): ReminderKind {
  const kind = reminderKind(policy);
  if (!kind) throw new AppError(400, 'no-reminder-code', formatMessage('no-reminder-code'));
  return kind;
}

/** The spec's validation (§5), with its messages: subjects, due day, notes. */
function checkFields(
  p: { due: CalendarDate; notes: string },
  subjects: Subjects,
  today: CalendarDate,
  limit: number,
  dueUnchanged = false,
) {
  const problems = reminderProblems(
    { subjects: subjects.childIds.length + subjects.staffIds.length, due: p.due, notes: p.notes },
    today,
    limit,
  ).filter((problem) => !(dueUnchanged && problem.field === 'due'));
  const problem = problems[0];
  if (!problem) return;
  if (problem.field === 'notes') {
    throw new AppError(400, 'err-text-too-long', formatMessage(problem.key, { limit: problem.limit }));
  }
  throw new AppError(400, problem.key, formatMessage(problem.key));
}

/** 404 unless every child is at the reminder's site and every staff member works there. */
async function checkSubjects(db: Db, auth: AuthContext, siteId: number, subjects: Subjects) {
  const [kids, staff] = await Promise.all([
    subjects.childIds.length ? childrenFor(db, auth.providerId, subjects.childIds) : [],
    subjects.staffIds.length ? staffAtSite(db, auth.providerId, siteId, subjects.staffIds) : [],
  ]);
  if (
    kids.length !== subjects.childIds.length ||
    kids.some((k) => k.site_id !== siteId || !mayUseSite(auth, k.site_id))
  ) {
    throw notFound('Child not found.');
  }
  if (staff.length !== subjects.staffIds.length) throw notFound('Staff member not found.');
}

async function insertSubjects(tx: Tx, providerId: number, eventId: number, subjects: Subjects) {
  const rows = [
    ...subjects.childIds.map((childId) => ({ providerId, eventId, childId })),
    ...subjects.staffIds.map((staffId) => ({ providerId, eventId, staffId })),
  ];
  if (rows.length) await tx.insert(eventSubjects).values(rows);
}

async function siteZone(db: Db, auth: AuthContext, siteID: number) {
  const siteId = assertSite(auth, siteID);
  const site = await homeSite(db, auth.providerId, siteId);
  if (!site) throw notFound('Site not found.');
  return { siteId, timeZone: site.timeZone };
}

const savedOf = (row: { id: number; version: number; statusId: number }): ReminderSaved => ({
  id: row.id,
  version: row.version,
  statusID: row.statusId,
});

/** POST api/v1/events: a new reminder (201), or the stored one when its uuid is sent again (200). */
export async function createReminder(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  auth: AuthContext,
  p: ReminderCreatePayload,
): Promise<ReminderSaveResult> {
  const { siteId, timeZone } = await siteZone(db, auth, p.siteID);
  const uuid = p.uuid ?? randomUUID();
  const flags = auth.providerFlags;
  const [policy, stored] = await Promise.all([
    loadEventPolicy(db, auth.providerId, auth.staffId),
    p.uuid ? eventsBySave(db, auth.providerId, p.uuid) : [],
  ]);
  if (stored[0]) return { status: 200, saved: savedOf(stored[0]) };
  const kind = requireKind(policy);
  if (
    (p.typeID !== undefined && p.typeID !== kind.type.id) ||
    (p.codeID !== undefined && p.codeID !== kind.codeId)
  ) {
    throw new AppError(
      400,
      'err-invalid-code',
      'typeID/codeID: not the enabled task type and Reminder code.',
    );
  }
  const now = clock.now();
  const subjects = splitSubjects(p.subjects);
  checkFields(p, subjects, todayInZone(now, timeZone), reminderNotesLimit(flags));
  const statusId = NEW_REMINDER_STATUSES.find((s) => policy.canMove(kind.type.id, undefined, null, s));
  if (statusId === undefined) {
    throw policy.transitionRefusal(kind.type.id, undefined, null, NEW_REMINDER_STATUSES[0])!;
  }
  await checkSubjects(db, auth, siteId, subjects);
  const priorityId = p.priorityID ?? (await firstPriorityId(db, auth.providerId));
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(events)
        .values({
          providerId: auth.providerId,
          saveUuid: uuid,
          typeId: kind.type.id,
          codeId: kind.codeId,
          childId: null,
          statusId,
          siteId,
          authorPersonId: auth.personId,
          authorStaffId: auth.staffId,
          notes: normaliseReminderNotes(p.notes),
          raised: now,
          due: zonedDateTime(p.due, '00:00', timeZone),
          priorityId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await insertSubjects(tx, auth.providerId, created!.id, subjects);
      await insertHistory(
        tx,
        auth.providerId,
        [{ eventId: created!.id, action: 'create', from: null, to: statusId }],
        auth.personId,
        now,
      );
      return created!;
    });
    return { status: 201, saved: savedOf(row) };
  } catch (err) {
    const pg = pgError(err);
    if (pg.code === '23505' && pg.constraint === 'events_save_child_key') {
      const [again] = await eventsBySave(db, auth.providerId, uuid);
      if (again) return { status: 200, saved: savedOf(again) };
    }
    if (pg.code === '23503')
      throw new AppError(400, 'err-invalid-request', 'A referenced item does not exist.');
    throw err;
  }
}

/** PUT api/v1/events/{id}: the reminder's subjects, due day and notes, at its version (409 otherwise). */
export async function updateReminder(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  auth: AuthContext,
  id: number,
  p: ReminderUpdatePayload,
): Promise<ReminderSaved> {
  const flags = auth.providerFlags;
  const policy = await loadEventPolicy(db, auth.providerId, auth.staffId);
  const e = await visibleEventById(db, auth.providerId, policy.visibility(auth.siteIds), id);
  const kind = reminderKind(policy);
  const isReminder = e && kind && e.typeId === kind.type.id && e.codeId === kind.codeId;
  if (!e || !isReminder) {
    throw notFound('Reminder not found.');
  }
  if (p.siteID !== e.siteId)
    throw new AppError(400, 'err-invalid-request', 'siteID: not the reminder’s site.');
  if (!canEditReminders(flags, kind) || !policy.editable(e.typeId, e.authorStaffId, e.statusId)) {
    throw new AppError(403, 'err-not-editable', 'You cannot edit this reminder.');
  }
  if (p.version !== e.version) {
    throw new AppError(
      409,
      'err-conflict',
      'The reminder was changed by someone else. Reload and try again.',
    );
  }
  const { timeZone } = await siteZone(db, auth, e.siteId);
  const now = clock.now();
  const subjects = splitSubjects(p.subjects);
  const due = zonedDateTime(p.due, '00:00', timeZone);
  checkFields(
    p,
    subjects,
    todayInZone(now, timeZone),
    reminderNotesLimit(flags),
    e.due?.getTime() === due.getTime(),
  );
  await checkSubjects(db, auth, e.siteId, subjects);
  const row = await db.transaction(async (tx) => {
    const updated = await updateEventRow(tx, auth.providerId, e.id, p.version, {
      notes: normaliseReminderNotes(p.notes),
      due,
      updatedAt: now,
    });
    if (!updated) return null;
    await tx
      .delete(eventSubjects)
      .where(and(eq(eventSubjects.providerId, auth.providerId), eq(eventSubjects.eventId, e.id)));
    await insertSubjects(tx, auth.providerId, e.id, subjects);
    await insertHistory(
      tx,
      auth.providerId,
      [{ eventId: e.id, action: 'update', from: e.statusId, to: e.statusId }],
      auth.personId,
      now,
    );
    return updated;
  });
  if (!row)
    throw new AppError(
      409,
      'err-conflict',
      'The reminder was changed by someone else. Reload and try again.',
    );
  return savedOf(row);
}
