/**
 * The user's Spotlight saves kept on this device, live from the device's database (issue 16), for
 * the waiting list and the edit page: the rows oldest first, sending them now and deleting one.
 */
import { useQueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../../auth';
import { removeSpotlightRow, type SpotlightPendingRow, spotlightRows } from './pendingSpotlightStore';
import { sendSpotlightSavesNow } from './spotlightQueueRunner';

export interface SpotlightPending {
  /** null while the first read runs. */
  rows: SpotlightPendingRow[] | null;
  /** The device's database could not be read. */
  failed: boolean;
  retry: () => void;
  sending: boolean;
  sendNow: () => Promise<void>;
  remove: (uuid: string) => Promise<void>;
}

export function useSpotlightPending(): SpotlightPending {
  const { me } = useSession();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<SpotlightPendingRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (round) reads again
  useEffect(() => {
    setRows(null);
    setFailed(false);
    // Read here, not through the store's never-failing read: a failing database shows its error.
    const read = () => spotlightRows(me.userID);
    const subscription = liveQuery(read).subscribe({
      next: (list) => {
        setFailed(false);
        setRows(list);
      },
      error: () => setFailed(true),
    });
    return () => subscription.unsubscribe();
  }, [me.userID, round]);

  const sendNow = useCallback(async () => {
    setSending(true);
    try {
      await sendSpotlightSavesNow(me.userID, queryClient);
    } finally {
      setSending(false);
    }
  }, [me.userID, queryClient]);

  const remove = useCallback((uuid: string) => removeSpotlightRow(me.userID, uuid), [me.userID]);

  const retry = useCallback(() => setRound((n) => n + 1), []);
  return { rows, failed, retry, sending, sendNow, remove };
}
