/**
 * Sending the user's changes of shifts (online path; spec 002 §2 "Conflict panel", §4, §9): each
 * action carries the version of the shift the user saw; the answered shift goes into the cached
 * register at once. A 412 'err-shift-changed' becomes a conflict (mine against theirs) for the
 * conflict panel. Offline, or when the request never reaches the server, the change goes to
 * `enqueueOffline` (the device's queue) when one is given; otherwise the user is told and keeps
 * their input. The breaks modal's saves wait 500 ms (another save of the same shift replaces it).
 */
import { type BulkShiftsAnswer, type Shift, type ShiftAction, saveDueAt } from '@nursery/domain/registers';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, NetworkError } from '../../lib/api';
import { now } from '../../lib/clock';
import { isOffline } from '../../lib/connectivity';
import { staffRegisterApi } from './api';
import type { ConflictChoice, ShiftChange, ShiftConflict } from './changeTypes';
import { addConflict, type BulkActionName, bulkAsAction, makeChange } from './staffRegisterView';

/** What went wrong with a change, for the page's notice. */
export type ShiftProblem =
  | { kind: 'offline-not-saved' }
  | { kind: 'shift-not-found'; shiftID: number }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'failed' };

/** How a change ended: saved (the shift as it is now), queued on the device, a conflict, or not at all. */
export type ShiftOutcome =
  | { kind: 'saved'; shift: Shift }
  | { kind: 'queued' }
  | { kind: 'conflict' }
  | { kind: 'failed'; problem: ShiftProblem };

export interface BulkOutcome {
  changed: number;
  notEligible: number;
  notFound: number;
  conflicts: number;
}

/** An action as a screen asks for it: the version is added from the shift the user saw. */
export type ShiftActionInput = ShiftAction extends infer A
  ? A extends ShiftAction
    ? Omit<A, 'version'>
    : never
  : never;

export interface UseShiftActionsOptions {
  siteID: number;
  date: string;
  /** The shift as the user sees it now (what a change is made against). */
  getShift: (shiftID: number) => Shift | undefined;
  /** Puts an answered shift into the shown register. */
  applyShift: (shift: Shift) => void;
  /**
   * The device's queue of offline changes (useRegisterChanges): false when the device could not keep
   * the change. Without it an offline change is refused.
   */
  enqueueOffline?: (change: ShiftChange) => Promise<boolean>;
}

const problemOf = (error: unknown, shiftID: number): ShiftProblem => {
  if (error instanceof ApiError) {
    if (error.status === 404) return { kind: 'shift-not-found', shiftID };
    if (error.status >= 400 && error.status < 500)
      return { kind: 'refused', code: error.code, message: error.message };
  }
  return { kind: 'failed' };
};

const theirsOf = (error: unknown): Shift | null =>
  error instanceof ApiError && error.status === 412 && error.code === 'err-shift-changed'
    ? ((error.details.theirs as Shift | undefined) ?? null)
    : null;

export function useShiftActions({
  siteID,
  date,
  getShift,
  applyShift,
  enqueueOffline,
}: UseShiftActionsOptions) {
  const [conflicts, setConflicts] = useState<ShiftConflict[]>([]);
  const [problem, setProblem] = useState<ShiftProblem | null>(null);
  const [sending, setSending] = useState<ReadonlySet<number>>(() => new Set());

  const mark = useCallback((shiftID: number, busy: boolean) => {
    setSending((prev) => {
      const next = new Set(prev);
      if (busy) next.add(shiftID);
      else next.delete(shiftID);
      return next;
    });
  }, []);

  /** Sends one change (already made against `change.before`), handling every outcome. */
  const send = useCallback(
    async (change: ShiftChange): Promise<ShiftOutcome> => {
      const queue = async (): Promise<ShiftOutcome> => {
        if (!enqueueOffline || !(await enqueueOffline(change))) {
          const p: ShiftProblem = { kind: 'offline-not-saved' };
          setProblem(p);
          return { kind: 'failed', problem: p };
        }
        setProblem(null);
        return { kind: 'queued' };
      };
      if (isOffline()) return queue();
      mark(change.shiftID, true);
      try {
        const { shift } = await staffRegisterApi.act(change.shiftID, change.action);
        applyShift(shift);
        setProblem(null);
        return { kind: 'saved', shift };
      } catch (error) {
        if (error instanceof NetworkError) return queue();
        const theirs = theirsOf(error);
        if (theirs) {
          applyShift(theirs);
          setConflicts((list) => addConflict(list, { change, theirs }));
          return { kind: 'conflict' };
        }
        const p = problemOf(error, change.shiftID);
        setProblem(p);
        return { kind: 'failed', problem: p };
      } finally {
        mark(change.shiftID, false);
      }
    },
    [applyShift, enqueueOffline, mark],
  );

  /** One change of one shift, against the shift as the user sees it now. */
  const act = useCallback(
    (shiftID: number, action: ShiftActionInput): Promise<ShiftOutcome> => {
      const before = getShift(shiftID);
      if (!before) {
        const p: ShiftProblem = { kind: 'shift-not-found', shiftID };
        setProblem(p);
        return Promise.resolve({ kind: 'failed', problem: p });
      }
      const change = makeChange(before, { ...action, version: before.version } as ShiftAction, {
        siteID,
        date,
        madeAt: now().getTime(),
      });
      return send(change);
    },
    [getShift, send, siteID, date],
  );

  // The breaks modal's saves: one timer per shift, the latest save wins (spec 002 §9: 500 ms).
  const pendingBreaks = useRef(
    new Map<
      number,
      {
        timer: ReturnType<typeof setTimeout>;
        action: ShiftActionInput;
        resolvers: ((o: ShiftOutcome) => void)[];
      }
    >(),
  );
  const saveBreaks = useCallback(
    (shiftID: number, action: Extract<ShiftActionInput, { action: 'saveBreaks' }>): Promise<ShiftOutcome> =>
      new Promise((resolve) => {
        const earlier = pendingBreaks.current.get(shiftID);
        if (earlier) clearTimeout(earlier.timer);
        const resolvers = [...(earlier?.resolvers ?? []), resolve];
        const at = now();
        const timer = setTimeout(() => {
          pendingBreaks.current.delete(shiftID);
          void act(shiftID, action).then((outcome) => {
            for (const r of resolvers) r(outcome);
          });
        }, saveDueAt(at).getTime() - at.getTime());
        pendingBreaks.current.set(shiftID, { timer, action, resolvers });
      }),
    [act],
  );
  useEffect(
    () => () => {
      for (const pending of pendingBreaks.current.values()) clearTimeout(pending.timer);
    },
    [],
  );

  /** Bulk check-in / check-out / mark-off of the selected shifts; changed ones become conflicts. */
  const bulk = useCallback(
    async (
      action: BulkActionName,
      shifts: readonly Shift[],
      input: { time?: string; statusID?: number; notes?: string },
    ): Promise<BulkOutcome | null> => {
      if (isOffline()) {
        setProblem({ kind: 'offline-not-saved' });
        return null;
      }
      let answer: BulkShiftsAnswer;
      try {
        answer = await staffRegisterApi.bulk(siteID, {
          date,
          action,
          ...(action === 'markOff'
            ? { statusID: input.statusID, notes: input.notes ?? '' }
            : { time: input.time }),
          shifts: shifts.map((s) => ({ id: s.id, version: s.version })),
        });
      } catch (error) {
        setProblem(error instanceof NetworkError ? { kind: 'offline-not-saved' } : problemOf(error, 0));
        return null;
      }
      for (const shift of answer.shifts) applyShift(shift);
      const madeAt = now().getTime();
      let conflicted = 0;
      for (const skipped of answer.skipped) {
        const before = shifts.find((s) => s.id === skipped.id);
        if (skipped.reason !== 'changed' || !skipped.theirs || !before) continue;
        conflicted += 1;
        applyShift(skipped.theirs);
        const change = makeChange(before, bulkAsAction(action, input, before.version), {
          siteID,
          date,
          madeAt,
        });
        setConflicts((list) => addConflict(list, { change, theirs: skipped.theirs! }));
      }
      setProblem(null);
      return {
        changed: answer.shifts.length,
        notEligible: answer.skipped.filter((s) => s.reason === 'not-eligible').length,
        notFound: answer.skipped.filter((s) => s.reason === 'not-found').length,
        conflicts: conflicted,
      };
    },
    [applyShift, siteID, date],
  );

  /** Settles the first conflict: resend mine against their version, or keep theirs. */
  const resolve = useCallback(
    async (conflict: ShiftConflict, choice: ConflictChoice): Promise<ShiftOutcome | null> => {
      setConflicts((list) => list.filter((c) => c.change.localID !== conflict.change.localID));
      if (choice === 'theirs') {
        applyShift(conflict.theirs);
        return null;
      }
      const change: ShiftChange = {
        ...conflict.change,
        before: conflict.theirs,
        action: { ...conflict.change.action, version: conflict.theirs.version },
        madeAt: now().getTime(),
      };
      return send(change);
    },
    [applyShift, send],
  );

  return {
    act,
    saveBreaks,
    bulk,
    resolve,
    conflicts,
    problem,
    clearProblem: () => setProblem(null),
    sending,
  };
}
