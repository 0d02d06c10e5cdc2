// Events of the bench provider: a fixed number spread over the weekdays of about three years in
// proportion to the children on roll each day, of every event type (the two-year-check codes
// aside: see GENERATE.md), in a realistic mix of statuses; plus the rows that belong to some
// types (task subjects, meals, medication details).
import type { EventTag } from '@nursery/domain/events';
import * as TXT from '../../apps/server/src/demo/eventText.ts';
import { type GenCtx, HISTORY_DAYS, monday, weekdayIndex } from './plan.ts';
import { lit, london, pickInt, pickText, rawHash, rnd } from './sql.ts';

interface TypeMix {
  tag: EventTag;
  /** Share of all events in 1/1000. */
  permille: number;
  /** [code_key, share in %]. */
  codes: [string, number][];
  notes?: readonly string[];
}

export const TYPE_MIX: TypeMix[] = [
  {
    tag: 'observation',
    permille: 260,
    codes: [
      ['observation', 85],
      ['group-observation', 10],
      ['parent-observation', 5],
    ],
    notes: TXT.OBSERVATION_NOTES,
  },
  { tag: 'snapshot', permille: 60, codes: [['snapshot', 100]], notes: TXT.SNAPSHOT_NOTES },
  { tag: 'learningStory', permille: 50, codes: [['learning-story', 100]], notes: TXT.LEARNING_STORY_NOTES },
  {
    tag: 'assessment',
    permille: 30,
    codes: [
      ['assessment', 95],
      ['baseline-assessment', 5],
    ],
    notes: TXT.ASSESSMENT_NOTES,
  },
  { tag: 'sleep', permille: 100, codes: [['sleep', 100]] },
  { tag: 'meal', permille: 160, codes: [['meal', 100]] },
  {
    tag: 'nappy',
    permille: 180,
    codes: [
      ['wet', 35],
      ['soiled', 20],
      ['wet-and-soiled', 15],
      ['dry', 15],
      ['toilet', 15],
    ],
  },
  {
    tag: 'accident',
    permille: 30,
    codes: [
      ['accident', 60],
      ['incident', 25],
      ['existing-injury', 15],
    ],
    notes: TXT.ACCIDENT_NOTES,
  },
  { tag: 'medication', permille: 20, codes: [['medication', 100]] },
  {
    tag: 'task',
    permille: 30,
    codes: [
      ['reminder', 50],
      ['task', 50],
    ],
    notes: TXT.REMINDER_NOTES,
  },
  {
    tag: 'generic',
    permille: 80,
    codes: [
      ['general-note', 50],
      ['phone-call', 30],
      ['parent-meeting', 20],
    ],
    notes: TXT.GENERIC_NOTES,
  },
];

/** Meal types' usual minutes after midnight (breakfast, morning snack, lunch, afternoon snack, tea). */
const MEAL_MINUTES = [480, 600, 690, 870, 960];
/** Events per INSERT statement (bounds the statement's pending foreign-key checks). */
const EVENTS_PER_STATEMENT = 250_000;

/** Creates bench_days: the weekdays of the history with the children on roll and the event range. */
async function createDays(g: GenCtx): Promise<{ x: number; n: number }[]> {
  const { run, P, plan, T } = g;
  const W0 = monday(`${T} - ${HISTORY_DAYS}`);
  await run.step(
    'temp bench_days',
    `create temp table bench_days on commit drop as
     select x, d, enrolled, (${plan.events}::int8 * (cum - enrolled) / total) as lo,
       (${plan.events}::int8 * cum / total) - (${plan.events}::int8 * (cum - enrolled) / total) as n
     from (
       select x, d, enrolled, sum(enrolled) over (order by x) as cum, sum(enrolled) over () as total
       from (
         select x, d, (select count(*) from children c where c.provider_id = ${P} and c.start_date <= d)::int as enrolled
         from generate_series(0, ${T} - ${W0}) x cross join lateral (select ${W0} + x as d) dd
         where ${weekdayIndex('d')} < 5
       ) a
     ) b`,
    'bench_days',
  );
  const days = await run.rows<{ x: number; n: number | string }>(`select x, n from bench_days order by x`);
  return days.map((d) => ({ x: Number(d.x), n: Number(d.n) }));
}

/** Splits the days into consecutive ranges of about EVENTS_PER_STATEMENT events. */
function chunks(days: { x: number; n: number }[]): [number, number][] {
  const out: [number, number][] = [];
  let from = -1;
  let sum = 0;
  for (const d of days) {
    if (from < 0) from = d.x;
    sum += d.n;
    if (sum >= EVENTS_PER_STATEMENT) {
      out.push([from, d.x]);
      from = -1;
      sum = 0;
    }
  }
  if (from >= 0) out.push([from, days.at(-1)!.x]);
  return out;
}

export async function generateEvents(g: GenCtx): Promise<void> {
  const { run, P, plan, ref, ids, T } = g;
  const code = (tag: string, key: string) => {
    const id = ref.codeIds.get(`${tag}:${key}`);
    if (id === undefined) throw new Error(`bench generate: no event code ${tag}:${key}`);
    return id;
  };
  const tagIndex = (tag: EventTag) => TYPE_MIX.findIndex((t) => t.tag === tag);
  const is = (tag: EventTag) => `(t = ${tagIndex(tag)})`;

  // t: the type index of TYPE_MIX, by cumulative shares.
  let acc = 0;
  const typeCase = `case ${TYPE_MIX.map((t, i) => {
    acc += t.permille;
    return `when ${rnd('i', 2, 1000)} < ${acc} then ${i}`;
  }).join(' ')} end`;
  const typeIdCase = `case t ${TYPE_MIX.map((t, i) => `when ${i} then ${ref.typeIds[t.tag]}`).join(' ')} end`;
  const codeCase = `case t ${TYPE_MIX.map((t, i) => {
    let c = 0;
    const whens = t.codes.map(([key, pct]) => {
      c += pct;
      return `when cr < ${c} then ${code(t.tag, key)}`;
    });
    return `when ${i} then case ${whens.join(' ')} end`;
  }).join(' ')} end`;
  const notesCase = `case t ${TYPE_MIX.map((t, i) =>
    t.notes ? `when ${i} then replace(${pickText(t.notes, 'i', 3)}, '{name}', forename)` : '',
  ).join(' ')} end`;
  const parentObs = code('observation', 'parent-observation');
  const existingInjury = code('accident', 'existing-injury');
  const baseline = code('assessment', 'baseline-assessment');

  // Status: the last fortnight holds drafts and pending events; older ones are mostly published,
  // some archived, a few deleted, a few forgotten drafts and pending ones.
  const sr = rnd('i', 4, 1000);
  const status = `case when ${T} - d <= 14 then case when ${sr} < 350 then 1 when ${sr} < 550 then 3 else 5 end
    else case when ${sr} < 10 then 1 when ${sr} < 20 then 3 when ${sr} < 40 then 6 when ${sr} < 100 then 4 else 5 end end`;
  // Minute of the day the event was raised.
  const minute = `case when ${is('sleep')} then 690 + ${rnd('i', 7, 150)}
    when ${is('meal')} then (array[${MEAL_MINUTES}])[1 + ${rnd('i', 11, MEAL_MINUTES.length)}] + ${rnd('i', 12, 30)}
    else 480 + ${rnd('i', 7, 600)} end`;
  const learning = `(${is('observation')} or ${is('snapshot')} or ${is('learningStory')} or ${is('assessment')})`;
  const todayEnd = `((${T} + time '23:59') at time zone 'Europe/London')`;
  // Staff author: one of the staff of the child's site (k = site + sites * m).
  const staffK = `(s + ${plan.sites} * ${rnd('i', 6, `((${plan.staff} - s) / ${plan.sites} + 1)`)})`;
  const firstContactPerson = `(${ids.person} + ${plan.staff} + ((j - 1)::int8 * ${plan.contacts} / ${plan.children})::int + 1)`;

  const days = await createDays(g);
  for (const [xa, xb] of chunks(days)) {
    await run.exec(
      'events',
      `insert into events (provider_id, id, uuid, save_uuid, version, type_id, code_id, child_id, status_id, site_id,
         author_person_id, author_staff_id, notes, childs_voice, parent_notes, learning_styles, tagged, raised, date2,
         due, priority_id, area_id, existing_injury, nappy_cream, baseline, created_at, updated_at)
       select ${P}, ${ids.event} + i, md5('bench-event-' || i)::uuid, md5('bench-save-' || i)::uuid,
         case when st = 1 then 1 else 2 end, type_id, code_id, case when ${is('task')} then null else child_id end,
         case when code_id = ${parentObs} and st = 1 then 3 else st end, site_id,
         case when code_id = ${parentObs} then ${firstContactPerson} else ${ids.person} + ${staffK} end,
         case when code_id = ${parentObs} then null else ${ids.staff} + ${staffK} end,
         ${notesCase},
         case when (${is('observation')} or ${is('snapshot')} or ${is('learningStory')}) and ${rnd('i', 14, 10)} < 3
              then ${pickText(TXT.CHILDS_VOICE, 'i', 15)} end,
         case when (${is('learningStory')} or ${is('assessment')}) and ${rnd('i', 16, 10)} < 4
              then replace(${pickText(TXT.PARENT_NOTES, 'i', 17)}, '{name}', forename) end,
         case when (${is('observation')} or ${is('learningStory')}) and ${rnd('i', 18, 2)} = 0
              then ${rawHash('i', 19)} & ${rawHash('i', 20)} & 3822 else 0 end,
         ${learning} and (${is('learningStory')} or ${rnd('i', 21, 5)} = 0),
         raised,
         case when ${is('sleep')} and not (d = ${T} and ${rnd('i', 22, 3)} = 0)
              then raised + (35 + ${rnd('i', 23, 90)}) * interval '1 minute'
              when ${is('task')} and ${T} - d > 30 then raised + (1 + ${rnd('i', 24, 30)}) * interval '1 day' + interval '1 hour' end,
         case when ${is('task')} then raised + (1 + ${rnd('i', 24, 30)}) * interval '1 day' end,
         case when ${is('task')} then ${pickInt(ref.priorityIds, 'i', 25)} end,
         case when ${is('accident')} then ${ids.area} + (room_id - ${ids.room} - 1) * 3 + 1 + ${rnd('i', 26, 3)} end,
         case when ${is('accident')} then code_id = ${existingInjury} end,
         case when ${is('nappy')} then ${rnd('i', 27, 5)} = 0 end,
         code_id = ${baseline},
         raised,
         case when st = 1 then raised else least(raised + (1 + ${rnd('i', 28, 48)}) * interval '1 hour', ${todayEnd}) end
       from (
         select e.*, ${typeIdCase} as type_id, ${codeCase} as code_id, ${status} as st,
           ${london('d', minute)} as raised
         from (
           select e.*, ${typeCase} as t, ${rnd('i', 5, 100)} as cr, c.id as child_id, c.site_id, c.room_id,
             c.forename, c.site_id - ${ids.site} as s, c.id - ${ids.child} as j
           from (
             select dd.x, dd.d, dd.enrolled, dd.lo + k as i
             from bench_days dd cross join lateral generate_series(1, dd.n::int) k
             where dd.x between ${xa} and ${xb}
           ) e
           join children c on c.provider_id = ${P} and c.id = ${ids.child} + 1 + ${rnd('i', 1, 'e.enrolled')}
         ) e
       ) e`,
    );
  }
  await generateEventDetails(g);
}

/** Task subjects, meal entries and medication details of the events just made. */
async function generateEventDetails(g: GenCtx): Promise<void> {
  const { run, P, ref, ids } = g;
  const i = `(e.id - ${ids.event})`;
  // The task's child: the same draw as in generateEvents (from the day's children on roll).
  await run.exec(
    'event_subjects',
    `insert into event_subjects (provider_id, event_id, child_id)
     select ${P}, e.id, ${ids.child} + 1 + ${rnd(i, 1, 'dd.enrolled')}
     from events e join bench_days dd on dd.d = (e.raised at time zone 'Europe/London')::date
     where e.provider_id = ${P} and e.type_id = ${ref.typeIds.task}`,
  );
  const mealCase = `case ${rnd(i, 11, MEAL_MINUTES.length)} ${ref.mealTypes
    .map((mt, k) => `when ${k} then ${pickInt(mt.mealIds, i, 30)}`)
    .join(' ')} end`;
  await run.exec(
    'event_meals',
    `insert into event_meals (provider_id, event_id, meal_id, portion_id)
     select ${P}, e.id, ${mealCase}, ${pickInt([...ref.portionIds, ref.portionIds[3], ref.portionIds[2]], i, 31)}
     from events e where e.provider_id = ${P} and e.type_id = ${ref.typeIds.meal}`,
  );
  const meds = TXT.MEDICINES;
  const med = rnd(i, 32, meds.length);
  const field = (f: (m: (typeof meds)[number]) => string) =>
    `(array[${meds.map((m) => lit(f(m)))}])[1 + ${med}]`;
  await run.exec(
    'event_medication',
    `insert into event_medication (provider_id, event_id, name, type, form, dosage, strength, frequency,
       storage_and_disposal_instructions, expiry_date)
     select ${P}, e.id, ${field((m) => m.name)}, ${field((m) => m.type)}, ${field((m) => m.form)},
       ${field((m) => m.dosage)}, nullif(${field((m) => m.strength)}, ''), ${field((m) => m.frequency)},
       'Store in the locked medicine cabinet; return unused medicine to parents.',
       (e.raised at time zone 'Europe/London')::date + 30 + ${rnd(i, 33, 370)}
     from events e where e.provider_id = ${P} and e.type_id = ${ref.typeIds.medication}`,
  );
}
