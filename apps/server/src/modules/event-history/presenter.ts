import type { EventHistoryEntry } from '@nursery/domain';
import type { HistoryRow } from './queries.ts';

/** The changed field names an edit recorded: a list, or `{ fields: [...] }`; null when none. */
const fieldsOf = (details: unknown): string[] | null => {
  const list = Array.isArray(details)
    ? details
    : details && typeof details === 'object' && Array.isArray((details as { fields?: unknown }).fields)
      ? (details as { fields: unknown[] }).fields
      : null;
  return list ? list.filter((x): x is string => typeof x === 'string') : null;
};

export function historyEntry(h: HistoryRow): EventHistoryEntry {
  return {
    id: Number(h.id),
    at: new Date(h.at).toISOString(),
    action: h.action,
    fromStatusID: h.from_status_id,
    statusID: h.to_status_id,
    fields: fieldsOf(h.details),
    author:
      h.person_id === null
        ? null
        : {
            personID: h.person_id,
            forename: h.forename ?? '',
            surname: h.surname ?? '',
            staffID: h.staff_id,
          },
  };
}
