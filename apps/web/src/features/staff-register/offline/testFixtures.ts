// Shifts, registers and changes for the offline queue's unit tests (never imported by the app).
import {
  registerShiftActor,
  type Shift,
  type ShiftAction,
  type StaffRegisterAnswer,
  shiftPermittedActions,
} from '@nursery/domain/registers';
import type { ShiftChange } from '../changeTypes';

export const SITE = 3;
export const DAY = '2026-11-27';
export const W = { id: 1, code: 'W', value: 'Working' };
export const SICK = { id: 2, code: 'S', value: 'Sick' };
export const MANAGER = { checkInOthers: true, checkInSelf: true, markOff: true, amendTimes: true };

export function shift(over: Partial<Shift> = {}): Shift {
  const base: Shift = {
    id: 10,
    staffID: 100,
    siteID: SITE,
    roomID: null,
    room: null,
    date: DAY,
    timeFrom: '08:00',
    timeTo: '16:00',
    actualFrom: null,
    actualTo: null,
    breaks: [],
    activeBreak: null,
    additionalMins: 0,
    breakMins: 0,
    statusID: W.id,
    status: W,
    notes: null,
    state: 'due',
    version: 4,
    signatures: { actualFrom: null, actualTo: null },
    permittedActions: {} as Shift['permittedActions'],
    ...over,
  };
  return {
    ...base,
    permittedActions: shiftPermittedActions(base, registerShiftActor(MANAGER, false, DAY)),
  };
}

export function register(shifts: Shift[]): StaffRegisterAnswer {
  return {
    siteID: SITE,
    date: DAY,
    today: DAY,
    fetchedAt: '2026-11-27T09:00:00.000Z',
    rooms: [],
    staff: shifts.map((s) => ({
      id: s.staffID,
      personID: s.staffID,
      forename: 'Sam',
      surname: `Staff ${s.staffID}`,
      initial: 'S',
      display: `Sam Staff ${s.staffID}`,
      hasImage: false,
      profile: { jobTitle: null, biography: null, homeSiteID: SITE, roomID: null, startDate: null },
      roles: [],
      contacts: [],
      shifts: [s],
    })),
    shiftStatuses: [W, SICK],
    markOffStatuses: [SICK],
    viewer: { staffID: 1, assignedToday: false },
    permittedActions: { ...MANAGER, selectRows: true, bulk: true },
  };
}

let made = 0;
export function change(action: ShiftAction, over: Partial<ShiftChange> = {}): ShiftChange {
  made += 1;
  return {
    localID: `c${made}`,
    siteID: SITE,
    date: DAY,
    shiftID: 10,
    action: { version: 4, ...action },
    before: shift(),
    madeAt: 1_000 + made,
    ...over,
  };
}

/** A 1×1 PNG as the pad would give it. */
export const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
