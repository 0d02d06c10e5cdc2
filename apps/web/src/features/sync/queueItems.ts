/**
 * How the sync screen shows the device's waiting operations of the kinds other than events (issue 28:
 * one queue, one listing): a describe function per kind turns an operation into a line (its title,
 * when it was made, its status, its error), says where a conflict of it is settled, and whether an
 * error may be retried by sending again. Pure: the staff names come from the staff register as the
 * device holds it (a lookup the screen hands in), the words from the sync screen's strings.
 */
import type { ShiftAction } from '@nursery/domain/registers';
import { medicationDataOf } from '../../lib/offline/medicationOperation';
import type { OperationError, OperationRow } from '../../lib/offline/operations';
import { QUEUE_KINDS } from '../../lib/offline/operations';
import { fromSpotlightOperation, type SpotlightOperation } from '../../lib/offline/spotlightOperation';
import type { ShiftChange } from '../staff-register';

/** The queues other than events, in the order the screen shows them, each under its heading. */
export const QUEUE_GROUPS = ['staff-register', 'register', 'spotlight', 'medication'] as const;
export type QueueGroup = (typeof QUEUE_GROUPS)[number];

export interface QueueItemView {
  uuid: string;
  group: QueueGroup;
  status: string;
  title: string;
  /** When the change was made (ms epoch). */
  at: number;
  error: OperationError | null;
  /** Where its conflict is settled (the kind's own screen). */
  resolveAt: string;
  /** An error of this kind may go again (a refused register send); others will not save by resending. */
  retryable: boolean;
}

type Translate = (key: string, params?: Record<string, string>) => string;

export interface DescribeContext {
  t: Translate;
  /** The staff member's name of a shift, from the staff register on the device; null when unknown. */
  staffName: (siteID: number, date: string, shiftID: number) => string | null;
}

/** The staff register's action as the line's words (undo names what it undoes). */
function shiftActionKey(action: ShiftAction): string {
  if (action.action === 'undo') return `sync-staff-undo-${action.undo}`;
  return `sync-staff-${action.action}`;
}

function describeShift(op: OperationRow, { t, staffName }: DescribeContext): QueueItemView | null {
  const change = (op.data as { change?: ShiftChange } | null)?.change;
  if (!change || typeof change.action !== 'object') return null;
  const name = staffName(change.siteID, change.date, change.shiftID) ?? t('sync-staff-someone');
  return {
    ...common(op),
    group: 'staff-register',
    title: t(shiftActionKey(change.action), { name }),
    resolveAt: `/staff-register/${change.siteID}/times/${change.date}`,
    retryable: false,
  };
}

interface BookingData {
  childName?: unknown;
  actualStart?: unknown;
  actualEnd?: unknown;
  serverEnd?: unknown;
}

/** A kept register change as what the user did: a check-out, a check-in, or an undo of one. */
function bookingActionKey(data: BookingData): string {
  if (data.actualEnd !== null && data.actualEnd !== undefined && data.actualEnd !== data.serverEnd)
    return 'sync-register-check-out';
  if (data.actualStart !== null && data.actualStart !== undefined) return 'sync-register-check-in';
  return 'sync-register-undo';
}

function describeBooking(op: OperationRow, { t }: DescribeContext): QueueItemView | null {
  const data = op.data as BookingData | null;
  if (!data || typeof data.childName !== 'string') return null;
  return {
    ...common(op),
    group: 'register',
    title: t(bookingActionKey(data), { child: data.childName }),
    resolveAt: '/conflict',
    retryable: true,
  };
}

function describeSpotlight(op: OperationRow): QueueItemView | null {
  const row = fromSpotlightOperation(op as SpotlightOperation);
  if (!row) return null;
  return {
    ...common(op),
    group: 'spotlight',
    title: row.title,
    // Spotlight's waiting list settles its saves (a conflict is deleted there and done again).
    resolveAt: '/spotlight/add',
    retryable: false,
  };
}

function describeMedication(op: OperationRow): QueueItemView | null {
  const data = medicationDataOf(op);
  if (!data) return null;
  return {
    ...common(op),
    group: 'medication',
    title: data.title,
    // A refused or conflicting legal record is deleted here and recorded again, never merged.
    resolveAt: data.eventID !== null ? `/events/${data.eventID}` : '/events/new/medication',
    retryable: false,
  };
}

function common(op: OperationRow): Pick<QueueItemView, 'uuid' | 'status' | 'at' | 'error'> {
  return { uuid: op.uuid, status: op.status, at: op.createdAt, error: op.error ?? null };
}

const DESCRIBERS: Record<string, (op: OperationRow, context: DescribeContext) => QueueItemView | null> = {
  [QUEUE_KINDS.staffShift]: describeShift,
  [QUEUE_KINDS.registerBooking]: describeBooking,
  [QUEUE_KINDS.spotlightSave]: describeSpotlight,
  [QUEUE_KINDS.medicationSave]: describeMedication,
};

/** The operation as the sync screen's line; null for a kind or a shape this build does not know. */
export function describeOperation(op: OperationRow, context: DescribeContext): QueueItemView | null {
  return DESCRIBERS[op.kind]?.(op, context) ?? null;
}
