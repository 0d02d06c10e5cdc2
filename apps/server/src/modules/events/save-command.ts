// THE event save command (issue 28): REST POST/PUT api/v2/events and GraphQL updateEvent (the
// Spotlight editor) both save through `runEventSave`. The rules every save obeys live here once:
// visibility (a hidden event is not found before anything is judged), the version check (a stale
// edit is a conflict, also when another save wins the race), who may edit, the status transition,
// future dates, the two-year check, idempotency (a save uuid already stored answers the stored events
// to their author), the one transaction with its history rows, audit trail and the notifications of a
// publish, and the database's refusals that are the client's.
//
// What an event type has of its own (REST's gradings, meals and next steps; Spotlight's gradings,
// best fits, checkpoints and consideration; later a medication record's fields) comes in through a
// small per-type part, `EventSavePart`: its checks and the columns and rows it writes.
import { randomUUID } from 'node:crypto';
import { EventStatus, formatMessage } from '@nursery/domain/common';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pgError } from '../../lib/pg-error.ts';
import { auditChangeInserts, eventRecord } from '../../lib/record-audit.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { eventsPublished } from '../notifications/index.ts';
import {
  childrenFor,
  type EventRecord,
  eventsBySave,
  type NewEvent,
  type Tx,
  visibleEventById,
} from './event-queries.ts';
import { medicationChangeRefusal } from './medication-guard.ts';
import { type EventPolicy, loadEventPolicy } from './policy.ts';
import { checkFutureDate, checkTwoYear, ownReplay, type TypeAndCode } from './save-rules.ts';
import {
  historyInserts,
  insertEvents,
  type PendingInsert,
  runInserts,
  updateEventRow,
} from './write-queries.ts';

/** What the command needs of a save, whatever API it came through. */
export interface EventSaveRequest {
  /** An edit of this stored event (with the version the client edited); absent for a new event. */
  edit?: { id: number; version: number };
  /** The save uuid the new events are stored under; absent: a fresh one per event. */
  saveUuid?: string;
  /** Whether a save uuid already stored answers the stored events (an offline retry). */
  replayable: boolean;
  /** The children the new event(s) are about (one event each); read with the rest. */
  childIds: number[];
  /** The status the save moves the event(s) to. */
  statusId: number;
}

export type ChildOfSave = { id: number; site_id: number; dob: string };

/** What the command read before the part's checks. */
export interface SaveContext {
  db: Db;
  auth: AuthContext;
  policy: EventPolicy;
  flags: Record<string, unknown>;
  /** The server's clock at the save (future dates, timestamps). */
  now: Date;
  request: EventSaveRequest;
  /** The event being edited (visible to the user); undefined for a new one. */
  stored?: EventRecord;
  /** The children of request.childIds that exist for the provider (any site: the part judges). */
  kids: ChildOfSave[];
}

/** The part's verdict: what the shared rules judge and the command writes. */
export interface CheckedSave {
  typeId: number;
  tc: TypeAndCode;
  raised: Date;
  /** The end time the future-date rule judges (a sleep's), if the type has one. */
  date2?: string | null;
  /** The type's own columns of the event row (a new event's and an edit's). */
  columns: Partial<NewEvent> & Pick<NewEvent, 'codeId' | 'raised'>;
}

export interface SaveTarget {
  eventId: number;
  childId: number | null;
}

/** One event type's own part of a save (REST's plain events, Spotlight's editor, ...). */
export interface EventSavePart<C extends CheckedSave> {
  /** A stored event this part does not save is not found through it (e.g. Spotlight: snapshots). */
  saves?(stored: EventRecord, policy: EventPolicy): boolean;
  /** The type's checks before the shared ones (type, code, children, its fields). */
  check(ctx: SaveContext): Promise<C>;
  /** The type's checks after the shared ones (texts, content, gradings, media, ...). */
  checkAfter?(ctx: SaveContext, checked: C): Promise<void> | void;
  /** Writes a new event's parts; `alongside` (history, audit) may go in the same statement. */
  writeCreated(
    tx: Tx,
    ctx: SaveContext,
    checked: C,
    targets: SaveTarget[],
    alongside: PendingInsert[],
  ): Promise<void>;
  /** Replaces an edited event's parts. */
  writeUpdated(tx: Tx, ctx: SaveContext, checked: C, target: SaveTarget): Promise<void>;
  /** What the history entry records of the change (old and new values), if the type keeps it. */
  historyDetails?(ctx: SaveContext, checked: C): unknown;
}

/**
 * created: stored now; replayed: the events of a save uuid already stored; updated: an edit stored;
 * conflict: the version edited is not the stored one (current: the event now, if still visible).
 */
export type SaveOutcome =
  | { kind: 'created' | 'replayed' | 'updated'; rows: EventRecord[] }
  | { kind: 'conflict'; current: EventRecord | undefined };

/** The one save command of events. */
export async function runEventSave<C extends CheckedSave>(
  deps: AppDeps,
  auth: AuthContext,
  request: EventSaveRequest,
  part: EventSavePart<C>,
): Promise<SaveOutcome> {
  const { db } = deps;
  const { edit, saveUuid } = request;
  const replayKey = request.replayable && !edit ? saveUuid : undefined;
  const policy = await loadEventPolicy(db, auth.providerId, auth.staffId);
  // The reads of a save do not depend on each other: one parallel round (separate connections on
  // PostgreSQL), then the checks in their order.
  const flags = auth.providerFlags;
  const [stored, kids, replay] = await Promise.all([
    // THE visibility rule: an event the user may not see is not found before anything is judged.
    edit ? visibleEventById(db, auth.providerId, policy.visibility(auth.siteIds), edit.id) : undefined,
    childrenFor(db, auth.providerId, [...new Set(request.childIds)]),
    replayKey ? eventsBySave(db, auth.providerId, replayKey) : [],
  ]);
  if (ownReplay(replay, auth).length) return { kind: 'replayed', rows: replay };

  if (edit) {
    if (!stored) throw notFound('Event not found.');
    // A published medication record is a legal record: no save changes it, whichever API it came by.
    const locked = medicationChangeRefusal(policy, stored);
    if (locked) throw locked;
    if (part.saves && !part.saves(stored, policy)) throw notFound('Event not found.');
    if (edit.version !== stored.version) return { kind: 'conflict', current: stored };
    if (!policy.editable(stored.typeId, stored.authorStaffId, stored.statusId))
      throw new AppError(403, 'err-not-editable', 'Your role cannot edit this event in its current status.');
  }
  const ctx: SaveContext = { db, auth, policy, flags, now: deps.clock.now(), request, stored, kids };
  const checked = await part.check(ctx);
  checkSharedRules(ctx, checked);
  if (!stored && checked.tc.twoyear) await checkTwoYear(db, auth.providerId, kids, checked.raised);
  await part.checkAfter?.(ctx, checked);

  try {
    const rows = stored
      ? await writeUpdate(ctx, stored, checked, part)
      : await writeCreate(ctx, checked, part);
    if (rows) return { kind: stored ? 'updated' : 'created', rows };
    const current = await visibleEventById(db, auth.providerId, policy.visibility(auth.siteIds), stored!.id);
    return { kind: 'conflict', current };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const pg = pgError(err);
    if (pg.code === '23505' && pg.constraint === 'events_save_child_key' && replayKey) {
      // Another request with the same save uuid won the race: its events are the answer.
      const again = ownReplay(await eventsBySave(db, auth.providerId, replayKey), auth);
      if (again.length) return { kind: 'replayed', rows: again };
    }
    if (pg.code === '23505' && pg.constraint === 'events_twoyear_child_key')
      throw new AppError(409, 'twoyear-in-progress', formatMessage('twoyear-in-progress'));
    // A reference to nothing (an item, an age range, a meal) is the client's error.
    if (pg.code === '23503')
      throw new AppError(400, 'err-invalid-request', 'A referenced item does not exist.');
    throw err;
  }
}

/** The status change the role allows, the future-date rule and the two-year lock of an edit. */
function checkSharedRules(ctx: SaveContext, checked: CheckedSave) {
  const { policy, stored, request } = ctx;
  if (!stored || request.statusId !== stored.statusId) {
    // A new event moves from "no status" as a new event of the user (authorStaffId undefined).
    const refusal = stored
      ? policy.transitionRefusal(stored.typeId, stored.authorStaffId, stored.statusId, request.statusId)
      : policy.transitionRefusal(checked.typeId, undefined, null, request.statusId);
    if (refusal) throw refusal;
  }
  checkFutureDate(checked.tc, checked.raised, checked.date2, ctx.now, stored);
  if (stored && checked.tc.twoyear !== stored.twoyear)
    throw new AppError(
      400,
      'err-invalid-code',
      'The two-year check code cannot be added to or removed from an existing event.',
    );
}

async function writeCreate<C extends CheckedSave>(ctx: SaveContext, checked: C, part: EventSavePart<C>) {
  const { db, auth, now, request, kids } = ctx;
  return db.transaction(async (tx) => {
    const rows = await insertEvents(
      tx,
      [...new Set(request.childIds)].map((childId) => ({
        providerId: auth.providerId,
        saveUuid: request.saveUuid ?? randomUUID(),
        typeId: checked.typeId,
        childId,
        statusId: request.statusId,
        siteId: kids.find((k) => k.id === childId)!.site_id,
        authorPersonId: auth.personId,
        authorStaffId: auth.staffId,
        twoyear: checked.tc.twoyear,
        baseline: checked.tc.baseline,
        createdAt: now,
        updatedAt: now,
        ...checked.columns,
      })),
    );
    const targets = rows.map((r) => ({ eventId: r.id, childId: r.childId }));
    await part.writeCreated(tx, ctx, checked, targets, [
      ...historyInserts(
        tx,
        auth.providerId,
        rows.map((r) => ({
          eventId: r.id,
          action: 'create' as const,
          from: null,
          to: r.statusId,
          details: part.historyDetails?.(ctx, checked),
        })),
        auth.personId,
        now,
      ),
      ...auditChangeInserts(tx, auth, 'create', rows.map(eventRecord), now),
    ]);
    if (request.statusId === EventStatus.Published)
      await eventsPublished(
        tx,
        auth.providerId,
        now,
        auth.userId,
        rows.map((r) => ({ id: r.id, childId: r.childId })),
      );
    return rows;
  });
}

/** The edit, guarded by the version checked: undefined when another save moved it since. */
async function writeUpdate<C extends CheckedSave>(
  ctx: SaveContext,
  stored: EventRecord,
  checked: C,
  part: EventSavePart<C>,
) {
  const { db, auth, now, request } = ctx;
  return db.transaction(async (tx) => {
    const row = await updateEventRow(tx, auth.providerId, stored.id, stored.version, {
      statusId: request.statusId,
      baseline: checked.tc.baseline,
      updatedAt: now,
      ...checked.columns,
    });
    if (!row) return undefined;
    await part.writeUpdated(tx, ctx, checked, { eventId: row.id, childId: row.childId });
    const moved = row.statusId !== stored.statusId;
    const action = moved ? 'transition' : 'update';
    await runInserts(tx, [
      ...historyInserts(
        tx,
        auth.providerId,
        [
          {
            eventId: row.id,
            action,
            from: stored.statusId,
            to: row.statusId,
            details: part.historyDetails?.(ctx, checked),
          },
        ],
        auth.personId,
        now,
      ),
      ...auditChangeInserts(tx, auth, action, [eventRecord(row)], now),
    ]);
    if (moved && row.statusId === EventStatus.Published)
      await eventsPublished(tx, auth.providerId, now, auth.userId, [{ id: row.id, childId: row.childId }]);
    return [row];
  });
}
