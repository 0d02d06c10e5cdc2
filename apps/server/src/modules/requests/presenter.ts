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
  ChildColumns,
  GdprRequestRow,
  NullableChildColumns,
  PersonDetails,
} from './queries.ts';

const instant = (value: Date | string) => new Date(value).toISOString();

function childOf(row: ChildColumns | NullableChildColumns): RequestChild | null {
  if (row.child_id == null) return null;
  return {
    id: row.child_id,
    forename: row.child_forename!,
    surname: row.child_surname!,
    hasImage: row.child_has_image!,
    dob: row.child_dob!,
    roomID: row.child_room_id ?? null,
    roomName: row.child_room_name ?? null,
  };
}

export const bookingRequestItem = (
  row: BookingRequestRow,
  permittedActions: RequestPermittedActions,
): BookingRequestItem => ({
  id: row.id,
  type: 'MO',
  siteID: row.child_site_id,
  date: row.date,
  comboID: row.combo_id,
  comboName: row.combo_name,
  requestNotes: row.request_notes,
  created: instant(row.created_at),
  child: childOf(row)!,
  person: { id: row.person_id, forename: row.person_forename, surname: row.person_surname },
  permittedActions,
});

const asText = (value: unknown) => (value == null ? null : String(value));

export const changeRequestItem = (
  row: ChangeRequestRow,
  permittedActions: RequestPermittedActions,
): ChangeRequestItem => ({
  id: row.id,
  personID: row.person_id,
  person: { id: row.person_id, forename: row.forename, surname: row.surname },
  tablename: row.table_name,
  fields: requestedFields(row.fields).map((name) => ({
    name,
    oldValue: row[name as keyof PersonDetails],
    newValue: asText(row.fields[name]),
  })),
  requestedBy:
    row.requester_person_id === null
      ? null
      : { id: row.requester_person_id, forename: row.requester_forename!, surname: row.requester_surname! },
  created: instant(row.created_at),
  permittedActions,
});

export const gdprRequestItem = (
  row: GdprRequestRow,
  permittedActions: RequestPermittedActions,
): GdprErasureRequestItem => ({
  id: row.id,
  child: childOf(row),
  person:
    row.person_id === null
      ? null
      : { id: row.person_id, forename: row.person_forename!, surname: row.person_surname! },
  creator: { id: row.creator_person_id, forename: row.creator_forename, surname: row.creator_surname },
  reason: row.reason,
  created: instant(row.created_at),
  permittedActions,
});
