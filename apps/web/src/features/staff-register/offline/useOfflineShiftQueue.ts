/**
 * The staff register's changes kept on this device for a site day (spec 002 §4 "Saving and offline",
 * "Staff register"): what waits and what is in conflict, read live from the device's one queue (the
 * sync loop writes what each send came to), keeping a change made offline, settling a conflict (use
 * mine: sent again against their version; use theirs: dropped). The one sync loop sends them
 * (shiftQueueRunner.ts); this screen asks it for a pass when it opens online, after a change is kept
 * while the app believes it is online, and after a conflict is settled. What a pass sent or dropped is
 * its report (shiftSendReport). The count for the app's pending indicator comes from the device's
 * database itself (lib/offline/sync.ts), so it holds on every screen.
 */
import { useQueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isOffline } from '../../../lib/connectivity';
import { useStore } from '../../../lib/useStore';
import type { ConflictChoice, ShiftChange, ShiftConflict } from '../changeTypes';
import { enqueueShiftChange, readShiftQueue, updateShiftQueue } from './pendingShiftStore';
import type { DroppedChange } from './replayPending';
import { conflictsOf, type PendingShiftEntry, pendingOf, resolveConflict } from './shiftQueue';
import { registerShiftSender, sendShiftChangesNow, shiftSendReport } from './shiftQueueRunner';

/** What the loop did with this site day's changes while the screen was open. */
export interface ShiftDayReport {
  sent: number;
  notFound: DroppedChange[];
  refused: DroppedChange[];
}

export interface OfflineShiftQueue {
  /** The changes waiting to be sent, in the order made (applyPending shows them on the register). */
  pending: ShiftChange[];
  /** The changes the server refused as stale, each with their shift (the conflict panel). */
  conflicts: ShiftConflict[];
  /** Keeps a change on the device; false when the device could not store it. */
  enqueue: (change: ShiftChange) => Promise<boolean>;
  resolve: (conflict: ShiftConflict, choice: ConflictChoice) => Promise<void>;
  /** The loop's latest pass for this day, when it ran while the screen was open; else null. */
  report: ShiftDayReport | null;
}

export function useOfflineShiftQueue({
  userID,
  siteID,
  date,
}: {
  userID: number;
  siteID: number;
  date: string;
}): OfflineShiftQueue {
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<PendingShiftEntry[]>([]);
  const [openedAt] = useState(() => Date.now());

  useEffect(() => {
    setEntries([]);
    const subscription = liveQuery(() => readShiftQueue(userID, siteID, date)).subscribe({
      next: setEntries,
      error: () => setEntries([]),
    });
    return () => subscription.unsubscribe();
  }, [userID, siteID, date]);

  // Opening the screen online sends what waits (the loop also does on start and back online).
  useEffect(() => {
    registerShiftSender(queryClient);
    void sendShiftChangesNow(userID, queryClient);
  }, [userID, queryClient]);

  const enqueue = useCallback(
    async (change: ShiftChange): Promise<boolean> => {
      const next = await enqueueShiftChange(userID, change);
      if (next && change.siteID === siteID && change.date === date) setEntries(next);
      // Kept while the app still believes it is online (a send that failed): sent once it can be.
      if (next && !isOffline()) void sendShiftChangesNow(userID, queryClient);
      return next !== null;
    },
    [userID, siteID, date, queryClient],
  );

  const resolve = useCallback(
    async (conflict: ShiftConflict, choice: ConflictChoice): Promise<void> => {
      const { change } = conflict;
      const next = await updateShiftQueue(userID, change.siteID, change.date, (list) =>
        resolveConflict(list, change.localID, choice),
      );
      if (next && change.siteID === siteID && change.date === date) setEntries(next);
      // Mine goes again at their version; with theirs kept, the shift's later changes may go now.
      await sendShiftChangesNow(userID, queryClient);
    },
    [userID, siteID, date, queryClient],
  );

  const latest = useStore(shiftSendReport);
  const report = useMemo((): ShiftDayReport | null => {
    if (latest.at < openedAt) return null;
    const ofDay = (c: ShiftChange) => c.siteID === siteID && c.date === date;
    const day = {
      sent: latest.sent.filter(ofDay).length,
      notFound: latest.notFound.filter((d) => ofDay(d.change)),
      refused: latest.refused.filter((d) => ofDay(d.change)),
    };
    return day.sent + day.notFound.length + day.refused.length > 0 ? day : null;
  }, [latest, openedAt, siteID, date]);

  const pending = useMemo(() => pendingOf(entries), [entries]);
  const conflicts = useMemo(() => conflictsOf(entries), [entries]);
  return { pending, conflicts, enqueue, resolve, report };
}
