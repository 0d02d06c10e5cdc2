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
  const status = { id: row.status_id, code: row.status_code, value: row.status_value };
  const rules = {
    date: row.date,
    actualFrom: row.actual_from,
    actualTo: row.actual_to,
    status,
    breaks,
    additionalMins: row.additional_mins,
  };
  const running = activeBreak(breaks);
  return {
    id: shiftId,
    staffID: row.staff_id,
    siteID: row.site_id,
    roomID: row.room_id,
    room: row.room,
    date: row.date,
    timeFrom: row.time_from,
    timeTo: row.time_to,
    actualFrom: row.actual_from,
    actualTo: row.actual_to,
    breaks,
    activeBreak: running ? { id: running.id, timeFrom: running.timeFrom } : null,
    additionalMins: row.additional_mins,
    breakMins: breakMinutes(breaks, row.additional_mins),
    statusID: row.status_id,
    status,
    notes: row.notes,
    state: shiftState(rules),
    version: row.version,
    signatures: {
      actualFrom: row.actual_from_signature ? shiftSignaturePath(shiftId, 'actualFrom') : null,
      actualTo: row.actual_to_signature ? shiftSignaturePath(shiftId, 'actualTo') : null,
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
    address1: row.address1,
    address2: row.address2,
    address3: row.address3,
    address4: row.address4,
    address5: row.address5,
    postCode: row.post_code,
  };
}

export function memberOf(row: StaffRow, shifts: Shift[], canSeeContacts: boolean): StaffRegisterMember {
  return {
    id: row.id,
    personID: row.person_id,
    forename: row.forename,
    surname: row.surname,
    initial: staffInitial(row),
    display: `${row.forename} ${row.surname}`,
    hasImage: row.has_image,
    profile: {
      jobTitle: row.job_title,
      biography: row.biography,
      homeSiteID: row.home_site_id,
      roomID: row.room_id,
      startDate: row.start_date,
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
    const list = byStaff.get(row.staff_id) ?? [];
    list.push(shiftOf(row, parts.actorFor(row.staff_id)));
    byStaff.set(row.staff_id, list);
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
