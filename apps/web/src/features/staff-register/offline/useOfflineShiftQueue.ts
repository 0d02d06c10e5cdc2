/**
 * The staff register's changes kept on this device for a site day (spec 002 §4 "Saving and offline",
 * "Staff register"): what waits, what is in conflict, keeping a change made offline, settling a
 * conflict (use mine: sent again against their version; use theirs: dropped), and sending everything
 * on opening the screen online and when the device is back online. After a send the register is
 * fetched again. The count for the app's pending indicator comes from the device's database itself
 * (lib/offline/sync.ts), so it holds on every screen.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isOffline, useIsOffline } from '../../../lib/connectivity';
import type { ConflictChoice, ShiftChange, ShiftConflict } from '../changeTypes';
import { staffRegisterKeys } from '../queries';
import { enqueueShiftChange, readShiftQueue, updateShiftQueue } from './pendingShiftStore';
import { type ReplayOutcome, replayPending } from './replayPending';
import { conflictsOf, type PendingShiftEntry, pendingOf, resolveConflict } from './shiftQueue';

export interface OfflineShiftQueue {
  /** The changes waiting to be sent, in the order made (applyPending shows them on the register). */
  pending: ShiftChange[];
  /** The changes the server refused as stale, each with their shift (the conflict panel). */
  conflicts: ShiftConflict[];
  /** Keeps a change on the device; false when the device could not store it. */
  enqueue: (change: ShiftChange) => Promise<boolean>;
  resolve: (conflict: ShiftConflict, choice: ConflictChoice) => Promise<void>;
  /** Sends what waits now (online only); null when offline or a send is already running. */
  replayNow: () => Promise<ReplayOutcome | null>;
  replaying: boolean;
  /** The last send's outcome: what was dropped ('Shift not found: {id}', refusals) is told from it. */
  lastOutcome: ReplayOutcome | null;
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
  const offline = useIsOffline();
  const [entries, setEntries] = useState<PendingShiftEntry[]>([]);
  const [replaying, setReplaying] = useState(false);
  const [lastOutcome, setLastOutcome] = useState<ReplayOutcome | null>(null);
  const running = useRef(false);
  /** A change was kept while a send was running: one more send follows it. */
  const again = useRef(false);
  const day = useRef({ userID, siteID, date });
  day.current = { userID, siteID, date };

  useEffect(() => {
    let live = true;
    setEntries([]);
    void readShiftQueue(userID, siteID, date).then((list) => {
      if (live) setEntries(list);
    });
    return () => {
      live = false;
    };
  }, [userID, siteID, date]);

  const replayNow = useCallback(async (): Promise<ReplayOutcome | null> => {
    if (isOffline()) return null;
    if (running.current) {
      again.current = true;
      return null;
    }
    running.current = true;
    setReplaying(true);
    try {
      const outcome = await replayPending(userID, siteID, date);
      const list = await readShiftQueue(userID, siteID, date);
      const current = day.current;
      if (current.userID === userID && current.siteID === siteID && current.date === date) {
        setEntries(list);
        setLastOutcome(outcome);
      }
      if (outcome.sent + outcome.notFound.length + outcome.refused.length + outcome.conflicts.length > 0)
        await queryClient.invalidateQueries({ queryKey: staffRegisterKeys.day(siteID, date) });
      return outcome;
    } finally {
      running.current = false;
      setReplaying(false);
      if (again.current) {
        again.current = false;
        void replayRef.current();
      }
    }
  }, [userID, siteID, date, queryClient]);
  const replayRef = useRef(replayNow);
  replayRef.current = replayNow;

  // Opening the screen online, and every way back online, sends what waits.
  useEffect(() => {
    if (!offline) void replayNow();
  }, [offline, replayNow]);

  const enqueue = useCallback(
    async (change: ShiftChange): Promise<boolean> => {
      const next = await enqueueShiftChange(userID, change);
      if (next && change.siteID === siteID && change.date === date) setEntries(next);
      // Kept while the app still believes it is online (a send that failed): sent once it can be.
      if (next && !isOffline()) void replayNow();
      return next !== null;
    },
    [userID, siteID, date, replayNow],
  );

  const resolve = useCallback(
    async (conflict: ShiftConflict, choice: ConflictChoice): Promise<void> => {
      const { change } = conflict;
      const next = await updateShiftQueue(userID, change.siteID, change.date, (list) =>
        resolveConflict(list, change.localID, choice),
      );
      if (next && change.siteID === siteID && change.date === date) setEntries(next);
      // Mine goes again at their version; with theirs kept, the shift's later changes may go now.
      await replayNow();
    },
    [userID, siteID, date, replayNow],
  );

  const pending = useMemo(() => pendingOf(entries), [entries]);
  const conflicts = useMemo(() => conflictsOf(entries), [entries]);
  return { pending, conflicts, enqueue, resolve, replayNow, replaying, lastOutcome };
}
