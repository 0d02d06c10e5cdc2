/**
 * The register's changes kept on this device (spec 002 §2, §4 "Saving and offline"): what is waiting,
 * read live from the device's one queue, and recording an offline action. The one sync loop sends
 * them (registerQueueRunner.ts) on start, back online, and when this screen opens online with changes
 * waiting; what a send came to is its report: the sessions the server applied show at once, a refused
 * send offers the retry, conflicts send the user to #/conflict.
 */
import { useQueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type RegisterPendingEntry, readSiteQueue, recordPending } from './pendingStore';
import { type RegisterSendReport, registerSendReport, sendRegisterChangesNow } from './registerQueueRunner';

export function useOfflineRegister({
  userID,
  siteID,
  offline,
  onSent,
}: {
  userID: number;
  siteID: number;
  offline: boolean;
  /** After a send the server accepted (some or all): show its sessions. */
  onSent: (outcome: RegisterSendReport) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<RegisterPendingEntry[] | undefined>(undefined);
  const [failed, setFailed] = useState(0);
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;

  useEffect(() => {
    const subscription = liveQuery(() => readSiteQueue(userID, siteID)).subscribe({
      next: (queue) => {
        setEntries(queue.entries);
        setFailed(queue.failed);
      },
      error: () => setEntries([]),
    });
    return () => subscription.unsubscribe();
  }, [userID, siteID]);

  // Each send of this site's changes by the loop: its sessions show on the register at once.
  useEffect(
    () =>
      registerSendReport.subscribe(() => {
        const report = registerSendReport.get();
        if (report && report.userID === userID && report.siteID === siteID && report.sent > 0)
          onSentRef.current(report);
      }),
    [userID, siteID],
  );

  /** Keeps an offline action's changes; false when the device could not store them. */
  const record = useCallback(
    async (changes: RegisterPendingEntry[]): Promise<boolean> => {
      const next = await recordPending(userID, siteID, changes);
      if (next) setEntries(next);
      return next !== null;
    },
    [userID, siteID],
  );

  /** Sends what waits, the changes the server refused too (the retry button). */
  const retry = useCallback(
    () => sendRegisterChangesNow(userID, queryClient, { retry: true, siteID }),
    [userID, siteID, queryClient],
  );

  // Online with changes waiting (back online, or the screen opened with some): the loop sends them.
  // A refused send waits for the user's retry; entries already in conflict go to the conflict screen.
  const waiting = entries?.filter((e) => e.conflict === null).length ?? 0;
  const inConflict = entries?.some((e) => e.conflict !== null) ?? false;
  const sendFailed = !offline && failed > 0;
  useEffect(() => {
    if (offline || failed > 0) return;
    if (waiting > 0) void sendRegisterChangesNow(userID, queryClient);
    else if (inConflict) navigate('/conflict');
  }, [offline, failed, waiting, inConflict, userID, queryClient, navigate]);

  const pending = entries?.filter((e) => e.conflict === null) ?? [];
  return { entries, pending, record, setEntries, sendFailed, retry };
}

export type OfflineRegister = ReturnType<typeof useOfflineRegister>;
