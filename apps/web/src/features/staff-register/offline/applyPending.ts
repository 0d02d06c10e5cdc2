/**
 * The register as the user left it on this device: the cached answer with the changes still waiting
 * to be sent (spec 002 §4 "Staff register": check-in sets actualFrom only if empty, check-out sets
 * actualTo only if checked in and not out, breaks, mark-off clears actual times, signatures and
 * breaks, undo clears the times). The server's rules (packages/domain/src/staffRegister.ts) decide
 * whether a change applies and what the shift then allows; a change they refuse shows nothing. A
 * signature drawn on the device shows as its own data URL until the server stores it.
 */
import {
  activeBreak,
  canCheckIn,
  canCheckOut,
  canEditBreaks,
  canEndBreak,
  canMarkOff,
  canStartBreak,
  canUndoCheckIn,
  canUndoCheckOut,
  canUndoMarkOff,
  isWorking,
  parseAdditionalMinutes,
  registerShiftActor,
  type Shift,
  type ShiftAction,
  type ShiftActor,
  type ShiftBreak,
  type ShiftStatus,
  type StaffRegisterAnswer,
  shiftBreakDuration,
  shiftBreakMins,
  shiftPermittedActions,
  shiftState,
  sortShiftBreaks,
  WORKING_STATUS_CODE,
} from '@nursery/domain/registers';
import type { ShiftChange } from '../changeTypes';

export interface ApplyContext {
  statuses: readonly ShiftStatus[];
  actor: ShiftActor;
  /** An id for a break made on the device (negative: never a server id). */
  newBreakID: () => number;
}

const NO_SIGNATURES = { actualFrom: null, actualTo: null };

const breakOf = (
  id: number,
  timeFrom: string,
  timeTo: string | null,
  signatures: ShiftBreak['signatures'],
) => ({
  id,
  timeFrom,
  timeTo,
  durationMins: shiftBreakDuration({ timeFrom, timeTo }),
  signatures,
});

/** The fields the server derives (breakMins, state, activeBreak, permittedActions), from the rest. */
function derived(shift: Shift, actor: ShiftActor): Shift {
  const breaks = sortShiftBreaks(shift.breaks);
  const running = activeBreak(breaks);
  const rules = { ...shift, breaks };
  return {
    ...shift,
    breaks,
    activeBreak: running ? { id: running.id, timeFrom: running.timeFrom } : null,
    breakMins: shiftBreakMins(rules),
    state: shiftState(rules),
    permittedActions: shiftPermittedActions(rules, actor),
  };
}

const signatureOf = (action: ShiftAction) => ('signature' in action ? (action.signature ?? null) : null);

/** One change on one shift, as the server would apply it; a change its rules refuse leaves it as it is. */
export function applyShiftAction(shift: Shift, action: ShiftAction, ctx: ApplyContext): Shift {
  const next = changed(shift, action, ctx);
  return next === shift ? shift : derived(next, ctx.actor);
}

function changed(s: Shift, action: ShiftAction, ctx: ApplyContext): Shift {
  const running = activeBreak(s.breaks);
  switch (action.action) {
    case 'checkIn':
      if (!canCheckIn(s)) return s;
      return {
        ...s,
        actualFrom: action.time,
        signatures: { ...s.signatures, actualFrom: signatureOf(action) },
      };
    case 'checkOut': {
      if (!canCheckOut(s) || action.time < (s.actualFrom ?? '')) return s;
      // Checking out ends the running break at the check-out time.
      const breaks = s.breaks.map((b) =>
        b === running ? breakOf(b.id, b.timeFrom, action.time, { ...b.signatures, timeTo: null }) : b,
      );
      return {
        ...s,
        actualTo: action.time,
        breaks,
        signatures: { ...s.signatures, actualTo: signatureOf(action) },
      };
    }
    case 'startBreak':
      if (!canStartBreak(s)) return s;
      return {
        ...s,
        breaks: [
          ...s.breaks,
          breakOf(ctx.newBreakID(), action.time, null, { timeFrom: signatureOf(action), timeTo: null }),
        ],
      };
    case 'endBreak':
      if (!canEndBreak(s) || !running || action.time < running.timeFrom) return s;
      return {
        ...s,
        breaks: s.breaks.map((b) =>
          b === running
            ? breakOf(b.id, b.timeFrom, action.time, { ...b.signatures, timeTo: signatureOf(action) })
            : b,
        ),
      };
    case 'saveBreaks': {
      if (!canEditBreaks(s)) return s;
      const known = new Map(s.breaks.map((b) => [b.id, b]));
      const breaks = action.breaks.map((b) => {
        const was = b.id === null ? undefined : known.get(b.id);
        // A moved start or end loses its signature (it confirmed the time as it was).
        const signatures = {
          timeFrom: was && was.timeFrom === b.timeFrom ? was.signatures.timeFrom : null,
          timeTo: was && was.timeTo === b.timeTo ? was.signatures.timeTo : null,
        };
        return breakOf(was ? was.id : ctx.newBreakID(), b.timeFrom, b.timeTo, signatures);
      });
      return { ...s, breaks, additionalMins: parseAdditionalMinutes(action.additionalMins) ?? 0 };
    }
    case 'markOff': {
      const status = ctx.statuses.find((x) => x.id === action.statusID);
      if (!canMarkOff(s) || !status || status.code === WORKING_STATUS_CODE) return s;
      const notes = action.notes.trim();
      return {
        ...s,
        actualFrom: null,
        actualTo: null,
        breaks: [],
        additionalMins: 0,
        signatures: NO_SIGNATURES,
        statusID: status.id,
        status,
        notes: notes === '' ? null : notes,
      };
    }
    case 'undo':
      return undone(s, action.undo, ctx);
    case 'amendTimes': {
      if (!isWorking(s)) return s;
      if (action.actualTo !== null && (action.actualFrom === null || action.actualTo < action.actualFrom))
        return s;
      return {
        ...s,
        actualFrom: action.actualFrom,
        actualTo: action.actualTo,
        signatures: {
          actualFrom: action.actualFrom === s.actualFrom ? s.signatures.actualFrom : null,
          actualTo: action.actualTo === s.actualTo ? s.signatures.actualTo : null,
        },
      };
    }
  }
}

function undone(s: Shift, what: 'checkIn' | 'checkOut' | 'markOff', ctx: ApplyContext): Shift {
  if (what === 'markOff') {
    const working = ctx.statuses.find((x) => x.code === WORKING_STATUS_CODE);
    if (!canUndoMarkOff(s) || !working) return s;
    return { ...s, statusID: working.id, status: working, notes: null };
  }
  if (what === 'checkOut') {
    if (!canUndoCheckOut(s)) return s;
    return { ...s, actualTo: null, signatures: { ...s.signatures, actualTo: null } };
  }
  if (!canUndoCheckIn(s)) return s;
  return { ...s, actualFrom: null, actualTo: null, breaks: [], additionalMins: 0, signatures: NO_SIGNATURES };
}

/** A counter of device-made break ids for one showing of the register: -1, -2, ... */
export function breakIDs(): () => number {
  let next = 0;
  return () => {
    next -= 1;
    return next;
  };
}

/** The cached register with the waiting changes of its site day shown, in the order made. */
export function applyPending(
  answer: StaffRegisterAnswer,
  changes: readonly ShiftChange[],
): StaffRegisterAnswer {
  const byShift = new Map<number, ShiftChange[]>();
  for (const c of changes) {
    if (c.siteID !== answer.siteID || c.date !== answer.date) continue;
    byShift.set(c.shiftID, [...(byShift.get(c.shiftID) ?? []), c]);
  }
  if (byShift.size === 0) return answer;
  const newBreakID = breakIDs();
  const staff = answer.staff.map((member) => {
    if (!member.shifts.some((s) => byShift.has(s.id))) return member;
    const ctx: ApplyContext = {
      statuses: answer.shiftStatuses,
      actor: registerShiftActor(answer.permittedActions, member.id === answer.viewer.staffID, answer.today),
      newBreakID,
    };
    return {
      ...member,
      shifts: member.shifts.map((shift) =>
        (byShift.get(shift.id) ?? []).reduce((s, c) => applyShiftAction(s, c.action, ctx), shift),
      ),
    };
  });
  return { ...answer, staff };
}
