// Registers of a demo provider: session combos, bookings a month back and a month ahead (actual
// times for past days, some children checked in today), register signatures, attendance
// requests, staff shifts and breaks. Today's actual times are never after now (DemoNow).
import {
  attendanceRequests,
  bookings,
  registerSignatures,
  sessionCombos,
  sessionGroups,
  shiftBreaks,
  shifts,
} from '../db/schema/index.ts';
import { addDays, addMinutes, addMonths, isWeekday, weekday, weekdaysBetween } from './dates.ts';
import { insertColumns, insertMany } from './insert.ts';
import type { ChildInfo, Ctx, ProviderWorld, SiteInfo } from './org.ts';

type Combo = 'morning' | 'afternoon' | 'fullDay';
const COMBO_TIMES: Record<Combo, [string, string, string]> = {
  morning: ['Morning', '08:00', '13:00'],
  afternoon: ['Afternoon', '13:00', '18:00'],
  fullDay: ['Full day', '08:00', '18:00'],
};
const SHIFT_PATTERNS: [string, string][] = [
  ['07:30', '15:30'],
  ['08:00', '16:00'],
  ['09:00', '17:00'],
  ['10:00', '18:00'],
];

export interface BookingInfo {
  id: number;
  child: ChildInfo;
  siteId: number;
  date: string;
  comboId: number;
  start: string;
  end: string;
  attended: boolean;
}

export interface SiteRegisters {
  site: SiteInfo;
  comboIds: Record<Combo, number>;
  bookings: BookingInfo[];
}

/** Dates that carry bookings and shifts: weekdays, plus today even at a weekend (so the demo is never empty). */
function registerDates(from: string, to: string, today: string): string[] {
  const dates = weekdaysBetween(from, to);
  if (!isWeekday(today)) dates.push(today);
  return dates.sort();
}

export async function buildRegisters(ctx: Ctx, world: ProviderWorld): Promise<SiteRegisters[]> {
  const { tx, rnd, today, ids, clock, setupAt } = ctx;
  /** A time of day recorded today: never after now. */
  const todayAt = (time: string) => clock.factTime(today, time);
  const { providerId, ref } = world;
  const out: SiteRegisters[] = [];
  const groupRows: (typeof sessionGroups.$inferInsert)[] = [];
  const comboRows: (typeof sessionCombos.$inferInsert)[] = [];
  const bookingRows: (typeof bookings.$inferInsert)[] = [];
  const signatureRows: (typeof registerSignatures.$inferInsert)[] = [];
  const requestRows: (typeof attendanceRequests.$inferInsert)[] = [];
  const shiftRows: (typeof shifts.$inferInsert)[] = [];
  const breakRows: (typeof shiftBreaks.$inferInsert)[] = [];
  const dates = registerDates(addMonths(today, -1), addMonths(today, 1), today);

  for (const site of world.sites) {
    const allYear = ids.next('session_groups');
    const termTime = ids.next('session_groups');
    groupRows.push({ providerId, id: allYear, siteId: site.id, name: 'All year' });
    groupRows.push({ providerId, id: termTime, siteId: site.id, name: 'Term time only' });
    const comboIds = {} as Record<Combo, number>;
    (Object.keys(COMBO_TIMES) as Combo[]).forEach((key, i) => {
      const [name, start, end] = COMBO_TIMES[key];
      comboIds[key] = ids.next('session_combos');
      comboRows.push({ providerId, id: comboIds[key], siteId: site.id, name, start, end, sortOrder: i });
    });
    const reg: SiteRegisters = { site, comboIds, bookings: [] };
    out.push(reg);

    // Weekly patterns: 2-5 days, full days or half days (sometimes both halves).
    const patterns = new Map<number, Map<number, Combo[]>>();
    for (const child of site.children) {
      const days = rnd.sample([1, 2, 3, 4, 5], rnd.int(2, 5));
      if (!days.includes(1)) days.push(1); // Monday also stands in for a weekend "today"
      const pattern = new Map<number, Combo[]>();
      for (const d of days) {
        const r = rnd.next();
        pattern.set(
          d,
          r < 0.5 ? ['fullDay'] : r < 0.75 ? ['morning'] : r < 0.9 ? ['afternoon'] : ['morning', 'afternoon'],
        );
      }
      patterns.set(child.id, pattern);
    }

    let todayIndex = 0;
    for (const date of dates) {
      const dow = isWeekday(date) ? weekday(date) : 1;
      for (const child of site.children) {
        if (date < child.startDate) continue;
        // The child without contacts (the signature dialog's message) is always booked today (a full
        // day unless their pattern books them anyway) and never takes a place in the today states: it
        // is never marked off today, whatever weekday today is.
        const patterned = patterns.get(child.id)!.get(dow);
        const withoutContactsToday = date === today && child.contacts.length === 0;
        const alwaysToday = !patterned && withoutContactsToday;
        const combos = patterned ?? (alwaysToday ? (['fullDay'] as Combo[]) : undefined);
        if (!combos) continue;
        const offRoll = date < today && rnd.chance(0.05);
        const offCategory = offRoll ? ref.markOffIds[rnd.pick(['H', 'I', 'I', 'U'])] : null;
        let todayState: 'in' | 'out' | 'off' | 'due' = 'due';
        if (date === today && !withoutContactsToday) {
          const k = todayIndex++;
          todayState = k === 3 || k === 11 ? 'off' : k === 5 || k === 17 ? 'out' : k % 5 < 3 ? 'in' : 'due';
        }
        combos.forEach((combo, ci) => {
          const [, start, end] = COMBO_TIMES[combo];
          const id = ids.next('bookings');
          let actualStart: string | null = null;
          let actualEnd: string | null = null;
          let markedOffCategoryId: number | null = null;
          if (date < today) {
            if (offCategory) markedOffCategoryId = offCategory;
            else {
              actualStart = ci > 0 ? start : addMinutes(start, rnd.int(-5, 20));
              actualEnd = ci < combos.length - 1 ? end : addMinutes(end, -rnd.int(0, 45));
            }
          } else if (date === today) {
            if (todayState === 'off') markedOffCategoryId = ref.markOffIds.I;
            else if (todayState === 'in' && ci === 0)
              actualStart = todayAt(addMinutes(start, rnd.int(0, 15)));
            else if (todayState === 'out' && ci === 0) {
              const arrived = addMinutes(start, rnd.int(0, 10));
              actualStart = todayAt(arrived);
              actualEnd = todayAt(addMinutes(arrived, rnd.int(120, 200)));
            }
          }
          bookingRows.push({
            providerId,
            id,
            childId: child.id,
            siteId: site.id,
            roomId: child.roomId,
            date,
            comboId: comboIds[combo],
            sessionGroupId: child.months >= 36 && child.id % 4 === 0 ? termTime : allYear,
            start,
            end,
            actualStart,
            actualEnd,
            markedOffCategoryId,
            createdAt: setupAt,
            updatedAt: setupAt,
            markOffNotes: markedOffCategoryId
              ? rnd.pick(['Unwell, temperature', 'Family holiday', 'Not coming in today'])
              : null,
          });
          reg.bookings.push({
            id,
            child,
            siteId: site.id,
            date,
            comboId: comboIds[combo],
            start,
            end,
            attended: actualStart !== null,
          });
        });
      }
    }

    // Today's drop-off signatures and attendance requests.
    const checkedIn = reg.bookings.filter(
      (b) => b.date === today && b.attended && b.child.contacts.length > 0,
    );
    for (const b of checkedIn.slice(0, 6)) {
      signatureRows.push({
        providerId,
        id: ids.next('register_signatures'),
        childId: b.child.id,
        date: today,
        comboIds: [b.comboId],
        typeId: ref.signatureTypeIds.dropOff,
        personId: b.child.contacts[0].personId,
        key: rnd.hex(12),
        createdAt: clock.fact(today, '08:10'),
      });
    }
    const [pickUp, dropOff] = checkedIn.slice(6, 8);
    if (pickUp) {
      requestRows.push({
        providerId,
        id: ids.next('attendance_requests'),
        childId: pickUp.child.id,
        bookingId: pickUp.id,
        siteId: site.id,
        date: today,
        type: 'pick-up',
        // A request's time is a fact of today: never after now (so approving it never checks out ahead).
        time: todayAt('15:30'),
        notes: 'Grandma is collecting today',
        contactId: pickUp.child.contacts[0].contactId,
        createdAt: clock.fact(today, '07:40'),
      });
    }
    if (dropOff) {
      requestRows.push({
        providerId,
        id: ids.next('attendance_requests'),
        childId: dropOff.child.id,
        bookingId: dropOff.id,
        siteId: site.id,
        date: today,
        type: 'drop-off',
        time: '08:15',
        contactId: dropOff.child.contacts[0].contactId,
        approved: true,
        createdAt: clock.fact(addDays(today, -1), '18:05'),
        decidedAt: clock.fact(today, '08:20'),
      });
    }

    // A pending drop-off request for two children due today (not checked in today, not marked off).
    const offToday = new Set(
      bookingRows.filter((r) => r.date === today && r.markedOffCategoryId != null).map((r) => r.childId),
    );
    // A child already checked in for an earlier session is here: a drop-off request is for one who is not.
    const hereToday = new Set(
      reg.bookings.filter((b) => b.date === today && b.attended).map((b) => b.child.id),
    );
    const due = reg.bookings.filter(
      (b) =>
        b.date === today &&
        !b.attended &&
        b.child.contacts.length > 0 &&
        !offToday.has(b.child.id) &&
        !hereToday.has(b.child.id),
    );
    const dueChildren = [...new Map(due.map((b) => [b.child.id, b])).values()].slice(0, 2);
    dueChildren.forEach((b, i) => {
      requestRows.push({
        providerId,
        id: ids.next('attendance_requests'),
        childId: b.child.id,
        bookingId: b.id,
        siteId: site.id,
        date: today,
        type: 'drop-off',
        time: todayAt(i === 0 ? '08:05' : '08:40'),
        notes: i === 0 ? 'Dad is dropping off today' : null,
        contactId: b.child.contacts[0].contactId,
        createdAt: clock.fact(addDays(today, -1), '19:30'),
      });
    });

    // Shifts: a week back and a week ahead, every staff member has one today.
    const shiftDates = registerDates(addDays(today, -7), addDays(today, 7), today);
    let onBreak = false;
    site.staff.forEach((member, si) => {
      const [from, to] = member.isManager ? ['08:30', '16:30'] : SHIFT_PATTERNS[si % SHIFT_PATTERNS.length];
      const roomId = member.roomId ?? site.rooms[0].id;
      for (const date of shiftDates) {
        const id = ids.next('shifts');
        let statusId = ref.shiftStatusIds.W;
        let notes: string | null = null;
        let actualFrom: string | null = null;
        let actualTo: string | null = null;
        if (date < today) {
          if (rnd.chance(0.04)) {
            statusId = ref.shiftStatusIds[rnd.pick(['H', 'S', 'T'])];
          } else {
            actualFrom = addMinutes(from, rnd.int(-5, 10));
            actualTo = addMinutes(to, rnd.int(-5, 15));
            breakRows.push({
              providerId,
              id: ids.next('shift_breaks'),
              shiftId: id,
              timeFrom: '12:00',
              timeTo: '12:30',
            });
          }
        } else if (date === today) {
          if (si === 2) {
            statusId = ref.shiftStatusIds.S;
            notes = 'Called in sick';
          } else if (si === 6 && world.sites.indexOf(site) === 1) {
            statusId = ref.shiftStatusIds.T;
            notes = 'Paediatric first aid course';
          } else if (from <= '09:00') {
            actualFrom = todayAt(addMinutes(from, rnd.int(-5, 8)));
            if (from === '07:30') {
              breakRows.push({
                providerId,
                id: ids.next('shift_breaks'),
                shiftId: id,
                timeFrom: todayAt('10:00'),
                timeTo: todayAt('10:15'),
              });
            }
            if (!onBreak && !member.isManager && member.userId === null) {
              onBreak = true;
              breakRows.push({
                providerId,
                id: ids.next('shift_breaks'),
                shiftId: id,
                timeFrom: todayAt('11:45'),
                timeTo: null,
              });
            }
          }
        }
        shiftRows.push({
          providerId,
          id,
          staffId: member.id,
          siteId: site.id,
          roomId,
          date,
          timeFrom: from,
          timeTo: to,
          actualFrom,
          actualTo,
          additionalMins: actualTo && rnd.chance(0.1) ? 15 : 0,
          statusId,
          notes,
          createdAt: setupAt,
          updatedAt: setupAt,
        });
      }
    });
  }

  await insertMany(tx, sessionGroups, groupRows);
  await insertMany(tx, sessionCombos, comboRows);
  await insertColumns(tx, bookings, bookingRows);
  await insertMany(tx, registerSignatures, signatureRows);
  await insertMany(tx, attendanceRequests, requestRows);
  await insertMany(tx, shifts, shiftRows);
  await insertMany(tx, shiftBreaks, breakRows);
  return out;
}
