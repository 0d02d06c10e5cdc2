// The organisation of the bench provider: sites, rooms, areas, session groups and combos, staff
// (people, staff, staff_sites, staff_roles, user_accounts), children, contacts and their links,
// key children. Every statement is one INSERT ... SELECT over generate_series.
import { FRAMEWORK_IDS } from '../../apps/server/src/demo/frameworks/index.ts';
import {
  ADULT_FEMALE,
  ADULT_MALE,
  BOY_NAMES,
  GIRL_NAMES,
  STREETS,
  SURNAMES,
} from '../../apps/server/src/demo/names.ts';
import { type GenCtx, monday } from './plan.ts';
import { lit, pickInt, pickText, rnd } from './sql.ts';

export const BENCH_MANAGER_EMAIL = 'bench.manager@example.org';
export const BENCH_PRACTITIONER_EMAIL = 'bench.practitioner@example.org';

const ROOMS = ['Babies', 'Toddlers', 'Pre-school'];
const AREAS = [
  ['Sensory corner', 'Sleep room', 'Garden'],
  ['Messy play', 'Book corner', 'Garden'],
  ['Construction', 'Role play', 'Garden'],
];
/** Session combos per site: [name, start, end]; index = combo slot. */
export const COMBOS: [string, string, string][] = [
  ['Morning', '08:00', '13:00'],
  ['Afternoon', '13:00', '18:00'],
  ['Full day', '08:00', '18:00'],
];

/** Child start dates spread over this many days before today (the provider grows over time). */
const START_SPREAD_FROM = 1426;
const START_SPREAD = 1419;

export async function generateOrg(g: GenCtx): Promise<void> {
  const { run, P, plan, ref, ids, T } = g;
  const nS = plan.sites;

  await run.exec(
    'sites',
    `insert into sites (provider_id, id, name, time_zone)
     select ${P}, ${ids.site} + s, 'Bench Nursery ' || lpad(s::text, 2, '0'), 'Europe/London'
     from generate_series(1, ${nS}) s`,
  );
  await run.exec(
    'rooms',
    `insert into rooms (provider_id, id, site_id, name, sort_order)
     select ${P}, ${ids.room} + (s - 1) * 3 + r + 1, ${ids.site} + s, (array[${ROOMS.map(lit)}])[r + 1], r
     from generate_series(1, ${nS}) s, generate_series(0, 2) r`,
  );
  await run.exec(
    'areas',
    `insert into areas (provider_id, id, room_id, name)
     select ${P}, ${ids.area} + (q - 1) * 3 + a + 1, ${ids.room} + q,
       (array[${AREAS.flat().map(lit)}])[((q - 1) % 3) * 3 + a + 1]
     from generate_series(1, ${nS * 3}) q, generate_series(0, 2) a`,
  );
  await run.exec(
    'session_groups',
    `insert into session_groups (provider_id, id, site_id, name)
     select ${P}, ${ids.group} + (s - 1) * 2 + k + 1, ${ids.site} + s, (array['All year', 'Term time only'])[k + 1]
     from generate_series(1, ${nS}) s, generate_series(0, 1) k`,
  );
  await run.exec(
    'session_combos',
    `insert into session_combos (provider_id, id, site_id, session_group_id, name, start, "end", sort_order)
     select ${P}, ${ids.combo} + (s - 1) * 3 + k + 1, ${ids.site} + s, ${ids.group} + (s - 1) * 2 + 1,
       (array[${COMBOS.map((c) => lit(c[0]))}])[k + 1], (array[${COMBOS.map((c) => lit(c[1]))}])[k + 1]::time,
       (array[${COMBOS.map((c) => lit(c[2]))}])[k + 1]::time, k
     from generate_series(1, ${nS}) s, generate_series(0, 2) k`,
  );

  // Staff k = 1..n: site 1 + (k - 1) % sites, index m = (k - 1) / sites within the site; every
  // fifth of a site (m % 5 = 0) is a manager (no room), the others work in room m % 3.
  // k = 1 is the bench manager, k = practitionerIndex the bench practitioner.
  const kp = g.practitionerIndex;
  const staffSrc = `(select k, 1 + (k - 1) % ${nS} as s, (k - 1) / ${nS} as m from generate_series(1, ${plan.staff}) k) x`;
  const phone = (key: string, salt: number) => `'07700 9' || lpad(${rnd(key, salt, 100000)}::text, 5, '0')`;
  await run.exec(
    'people',
    `insert into people (provider_id, id, forename, surname, email, telmob, address1, address4, post_code, biography)
     select ${P}, ${ids.person} + k,
       case when k = 1 or k = ${kp} then 'Bench'
            when ${rnd('k', 1, 100)} < 85 then ${pickText(ADULT_FEMALE, 'k', 2)} else ${pickText(ADULT_MALE, 'k', 2)} end,
       case when k = 1 then 'Manager' when k = ${kp} then 'Practitioner' else ${pickText(SURNAMES, 'k', 3)} end,
       case when k = 1 then ${lit(BENCH_MANAGER_EMAIL)} when k = ${kp} then ${lit(BENCH_PRACTITIONER_EMAIL)}
            else 'bench.staff' || k || '@example.org' end,
       ${phone('k', 4)}, (1 + ${rnd('k', 5, 120)}) || ' ' || ${pickText(STREETS, 'k', 6)}, 'Bristol',
       'BS' || (1 + ${rnd('k', 7, 16)}) || ' ' || (1 + ${rnd('k', 8, 9)}) || 'AB',
       case when m % 5 = 0 then 'Manager at Bench Nursery ' || s else 'Practitioner at Bench Nursery ' || s end
     from ${staffSrc}`,
  );
  await run.exec(
    'staff',
    `insert into staff (provider_id, id, person_id, site_id, room_id, job_title, start_date)
     select ${P}, ${ids.staff} + k, ${ids.person} + k, ${ids.site} + s,
       case when m % 5 = 0 then null else ${ids.room} + (s - 1) * 3 + m % 3 + 1 end,
       case when m = 0 then 'Nursery manager' when m % 5 = 0 then 'Deputy manager'
            when m < 5 then 'Room leader'
            else (array['Nursery practitioner', 'Nursery assistant', 'Apprentice practitioner'])[1 + ${rnd('k', 9, 3)}] end,
       ${T} - (120 + ${rnd('k', 10, 2400)})
     from ${staffSrc}`,
  );
  await run.exec(
    'staff_sites',
    `insert into staff_sites (provider_id, staff_id, site_id)
     select ${P}, ${ids.staff} + k, ${ids.site} + s from ${staffSrc}
     union all
     select ${P}, ${ids.staff} + 1, ${ids.site} + s from generate_series(2, ${nS}) s`,
  );
  await run.exec(
    'staff_roles',
    `insert into staff_roles (provider_id, staff_id, role_id)
     select ${P}, ${ids.staff} + k, case when m % 5 = 0 then ${ref.roleIds.manager} else ${ref.roleIds.practitioner} end
     from ${staffSrc}`,
  );
  // Every staff member can log in with the demo password (bench.staffK@example.org).
  await run.exec(
    'user_accounts',
    `insert into user_accounts (provider_id, id, person_id, email, password_hash, activated_at, security_question)
     select ${P}, ${ids.user} + k, ${ids.person} + k, p.email, ${lit(g.passwordHash)},
       (${T} - 200 + time '09:00') at time zone 'Europe/London', 'Name of my first school'
     from generate_series(1, ${plan.staff}) k
     join people p on p.provider_id = ${P} and p.id = ${ids.person} + k`,
  );
  await run.exec(
    'user_favourite_frameworks',
    `insert into user_favourite_frameworks (provider_id, user_id, framework_id, sort_order)
     select ${P}, ${ids.user} + k, f.id, f.sort
     from (values (1), (${kp})) u(k),
       (values (${lit(FRAMEWORK_IDS.developmentMatters)}, 0), (${lit(FRAMEWORK_IDS.birthToFive)}, 1)) f(id, sort)`,
  );

  // Children j = 1..n, ordered by start date (a Monday, spread over ~3.9 years; the provider
  // grows), born 115-394 days before starting: 4 months to 5 years old today.
  await run.exec(
    'children',
    `insert into children (provider_id, id, site_id, room_id, forename, surname, dob, start_date, gender,
       ethnicity_id, cohort, eal, eypp, send, two_year_funded)
     select ${P}, ${ids.child} + j, ${ids.site} + s,
       ${ids.room} + (s - 1) * 3 + (case when age < 730 then 0 when age < 1095 then 1 else 2 end) + 1,
       case when girl then ${pickText(GIRL_NAMES, 'j', 11)} else ${pickText(BOY_NAMES, 'j', 11)} end,
       ${pickText(SURNAMES, 'j', 12)}, dob, start_date, case when girl then 'F' else 'M' end,
       ${pickInt(ref.ethnicityIds, 'j', 13)},
       extract(year from dob)::int + case when extract(month from dob) >= 9 then 5 else 4 end,
       ${rnd('j', 14, 100)} < 15, age >= 1095 and ${rnd('j', 15, 100)} < 15, ${rnd('j', 16, 100)} < 8,
       age >= 730 and age < 1095 and ${rnd('j', 17, 100)} < 35
     from (
       select j, s, start_date, dob, ${T} - dob as age, girl from (
         select j, 1 + (j - 1) % ${nS} as s, ${rnd('j', 18, 2)} = 0 as girl,
           ${monday(`${T} - ${START_SPREAD_FROM} + ((j - 1)::int8 * ${START_SPREAD} / ${plan.children})::int`)} as start_date,
           ${monday(`${T} - ${START_SPREAD_FROM} + ((j - 1)::int8 * ${START_SPREAD} / ${plan.children})::int`)}
             - (115 + ${rnd('j', 19, 280)})::int as dob
         from generate_series(1, ${plan.children}) j
       ) a
     ) b`,
  );

  // Contacts: child j has contacts lo+1..hi (lo = contacts * (j-1) / children): 4-5 at scale 1,
  // the first two the parents (with the child's surname), then grandparents or a childminder.
  const nC = plan.children;
  const contactSrc = `(select c.id as child_id, c.surname as child_surname, ct, ct - lo as p from (
       select c.*, ((c.id - ${ids.child} - 1)::int8 * ${plan.contacts} / ${nC})::int as lo,
         ((c.id - ${ids.child})::int8 * ${plan.contacts} / ${nC})::int as hi
       from children c where c.provider_id = ${P}) c
     cross join lateral generate_series(c.lo + 1, c.hi) ct) x`;
  const relation = `case when p = 1 then 'Mother' when p = 2 then 'Father' when p = 3 then 'Grandmother'
    when p = 4 then 'Grandfather' else (array['Aunt', 'Childminder', 'Uncle'])[1 + ${rnd('ct', 20, 3)}] end`;
  const female = `(p = 1 or p = 3 or (p > 4 and ${rnd('ct', 21, 2)} = 0))`;
  await run.exec(
    'people',
    `insert into people (provider_id, id, title, forename, surname, email, telhome, telmob, address1, address4, post_code)
     select ${P}, ${ids.person} + ${plan.staff} + ct,
       case when ${female} then (array['Mrs', 'Ms', 'Miss', 'Dr'])[1 + ${rnd('ct', 22, 4)}] else 'Mr' end,
       case when ${female} then ${pickText(ADULT_FEMALE, 'ct', 23)} else ${pickText(ADULT_MALE, 'ct', 23)} end,
       case when p <= 2 then child_surname else ${pickText(SURNAMES, 'ct', 24)} end,
       'bench.contact' || ct || '@example.com',
       case when ${rnd('ct', 25, 2)} = 0 then '0117 496 0' || lpad(${rnd('ct', 26, 1000)}::text, 3, '0') end,
       ${phone('ct', 27)}, (1 + ${rnd('ct', 28, 120)}) || ' ' || ${pickText(STREETS, 'ct', 29)}, 'Bristol',
       'BS' || (1 + ${rnd('ct', 30, 16)}) || ' ' || (1 + ${rnd('ct', 31, 9)}) || 'DE'
     from ${contactSrc}`,
  );
  await run.exec(
    'contacts',
    `insert into contacts (provider_id, id, person_id, type, externally_managed)
     select ${P}, ${ids.contact} + ct, ${ids.person} + ${plan.staff} + ct, ${relation}, ${rnd('ct', 32, 100)} < 5
     from ${contactSrc}`,
  );
  await run.exec(
    'child_contacts',
    `insert into child_contacts (provider_id, child_id, contact_id, relationship, priority,
       parental_responsibility, emergency, can_collect, can_add_notes)
     select ${P}, child_id, ${ids.contact} + ct, ${relation}, p, p <= 2, true, p <= 4, p <= 2
     from ${contactSrc}`,
  );

  // Key children: a practitioner of the child's room at the child's site (any practitioner of
  // the site if the room has none). The bench practitioner is the key person of the first ten
  // children of their room and of no other child.
  await run.exec(
    'key_children',
    `insert into key_children (provider_id, staff_id, child_id)
     select distinct on (c.id) ${P}, st.id, c.id
     from (select c.*, row_number() over (partition by c.room_id order by c.id) as rr
           from children c where c.provider_id = ${P}) c
     join staff st on st.provider_id = ${P} and st.site_id = c.site_id and st.room_id is not null
     order by c.id,
       case when st.id = ${ids.staff} + ${kp}
            then case when c.room_id = st.room_id and c.rr <= 10 then 0 else 3 end
            else case when c.room_id = st.room_id then 1 else 2 end end,
       ${rnd('c.id::int8 * 100003 + st.id', 33, 1000000)}`,
  );
}
