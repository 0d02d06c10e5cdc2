// The one place that shapes register rows into answers (typed by the answer schemas).
import type {
  MarkOffCategory,
  RegisterAnswer,
  RegisterChild,
  RegisterPermittedActions,
  RegisterSession,
} from '@nursery/domain/registers';
import type { CategoryRow, RegisterRow, SessionRow } from './queries.ts';

export function sessionOf(row: SessionRow): RegisterSession {
  return {
    bookingID: Number(row.booking_id),
    comboID: row.combo_id,
    comboName: row.combo_name,
    date: row.date,
    typeID: row.type_id,
    start: row.start,
    end: row.end,
    actualStart: row.actual_start,
    actualEnd: row.actual_end,
    roomID: row.room_id,
    sessionGroupID: row.session_group_id,
    markedOffCategoryID: row.marked_off_category_id,
    markOffNotes: row.mark_off_notes,
    isOff: row.marked_off_category_id !== null,
    markOffRequested: row.mark_off_requested,
    version: row.version,
  };
}

/** The rows come ordered by child, then by start and end descending: grouped in that order. */
export function registerChildren(rows: readonly RegisterRow[]): RegisterChild[] {
  const children: RegisterChild[] = [];
  let current: RegisterChild | undefined;
  for (const row of rows) {
    if (current?.id !== row.child_id) {
      current = {
        id: row.child_id,
        forename: row.forename,
        surname: row.surname,
        hasImage: row.has_image,
        dob: row.dob,
        roomID: row.child_room_id,
        hasContacts: row.has_contacts,
        sessions: [],
      };
      children.push(current);
    }
    current.sessions.push({
      ...sessionOf(row),
      signatures: (row.signatures ?? []).map((g) => ({ id: Number(g.id), typeID: g.typeID, key: g.key })),
    });
  }
  return children;
}

export function registerAnswer(parts: {
  siteID: number;
  date: string;
  today: string;
  fetchedAt: Date;
  rows: readonly RegisterRow[];
  categories: readonly CategoryRow[];
  markOffNotesRequired: boolean;
  permittedActions: RegisterPermittedActions;
}): RegisterAnswer {
  return {
    siteID: parts.siteID,
    date: parts.date,
    today: parts.today,
    fetchedAt: parts.fetchedAt.toISOString(),
    children: registerChildren(parts.rows),
    markOffCategories: parts.categories.map(
      (c): MarkOffCategory => ({ id: c.id, value: c.value, code: c.code }),
    ),
    markOffNotesRequired: parts.markOffNotesRequired,
    permittedActions: parts.permittedActions,
  };
}
