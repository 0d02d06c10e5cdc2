// The one place that shapes staff-register rows into answers (typed by the answer schemas).
import {
  activeBreak,
  breakMinutes,
  breakSignaturePath,
  markOffStatusChoices,
  type Shift,
  type ShiftActor,
  type ShiftStatus,
  type StaffContact,
  type StaffRegisterAnswer,
  type StaffRegisterMember,
  shiftBreakDuration,
  shiftPermittedActions,
  shiftSignaturePath,
  shiftState,
  sortShiftBreaks,
  staffInitial,
} from '@nursery/domain/registers';
import { addressOf } from '../../lib/person-address.ts';
import { maySeeContacts } from './policy.ts';
import type { ShiftRow, StaffRow, StatusRow } from './queries.ts';

/** The stored files' URLs (never the files' paths): a signature is served only through its shift. */
export function shiftOf(row: ShiftRow, actor: ShiftActor): Shift {
  const shiftId = Number(row.id);
  const breaks = sortShiftBreaks(
    (row.breaks ?? []).map((b) => {
      const breakId = Number(b.id);
      return {
        id: breakId,
        timeFrom: b.timeFrom,
        timeTo: b.timeTo,
        durationMins: shiftBreakDuration(b),
        signatures: {
          timeFrom: b.fromSignature ? breakSignaturePath(shiftId, breakId, 'timeFrom') : null,
          timeTo: b.toSignature ? breakSignaturePath(shiftId, breakId, 'timeTo') : null,
        },
      };
    }),
  );
  const status = { id: row.statusId, code: row.statusCode, value: row.statusValue };
  const rules = {
    date: row.date,
    actualFrom: row.actualFrom,
    actualTo: row.actualTo,
    status,
    breaks,
    additionalMins: row.additionalMins,
  };
  const running = activeBreak(breaks);
  return {
    id: shiftId,
    staffID: row.staffId,
    siteID: row.siteId,
    roomID: row.roomId,
    room: row.room,
    date: row.date,
    timeFrom: row.timeFrom,
    timeTo: row.timeTo,
    actualFrom: row.actualFrom,
    actualTo: row.actualTo,
    breaks,
    activeBreak: running ? { id: running.id, timeFrom: running.timeFrom } : null,
    additionalMins: row.additionalMins,
    breakMins: breakMinutes(breaks, row.additionalMins),
    statusID: row.statusId,
    status,
    notes: row.notes,
    state: shiftState(rules),
    version: row.version,
    signatures: {
      actualFrom: row.actualFromSignature ? shiftSignaturePath(shiftId, 'actualFrom') : null,
      actualTo: row.actualToSignature ? shiftSignaturePath(shiftId, 'actualTo') : null,
    },
    permittedActions: shiftPermittedActions(rules, actor),
  };
}

export const statusOf = (s: StatusRow): ShiftStatus => ({ id: s.id, code: s.code, value: s.value });

function contactOf(row: StaffRow): StaffContact {
  return {
    title: row.title,
    forename: row.forename,
    surname: row.surname,
    type: 'Self',
    telhome: row.telhome,
    telmob: row.telmob,
    telwork: row.telwork,
    email: row.email,
    ...addressOf(row),
  };
}

export function memberOf(row: StaffRow, shifts: Shift[], canSeeContacts: boolean): StaffRegisterMember {
  return {
    id: row.id,
    personID: row.personId,
    forename: row.forename,
    surname: row.surname,
    initial: staffInitial(row),
    display: `${row.forename} ${row.surname}`,
    hasImage: row.hasImage,
    profile: {
      jobTitle: row.jobTitle,
      biography: row.biography,
      homeSiteID: row.homeSiteId,
      roomID: row.roomId,
      startDate: row.startDate,
    },
    roles: row.roles ?? [],
    contacts: canSeeContacts ? [contactOf(row)] : [],
    shifts,
  };
}

export function staffRegisterAnswer(parts: {
  siteID: number;
  date: string;
  today: string;
  fetchedAt: Date;
  rooms: { id: number; name: string }[];
  staff: readonly StaffRow[];
  shifts: readonly ShiftRow[];
  statuses: readonly StatusRow[];
  viewerStaffId: number;
  actorFor: (shiftStaffId: number) => ShiftActor;
  permittedActions: StaffRegisterAnswer['permittedActions'];
  permissions: ShiftActor['permissions'] & Parameters<typeof maySeeContacts>[0];
}): StaffRegisterAnswer {
  const byStaff = new Map<number, Shift[]>();
  for (const row of parts.shifts) {
    const list = byStaff.get(row.staffId) ?? [];
    list.push(shiftOf(row, parts.actorFor(row.staffId)));
    byStaff.set(row.staffId, list);
  }
  const statuses = parts.statuses.map(statusOf);
  return {
    siteID: parts.siteID,
    date: parts.date,
    today: parts.today,
    fetchedAt: parts.fetchedAt.toISOString(),
    rooms: parts.rooms.map((r) => ({ id: r.id, name: r.name })),
    staff: parts.staff.map((s) =>
      memberOf(s, byStaff.get(s.id) ?? [], maySeeContacts(parts.permissions, s.id === parts.viewerStaffId)),
    ),
    shiftStatuses: statuses,
    markOffStatuses: markOffStatusChoices(statuses),
    viewer: { staffID: parts.viewerStaffId, assignedToday: byStaff.has(parts.viewerStaffId) },
    permittedActions: parts.permittedActions,
  };
}
