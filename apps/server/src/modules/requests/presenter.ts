// The one place that shapes request rows into answers (typed by the answer schemas).
import {
  type BookingRequestItem,
  type ChangeRequestItem,
  type GdprErasureRequestItem,
  type RequestChild,
  type RequestPermittedActions,
  requestedFields,
} from '@nursery/domain/home';
import type {
  BookingRequestRow,
  ChangeRequestRow,
  ChildColumn,
  GdprRequestRow,
  PersonDetail,
} from './queries.ts';

const instant = (value: Date | string) => new Date(value).toISOString();

/** The request's child, null when it names none (a GDPR request of a person: its child columns are null). */
function childOf(row: Pick<GdprRequestRow, ChildColumn>): RequestChild | null {
  if (row.childId == null) return null;
  return {
    id: row.childId,
    forename: row.childForename!,
    surname: row.childSurname!,
    hasImage: row.childHasImage!,
    dob: row.childDob!,
    roomID: row.childRoomId ?? null,
    roomName: row.childRoomName ?? null,
  };
}

export const bookingRequestItem = (
  row: BookingRequestRow,
  permittedActions: RequestPermittedActions,
): BookingRequestItem => ({
  id: row.id,
  type: 'MO',
  siteID: row.childSiteId,
  date: row.date,
  comboID: row.comboId,
  comboName: row.comboName,
  requestNotes: row.requestNotes,
  created: instant(row.createdAt),
  child: childOf(row)!,
  person: { id: row.personId, forename: row.personForename, surname: row.personSurname },
  permittedActions,
});

const asText = (value: unknown) => (value == null ? null : String(value));

export const changeRequestItem = (
  row: ChangeRequestRow,
  permittedActions: RequestPermittedActions,
): ChangeRequestItem => ({
  id: row.id,
  personID: row.personId,
  person: { id: row.personId, forename: row.forename, surname: row.surname },
  tablename: row.tableName,
  fields: requestedFields(row.fields).map((name) => ({
    name,
    oldValue: row[name as PersonDetail],
    newValue: asText(row.fields[name]),
  })),
  requestedBy:
    row.requesterPersonId === null
      ? null
      : { id: row.requesterPersonId, forename: row.requesterForename!, surname: row.requesterSurname! },
  created: instant(row.createdAt),
  permittedActions,
});

export const gdprRequestItem = (
  row: GdprRequestRow,
  permittedActions: RequestPermittedActions,
): GdprErasureRequestItem => ({
  id: row.id,
  child: childOf(row),
  person:
    row.personId === null
      ? null
      : { id: row.personId, forename: row.personForename!, surname: row.personSurname! },
  creator: { id: row.creatorPersonId, forename: row.creatorForename, surname: row.creatorSurname },
  reason: row.reason,
  created: instant(row.createdAt),
  permittedActions,
});
