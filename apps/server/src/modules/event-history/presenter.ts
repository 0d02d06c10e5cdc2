import type { EventHistoryEntry } from '@nursery/domain/events';
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
    fromStatusID: h.fromStatusId,
    statusID: h.toStatusId,
    fields: fieldsOf(h.details),
    author:
      h.personId === null
        ? null
        : {
            personID: h.personId,
            forename: h.forename ?? '',
            surname: h.surname ?? '',
            staffID: h.staffId,
          },
  };
}
