/**
 * The register's changes kept on this device (spec 002 §2, §4 "Saving and offline"): what is waiting,
 * recording an offline action, and sending it all when the device is online again. Conflicts the
 * server answers send the user to #/conflict.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isOffline } from '../../lib/connectivity';
import { type RegisterPendingEntry, readPending, recordPending } from './pendingStore';
import { type SubmitOutcome, submitPending } from './pendingSubmit';

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
  onSent: (outcome: SubmitOutcome) => void;
}) {
  const navigate = useNavigate();
  const [entries, setEntries] = useState<RegisterPendingEntry[] | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const [sendFailed, setSendFailed] = useState(false);
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;

  useEffect(() => {
    let live = true;
    void readPending(userID, siteID).then((list) => {
      if (live) setEntries(list);
    });
    return () => {
      live = false;
    };
  }, [userID, siteID]);

  /** Keeps an offline action's changes; false when the device could not store them. */
  const record = useCallback(
    async (changes: RegisterPendingEntry[]): Promise<boolean> => {
      const next = await recordPending(userID, siteID, changes);
      if (next) setEntries(next);
      return next !== null;
    },
    [userID, siteID],
  );

  const send = useCallback(async () => {
    setSending(true);
    setSendFailed(false);
    try {
      const outcome = await submitPending(userID, siteID);
      setEntries(outcome.entries);
      if (outcome.sent > 0) onSentRef.current(outcome);
      if (outcome.conflicts > 0) navigate('/conflict');
    } catch {
      // Offline after all (the call failed to reach the server, which marks the app offline): the
      // changes wait for the way back online. Otherwise the server refused: the user retries.
      if (!isOffline()) setSendFailed(true);
    } finally {
      setSending(false);
    }
  }, [userID, siteID, navigate]);

  // Online with changes waiting (back online, or the screen opened with some): send them. A failed send
  // waits for the user's retry; entries already in conflict go to the conflict screen.
  const waiting = entries?.filter((e) => e.conflict === null).length ?? 0;
  const inConflict = entries?.some((e) => e.conflict !== null) ?? false;
  useEffect(() => {
    if (offline || sending || sendFailed) return;
    if (waiting > 0) void send();
    else if (inConflict) navigate('/conflict');
  }, [offline, sending, sendFailed, waiting, inConflict, send, navigate]);

  // Going offline clears a failed send: the way back online sends again.
  useEffect(() => {
    if (offline) setSendFailed(false);
  }, [offline]);

  const pending = entries?.filter((e) => e.conflict === null) ?? [];
  return { entries, pending, record, setEntries, sending, sendFailed, retry: send };
}

export type OfflineRegister = ReturnType<typeof useOfflineRegister>;
