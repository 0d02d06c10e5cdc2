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
    bookingID: Number(row.bookingId),
    comboID: row.comboId,
    comboName: row.comboName,
    date: row.date,
    typeID: row.typeId,
    start: row.start,
    end: row.end,
    actualStart: row.actualStart,
    actualEnd: row.actualEnd,
    roomID: row.roomId,
    sessionGroupID: row.sessionGroupId,
    markedOffCategoryID: row.markedOffCategoryId,
    markOffNotes: row.markOffNotes,
    isOff: row.markedOffCategoryId !== null,
    markOffRequested: row.markOffRequested,
    version: row.version,
  };
}

/** The rows come ordered by child, then by start and end descending: grouped in that order. */
export function registerChildren(rows: readonly RegisterRow[]): RegisterChild[] {
  const children: RegisterChild[] = [];
  let current: RegisterChild | undefined;
  for (const row of rows) {
    if (current?.id !== row.childId) {
      current = {
        id: row.childId,
        forename: row.forename,
        surname: row.surname,
        hasImage: row.hasImage,
        dob: row.dob,
        roomID: row.childRoomId,
        hasContacts: row.hasContacts,
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
