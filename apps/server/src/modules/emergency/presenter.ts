// The one place that shapes emergency-list rows into the answer (typed by the answer schema).
import type { EmergencyAnswer, EmergencyChild, EmergencyContact } from '@nursery/domain/children';
import { listChild } from '../children/index.ts';
import type { EmergencyChildRow, EmergencyContactRow, ExceptionRow } from './queries.ts';

/** The label of the SEND flag among a child's exceptions. */
export const SEND_LABEL = 'SEND';

function groupByChild<T extends { childId: number }>(rows: readonly T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.childId);
    if (list) list.push(row);
    else map.set(row.childId, [row]);
  }
  return map;
}

const contactOf = (row: EmergencyContactRow): EmergencyContact => ({
  contactID: row.contactId,
  forename: row.forename,
  surname: row.surname,
  relationship: row.relationship,
  telmob: row.telmob,
  telhome: row.telhome,
  telwork: row.telwork,
});

export function emergencyAnswer(parts: {
  siteID: number;
  today: string;
  fetchedAt: Date;
  children: readonly EmergencyChildRow[];
  contacts: readonly EmergencyContactRow[];
  exceptions: readonly ExceptionRow[];
}): EmergencyAnswer {
  const contacts = groupByChild(parts.contacts);
  const exceptions = groupByChild(parts.exceptions);
  return {
    siteID: parts.siteID,
    today: parts.today,
    fetchedAt: parts.fetchedAt.toISOString(),
    children: parts.children.map(
      (c): EmergencyChild => ({
        ...listChild(c),
        flags: {
          exceptions: [
            ...(c.send ? [SEND_LABEL] : []),
            ...(exceptions.get(c.id) ?? []).map((e) => `${e.name}: ${e.item}`),
          ],
          reminders: Number(c.reminders),
          accidents: Number(c.accidents),
        },
        contacts: (contacts.get(c.id) ?? []).map(contactOf),
      }),
    ),
  };
}
