// Registers of the bench provider: about three years of bookings (each child on 2-5 fixed
// weekdays a week from their start date to a month ahead; actual times in the past, some marked
// off, a mix of states today), and staff shifts (90 days back, 30 ahead) with breaks.
import {
  BOOKINGS_AHEAD_DAYS,
  type GenCtx,
  HISTORY_DAYS,
  monday,
  SHIFTS_AHEAD_DAYS,
  SHIFTS_BACK_DAYS,
  weekdayIndex,
} from './plan.ts';
import { lit, pickInt, rnd } from './sql.ts';

/**
 * Booking kinds: [kind, order, combo slot, start, end, last of the day]. Kind 0 full day, 1
 * morning, 2 afternoon, 3 morning and afternoon (two bookings).
 */
const KINDS: [number, number, number, string, string, boolean][] = [
  [0, 0, 2, '08:00', '18:00', true],
  [1, 0, 0, '08:00', '13:00', true],
  [2, 0, 1, '13:00', '18:00', true],
  [3, 0, 0, '08:00', '13:00', false],
  [3, 1, 1, '13:00', '18:00', true],
];

const SHIFT_PATTERNS: [string, string][] = [
  ['07:30', '15:30'],
  ['08:00', '16:00'],
  ['09:00', '17:00'],
  ['10:00', '18:00'],
];

export async function generateRegisters(g: GenCtx): Promise<void> {
  await generateBookings(g);
  await generateShifts(g);
}

async function generateBookings(g: GenCtx): Promise<void> {
  const { run, P, ref, ids, T } = g;
  const W0 = monday(`${T} - ${HISTORY_DAYS}`);
  const kinds = KINDS.map(
    ([kind, ord, slot, start, end, last]) =>
      `(${kind}, ${ord}, ${slot}, time ${lit(start)}, time ${lit(end)}, ${last})`,
  ).join(', ');
  const m = ref.markOffIds;
  const offIds = [m.H, m.I, m.I, m.U, m.A, m.F];
  // key: one pseudo-random stream per child and day.
  const key = `(c.j::int8 * 100000 + x)`;
  const today = `(d = ${T})`;
  const past = `(d < ${T})`;
  const off = `(${past} and ${rnd(key, 40, 100)} < 4)`;
  // Today: 5 % marked off, 10 % checked in and out, 60 % checked in, the rest due.
  const todayState = rnd(key, 41, 100);
  const siteIdx = `(c.site_id - ${ids.site} - 1)`;
  await run.exec(
    'bookings',
    `insert into bookings (provider_id, child_id, site_id, room_id, date, combo_id, session_group_id, start, "end",
       actual_start, actual_end, marked_off_category_id, mark_off_notes, created_at, updated_at)
     select ${P}, c.id, c.site_id,
       ${ids.room} + ${siteIdx} * 3 + (case when d - c.dob < 730 then 0 when d - c.dob < 1095 then 1 else 2 end) + 1,
       d, ${ids.combo} + ${siteIdx} * 3 + k.slot + 1,
       ${ids.group} + ${siteIdx} * 2 + case when c.term_time then 2 else 1 end,
       k.start, k.finish,
       case when ${past} and not ${off} then k.start + (case when k.ord = 0 then ${rnd(key, 42, 26)} - 5 else 0 end) * interval '1 minute'
            when ${today} and ${todayState} >= 5 and ${todayState} < 75 then k.start + ${rnd(key, 43, 16)} * interval '1 minute' end,
       case when ${past} and not ${off} then k.finish - (case when k.last then ${rnd(key, 44, 46)} else 0 end) * interval '1 minute'
            when ${today} and ${todayState} >= 5 and ${todayState} < 15 then k.start + (150 + ${rnd(key, 43, 16)}) * interval '1 minute' end,
       case when ${off} then ${pickInt(offIds, key, 45)} when ${today} and ${todayState} < 5 then ${m.I} end,
       case when ${off} then (array['Unwell, temperature', 'Family holiday', 'Not coming in today'])[1 + ${rnd(key, 46, 3)}]
            when ${today} and ${todayState} < 5 then 'Unwell, temperature' end,
       (d - 28 + time '09:00') at time zone 'Europe/London',
       case when ${past} then (d + time '18:30') at time zone 'Europe/London'
            else (d - 28 + time '09:00') at time zone 'Europe/London' end
     from (
       select c.*, c.id - ${ids.child} as j,
         case when ${rnd('c.id', 47, 10)} = 0 then 2 when ${rnd('c.id', 47, 10)} < 3 then 3
              when ${rnd('c.id', 47, 10)} < 6 then 4 else 5 end as days,
         ${rnd('c.id', 48, 5)} as first_day,
         case when ${rnd('c.id', 49, 100)} < 55 then 0 when ${rnd('c.id', 49, 100)} < 75 then 1
              when ${rnd('c.id', 49, 100)} < 85 then 2 else 3 end as kind,
         (c.id - ${ids.child}) % 4 = 0 and c.room_id = ${ids.room} + (c.site_id - ${ids.site} - 1) * 3 + 3 as term_time
       from children c where c.provider_id = ${P}
     ) c
     cross join lateral generate_series(greatest(c.start_date, ${W0}) - ${W0}, ${T} + ${BOOKINGS_AHEAD_DAYS} - ${W0}) x
     cross join lateral (select ${W0} + x as d) dd
     join (values ${kinds}) k(kind, ord, slot, start, finish, last) on k.kind = c.kind
     where ${weekdayIndex('d')} < 5 and (${weekdayIndex('d')} - c.first_day + 5) % 5 < c.days`,
  );
}

async function generateShifts(g: GenCtx): Promise<void> {
  const { run, P, ref, ids, T } = g;
  const s = ref.shiftStatusIds;
  const key = `(k::int8 * 100000 + x)`;
  const pat = rnd(key, 60, SHIFT_PATTERNS.length);
  const from = `(array[${SHIFT_PATTERNS.map((p) => lit(p[0]))}]::time[])[1 + ${pat}]`;
  const to = `(array[${SHIFT_PATTERNS.map((p) => lit(p[1]))}]::time[])[1 + ${pat}]`;
  const r = rnd(key, 61, 100);
  const status = `case when d < ${T} then case when ${r} < 3 then ${s.S} when ${r} < 7 then ${s.H} when ${r} < 8 then ${s.T} else ${s.W} end
    else case when ${r} < 5 then ${s.H} else ${s.W} end end`;
  const first = `${T} - ${SHIFTS_BACK_DAYS}`;
  await run.exec(
    'shifts',
    `insert into shifts (provider_id, staff_id, site_id, room_id, date, time_from, time_to, actual_from, actual_to,
       status_id, created_at, updated_at)
     select ${P}, st.id, st.site_id, st.room_id, d, time_from, time_to,
       case when status = ${s.W} and d <= ${T} then time_from + (${rnd(key, 62, 21)} - 10) * interval '1 minute' end,
       case when status = ${s.W} and (d < ${T} or (d = ${T} and ${rnd(key, 63, 10)} < 3))
            then time_to + (${rnd(key, 64, 26)} - 5) * interval '1 minute' end,
       status, (d - 14 + time '12:00') at time zone 'Europe/London',
       case when d < ${T} then (d + time '18:30') at time zone 'Europe/London'
            else (d - 14 + time '12:00') at time zone 'Europe/London' end
     from (
       select st.*, x, d, ${from} as time_from, ${to} as time_to, ${status} as status
       from (select st.*, st.id - ${ids.staff} as k from staff st where st.provider_id = ${P}) st
       cross join generate_series(0, ${SHIFTS_BACK_DAYS + SHIFTS_AHEAD_DAYS}) x
       cross join lateral (select ${first} + x as d) dd
       where ${weekdayIndex('d')} < 5
         and (${weekdayIndex('d')} - ${rnd('k', 65, 5)} + 5) % 5 < case when ${rnd('k', 66, 4)} = 0 then 4 else 5 end
     ) st`,
  );
  // Breaks of worked shifts: lunch (30-60 min, four hours in) and for some a short break two hours
  // in; today some lunch breaks are still running (time_to null).
  const bkey = `(sh.id)`;
  await run.exec(
    'shift_breaks',
    `insert into shift_breaks (provider_id, shift_id, time_from, time_to)
     select ${P}, sh.id, sh.actual_from + b.offset_min * interval '1 minute',
       case when sh.date = ${T} and b.lunch and ${rnd(bkey, 70, 10)} < 3 then null
            else sh.actual_from + (b.offset_min + case when b.lunch then 30 + ${rnd(bkey, 71, 31)} else 15 end) * interval '1 minute' end
     from shifts sh
     join (values (240, true), (120, false)) b(offset_min, lunch) on b.lunch or ${rnd(bkey, 72, 10)} < 3
     where sh.provider_id = ${P} and sh.status_id = ${s.W} and sh.actual_from is not null
       and (sh.date < ${T} or sh.actual_to is null) and sh.actual_from + b.offset_min * interval '1 minute' > sh.actual_from`,
  );
}
