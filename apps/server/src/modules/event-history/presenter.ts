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

/** The values and signature changes a change recorded (medication records); null where none were. */
export const detailsOf = (details: unknown) => {
  const parsed = details && !Array.isArray(details) ? EventHistoryDetails.safeParse(details) : null;
  return {
    changes: parsed?.success ? (parsed.data.changes ?? null) : null,
    signatures: parsed?.success ? (parsed.data.signatures ?? null) : null,
  };
};

/** The signers' person ids the entries name (their names are read with the history). */
export const signerIdsOf = (rows: HistoryRow[]): number[] =>
  [
    ...new Set(
      rows.flatMap((h) =>
        (detailsOf(h.details).signatures ?? []).flatMap((s) => [s.signerPersonID, s.previousPersonID]),
      ),
    ),
  ].filter((id): id is number => id !== null);

/** A person's name as the history shows it, by person id. */
export type PersonNames = Map<number, string>;

export function historyEntry(h: HistoryRow, names: PersonNames = new Map()): EventHistoryEntry {
  const { changes, signatures } = detailsOf(h.details);
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? ''));
  return {
    id: Number(h.id),
    at: new Date(h.at).toISOString(),
    action: h.action,
    fromStatusID: h.fromStatusId,
    statusID: h.toStatusId,
    fields: fieldsOf(h.details),
    changes,
    signatures:
      signatures?.map((s) => ({
        signatureType: s.signatureType,
        change: s.change,
        signer: nameOf(s.signerPersonID),
        previous: nameOf(s.previousPersonID),
      })) ?? null,
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
