/**
 * Counts behind the drafts list's unsynced alerts (spec 000 §2 "Alerts"): this user's events saved on
 * this device and not uploaded yet (the outbox), and other devices at the site that reported unsynced
 * events in the last 7 days (GET /api/v1/sync/others; zero while offline).
 */
import { useQuery } from '@tanstack/react-query';
import { useOutboxCounts } from '../../lib/offline/outbox';
import { deviceID } from '../../lib/offline/sync';
import { useSession } from '../auth';
import { syncApi } from '../sync';

export interface UnsyncedCounts {
  /** The user's own events waiting in the outbox (to upload, error or conflict). */
  mine: number;
  /** Other devices at the site with unsynced events. */
  others: number;
}

export function useUnsyncedCounts(): UnsyncedCounts {
  const { me, site } = useSession();
  const mine = useOutboxCounts(me.userID).unsynced;
  const others = useQuery({
    queryKey: ['sync', 'others', site.id],
    queryFn: () => syncApi.others({ siteID: site.id, deviceID: deviceID() }),
    staleTime: 60_000,
    retry: false,
  });
  return { mine, others: others.data?.otherDevicesUnsynced ?? 0 };
}
