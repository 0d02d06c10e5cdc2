/**
 * Issue 13 "Drafts offline": the drafts list as this device knows it. The server's cards (the live
 * answer, or the device's persisted copy offline) together with this user's saves waiting in the
 * outbox that belong on the list as filtered (the domain's `deviceDraftsList`: site, status, type,
 * children, author, area, dates), newest first; a server card whose edit waits on the device gives way
 * to the device's card. Outbox changes (a save, an upload) show at once (a live Dexie query).
 */
import { deviceDraftsList, type EventSummary } from '@nursery/domain/events';
import { useMemo } from 'react';
import type { OutboxEvent } from '../../lib/offline/db';
import { useOutboxItems } from '../../lib/offline/outbox';
import { useSession } from '../auth';
import type { DraftsFilter } from './filters/draftsFilter';

export interface DeviceDrafts<E extends EventSummary> {
  /** Saves waiting on this device that are on this list; undefined while the device is read. */
  waiting: OutboxEvent[] | undefined;
  /** The server's cards to show. */
  events: E[];
}

export function useDeviceDrafts<E extends EventSummary>(
  filter: DraftsFilter,
  serverEvents: E[],
): DeviceDrafts<E> {
  const { me, config, site } = useSession();
  const items = useOutboxItems(me.userID);
  return useMemo(() => {
    if (!items) return { waiting: undefined, events: serverEvents };
    const timeZone = config.sitesByID[String(filter.siteID)]?.timeZone ?? site.timeZone;
    const context = {
      statusIDs: config.eventStatuses.map((s) => s.id),
      staffID: me.staffID,
      timeZone,
    };
    return deviceDraftsList(items, serverEvents, filter, context);
  }, [items, serverEvents, filter, config, site.timeZone, me.staffID]);
}
