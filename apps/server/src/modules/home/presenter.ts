// Shapes the Home overview's rows into the answer (packages/domain/src/schemas/home.ts). The derivation
// rules (which row makes which agenda item) are written in docs/decisions.md "Issue 15: Home agenda".
import type { CalendarDate } from '@nursery/domain/common';
import {
  type AgendaDay,
  type AgendaItem,
  type AgendaItemType,
  agendaCounts,
  agendaItemStyle,
  childDayState,
  type HomeChild,
  isAgendaDue,
  type ReminderView,
  type RoomBookings,
  wholeYears,
  yearlyDayKeys,
} from '@nursery/domain/home';
import { listChild } from '../children/index.ts';
import type { BookingRow, ClosureRow, DueEventRow, YearlyChildRow } from './queries.ts';

function item(type: AgendaItemType, fields: Partial<Omit<AgendaItem, 'type' | 'style'>>): AgendaItem {
  const child = fields.child ?? null;
  const staff = fields.staff ?? null;
  const link =
    fields.link !== undefined
      ? fields.link
      : child
        ? `#/child/${child.id}`
        : staff
          ? `#/staff/${staff.id}`
          : null;
  return {
    type,
    child,
    staff,
    style: agendaItemStyle(type),
    notes: fields.notes ?? null,
    link,
    eventID: fields.eventID ?? null,
    years: fields.years ?? null,
  };
}

/** Order of the types within a day: what changes the day first, then people's days, then tasks. */
const TYPE_ORDER: Record<AgendaItemType, number> = {
  siteClosure: 0,
  birthday: 1,
  anniversary: 2,
  absence: 3,
  joiningSessionGroup: 4,
  leavingSessionGroup: 5,
  eventDue: 6,
};

export interface AgendaInputs {
  days: CalendarDate[];
  yearly: YearlyChildRow[];
  bookings: BookingRow[];
  /** Only events the user may see (dueEvents applies THE visibility rule in SQL). */
  events: DueEventRow[];
  closures: ClosureRow[];
}

function yearlyItems(yearly: YearlyChildRow[], days: CalendarDate[]): Map<CalendarDate, AgendaItem[]> {
  const byDay = new Map<CalendarDate, AgendaItem[]>();
  const keys = yearlyDayKeys(days);
  const push = (day: CalendarDate, it: AgendaItem) => byDay.set(day, [...(byDay.get(day) ?? []), it]);
  for (const c of yearly) {
    const here = (day: CalendarDate) => c.startDate <= day && (c.endDate === null || c.endDate >= day);
    const birthday = keys.get(c.dob.slice(5));
    if (birthday && here(birthday)) {
      push(birthday, item('birthday', { child: listChild(c), years: wholeYears(c.dob, birthday) }));
    }
    const anniversary = keys.get(c.startDate.slice(5));
    if (anniversary && here(anniversary) && wholeYears(c.startDate, anniversary) >= 1) {
      push(
        anniversary,
        item('anniversary', { child: listChild(c), years: wholeYears(c.startDate, anniversary) }),
      );
    }
  }
  return byDay;
}

function bookingItems(bookings: BookingRow[]): Map<CalendarDate, AgendaItem[]> {
  const byDay = new Map<CalendarDate, AgendaItem[]>();
  const seen = new Set<string>();
  const push = (day: CalendarDate, key: string, it: AgendaItem) => {
    if (seen.has(key)) return;
    seen.add(key);
    byDay.set(day, [...(byDay.get(day) ?? []), it]);
  };
  // A child is absent when every session of the day is marked off (one item per child and day).
  const sessions = new Map<string, BookingRow[]>();
  for (const b of bookings) {
    const key = `${b.date}:${b.id}`;
    sessions.set(key, [...(sessions.get(key) ?? []), b]);
  }
  for (const [key, rows] of sessions) {
    const first = rows[0]!;
    if (rows.every((r) => r.markedOffCategoryId !== null)) {
      push(
        first.date,
        `absence:${key}`,
        item('absence', { child: listChild(first), notes: first.offReason }),
      );
    }
    for (const r of rows) {
      if (r.joins)
        push(
          r.date,
          `join:${key}:${r.sessionGroupId}`,
          item('joiningSessionGroup', { child: listChild(r), notes: r.groupName }),
        );
      if (r.leaves)
        push(
          r.date,
          `leave:${key}:${r.sessionGroupId}`,
          item('leavingSessionGroup', { child: listChild(r), notes: r.groupName }),
        );
    }
  }
  return byDay;
}

function eventItems(events: DueEventRow[]) {
  const byDay = new Map<CalendarDate, AgendaItem[]>();
  for (const e of events) {
    // Issue 27: reminders, tasks and what is genuinely due; not every record saved today.
    if (!isAgendaDue({ tag: e.typeTag, raised: e.raisedAt, due: e.dueAt })) continue;
    const child: HomeChild | null =
      e.childId !== null
        ? {
            id: e.childId,
            forename: e.childForename!,
            surname: e.childSurname!,
            hasImage: e.childHasImage!,
            dob: e.childDob!,
            roomID: e.childRoomId,
          }
        : null;
    const staff =
      e.staffId !== null
        ? {
            id: e.staffId,
            forename: e.staffForename!,
            surname: e.staffSurname!,
            hasImage: e.staffHasImage!,
          }
        : null;
    const it = item('eventDue', { child, staff, notes: e.notes, eventID: e.id, link: `#/edit/${e.id}` });
    byDay.set(e.dueDay, [...(byDay.get(e.dueDay) ?? []), it]);
  }
  return byDay;
}

/** The agenda: per day (in order) its items, sorted by type then name, and its counts. */
export function agendaDays(input: AgendaInputs): AgendaDay[] {
  const parts = [
    yearlyItems(input.yearly, input.days),
    bookingItems(input.bookings),
    eventItems(input.events),
  ];
  return input.days.map((date) => {
    const closures = input.closures
      .filter((c) => c.startsOn <= date && c.endsOn >= date)
      .map((c) => item('siteClosure', { notes: c.reason }));
    const items = [...closures, ...parts.flatMap((p) => p.get(date) ?? [])];
    const name = (i: AgendaItem) => {
      const who = i.child ?? i.staff;
      return who ? `${who.surname}\u0000${who.forename}` : '';
    };
    // Stable sort: events keep their due order within a name.
    items.sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || name(a).localeCompare(name(b), 'en-GB'));
    return { date, counts: agendaCounts(items), items };
  });
}

/** Today's bookings per room (the site's rooms in order, then bookings without a room). */
export function roomBookings(
  today: CalendarDate,
  bookings: BookingRow[],
  rooms: { id: number; name: string }[],
): RoomBookings[] {
  const todays = bookings.filter((b) => b.date === today);
  const perRoom = new Map<number | null, Map<number, BookingRow[]>>();
  for (const b of todays) {
    const roomID = b.bookingRoomId ?? b.roomId;
    const room = perRoom.get(roomID) ?? new Map<number, BookingRow[]>();
    room.set(b.id, [...(room.get(b.id) ?? []), b]);
    perRoom.set(roomID, room);
  }
  const order: (number | null)[] = [...rooms.map((r) => r.id), null];
  return order
    .filter((id) => perRoom.has(id))
    .map((roomID) => {
      const children = [...perRoom.get(roomID)!.values()].map((rows) => {
        const first = rows[0]!;
        return {
          ...listChild(first),
          state: childDayState(
            rows.map((r) => ({
              markedOffCategoryID: r.markedOffCategoryId,
              actualStart: r.actualStart,
              actualEnd: r.actualEnd,
            })),
          ),
          start: rows.map((r) => r.start).sort()[0]!,
          end: rows
            .map((r) => r.end)
            .sort()
            .at(-1)!,
        };
      });
      const count = (state: string) => children.filter((c) => c.state === state).length;
      return {
        roomID,
        name: rooms.find((r) => r.id === roomID)?.name ?? null,
        counts: {
          booked: children.length,
          due: count('due'),
          in: count('in'),
          left: count('left'),
          off: count('off'),
        },
        children,
      };
    });
}

/** The reminders among the due events, one per event with its subjects, as the edit form needs. */
export function reminderViews(events: DueEventRow[], editable: (e: DueEventRow) => boolean): ReminderView[] {
  const byId = new Map<number, ReminderView>();
  for (const e of events) {
    if (!e.isReminder) continue;
    const view = byId.get(e.id) ?? {
      id: e.id,
      version: e.version,
      statusID: e.statusId,
      due: e.dueDay,
      notes: e.notes ?? '',
      childIDs: [],
      staffIDs: [],
      editable: editable(e),
    };
    if (e.childId !== null && !view.childIDs.includes(e.childId)) view.childIDs.push(e.childId);
    if (e.staffId !== null && !view.staffIDs.includes(e.staffId)) view.staffIDs.push(e.staffId);
    byId.set(e.id, view);
  }
  return [...byId.values()];
}
