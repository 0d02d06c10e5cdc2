/**
 * The screen's changes, online and offline together (spec 002 §4 "Saving and offline", §2 "Conflict
 * panel"): the register shown with the device's waiting changes on it (applyPending), changes sent at
 * once online (useShiftActions) or kept on the device when there is no connection (useOfflineShiftQueue),
 * and one list of conflicts for the panel, whichever way the stale change went. Each conflict is settled
 * where it was made: an online one is resent (or dropped) at once, a kept one through the device's queue.
 */
import type { StaffRegisterAnswer } from '@nursery/domain/registers';
import { useCallback, useMemo, useRef } from 'react';
import type { ConflictChoice, ShiftChange, ShiftConflict } from './changeTypes';
import { applyPending } from './offline/applyPending';
import { useOfflineShiftQueue } from './offline/useOfflineShiftQueue';
import { findShift } from './staffRegisterView';
import { type ShiftOutcome, useShiftActions } from './useShiftActions';
import type { useStaffRegister } from './useStaffRegister';

export function useRegisterChanges({
  userID,
  siteID,
  date,
  register,
}: {
  userID: number;
  siteID: number;
  date: string;
  register: Pick<ReturnType<typeof useStaffRegister>, 'shown' | 'applyShift'>;
}) {
  const queue = useOfflineShiftQueue({ userID, siteID, date });
  const shown: StaffRegisterAnswer | undefined = useMemo(
    () => (register.shown ? applyPending(register.shown, queue.pending) : undefined),
    [register.shown, queue.pending],
  );
  // A change is made against the shift as the user sees it: with the device's earlier changes on it.
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const getShift = useCallback(
    (shiftID: number) => (shownRef.current ? findShift(shownRef.current, shiftID)?.shift : undefined),
    [],
  );
  const { enqueue } = queue;
  const enqueueOffline = useCallback((change: ShiftChange) => enqueue(change), [enqueue]);
  const actions = useShiftActions({
    siteID,
    date,
    getShift,
    applyShift: register.applyShift,
    enqueueOffline,
  });

  const conflicts = useMemo(
    () => [...actions.conflicts, ...queue.conflicts],
    [actions.conflicts, queue.conflicts],
  );
  const { resolve: resolveOnline } = actions;
  const { resolve: resolveKept, conflicts: kept } = queue;
  const resolve = useCallback(
    async (conflict: ShiftConflict, choice: ConflictChoice): Promise<ShiftOutcome | null> => {
      if (kept.some((c) => c.change.localID === conflict.change.localID)) {
        await resolveKept(conflict, choice);
        return null;
      }
      return resolveOnline(conflict, choice);
    },
    [kept, resolveKept, resolveOnline],
  );

  return { shown, actions, conflicts, resolve, queue };
}
