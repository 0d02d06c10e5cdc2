// The one place rows of the Sites page become answers (issue 29). Times are 'HH:mm' (PostgreSQL
// prints `time` with seconds).
import type { ClosureSummary, RoomSummary, SessionSummary, SiteSummary } from '@nursery/domain/settings';
import { siteActions } from './policy.ts';
import type { ClosureRow, RoomRow, SessionRow, SiteRow } from './queries.ts';

const hhmm = (time: string) => time.slice(0, 5);

export function presentSite(row: SiteRow): SiteSummary {
  return {
    id: row.id,
    name: row.name,
    addressLines: row.addressLines,
    postcode: row.postcode,
    phone: row.phone,
    openingDays: row.openingDays,
    opensAt: hhmm(row.opensAt),
    closesAt: hhmm(row.closesAt),
    timeZone: row.timeZone,
    registersEnabled: row.registersEnabled,
    staffRegistersEnabled: row.staffRegistersEnabled,
    archived: row.archivedAt !== null,
    roomCount: row.roomCount,
    permittedActions: siteActions(),
  };
}

export function presentRoom(row: RoomRow): RoomSummary {
  return {
    id: row.id,
    name: row.name,
    capacity: row.capacity,
    ageFromMonths: row.ageFromMonths,
    ageToMonths: row.ageToMonths,
    sortOrder: row.sortOrder,
    archived: row.archivedAt !== null,
    childCount: row.childCount,
  };
}

export const presentClosure = (row: ClosureRow): ClosureSummary => ({
  id: row.id,
  startsOn: row.startsOn,
  endsOn: row.endsOn,
  reason: row.reason,
});

export const presentSession = (row: SessionRow): SessionSummary => ({
  id: row.id,
  name: row.name,
  start: hhmm(row.start),
  end: hhmm(row.end),
  enabled: row.enabled,
  sortOrder: row.sortOrder,
});
