import { EventHistoryDetails, type EventHistoryEntry } from '@nursery/domain/events';
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

/** The values and signatures a change recorded (medication records); null where none were. */
const detailsOf = (details: unknown) => {
  const parsed = details && !Array.isArray(details) ? EventHistoryDetails.safeParse(details) : null;
  return {
    changes: parsed?.success ? (parsed.data.changes ?? null) : null,
    signatures: parsed?.success ? (parsed.data.signatures ?? null) : null,
  };
};

export function historyEntry(h: HistoryRow): EventHistoryEntry {
  return {
    id: Number(h.id),
    at: new Date(h.at).toISOString(),
    action: h.action,
    fromStatusID: h.fromStatusId,
    statusID: h.toStatusId,
    fields: fieldsOf(h.details),
    ...detailsOf(h.details),
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
