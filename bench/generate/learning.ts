// Learning content of the bench events: gradings of Development Matters statements (and Leuven
// levels on observations and snapshots) on observation, snapshot, learning-story and assessment
// events, next steps with their item links, and media rows linked to those events (no files).

import * as TXT from '../../apps/server/src/demo/eventText.ts';
import { AGE_RANGE_IDS, FRAMEWORK_IDS } from '../../apps/server/src/demo/frameworks/index.ts';
import type { GenCtx } from './plan.ts';
import { lit, pickText, rnd } from './sql.ts';

/** Gradings per INSERT statement. */
const GRADINGS_PER_STATEMENT = 500_000;
const DM_BANDS = [AGE_RANGE_IDS.birthTo3, AGE_RANGE_IDS.threeTo4, AGE_RANGE_IDS.reception];

export async function generateLearning(g: GenCtx): Promise<void> {
  const { run, P, plan, ref, ids, T } = g;
  const t = ref.typeIds;

  // bench_pool: the gradable items per DM age band: the band's DM statements (pos 0..size-1), then
  // the Leuven levels (used on observations and snapshots only, whose schemes include Leuven).
  await run.step(
    'temp bench_pool',
    `create temp table bench_pool on commit drop as
     select fi.age_range_id as band, (row_number() over (partition by fi.age_range_id order by fi.unique_id) - 1)::int as pos,
       fi.id as item_id, fi.age_range_id, false as lv
     from framework_items fi
     where fi.provider_id = ${P} and fi.framework_id = ${lit(FRAMEWORK_IDS.developmentMatters)}
       and fi.level_name = 'Statement' and fi.age_range_id is not null
     union all
     select b.band, (b.size + row_number() over (partition by b.band order by fi.unique_id) - 1)::int, fi.id, null, true
     from framework_items fi
     cross join (select age_range_id as band, count(*) as size from framework_items
                 where provider_id = ${P} and framework_id = ${lit(FRAMEWORK_IDS.developmentMatters)}
                   and level_name = 'Statement' and age_range_id is not null group by 1) b
     where fi.provider_id = ${P} and fi.framework_id = ${lit(FRAMEWORK_IDS.leuven)} and fi.level_name = 'Statement'`,
    'bench_pool',
  );
  const sizes = await run.rows<{ band: number; dm: number | string; lv: number | string }>(
    `select band, count(*) filter (where not lv) as dm, count(*) filter (where lv) as lv from bench_pool group by band`,
  );
  const dmSize = new Map(sizes.map((s) => [Number(s.band), Number(s.dm)]));
  const lvSize = Number(sizes[0]?.lv ?? 0);
  for (const b of DM_BANDS)
    if (!dmSize.get(b)) throw new Error(`bench generate: no DM statements for band ${b}`);
  const dmSizeCase = `case band ${DM_BANDS.map((b) => `when ${b} then ${dmSize.get(b)}`).join(' ')} end`;

  // bench_learning: the learning events in id order (n), each with its DM band (the child's age on
  // the day), a weight w (more gradings on assessments and learning stories than on observations)
  // and the running sum of weights; next-step candidates (observations, learning stories and
  // assessments, whose DM schemes allow next steps) numbered ns_n.
  await run.step(
    'temp bench_learning',
    `create temp table bench_learning on commit drop as
     select row_number() over (order by id) as n, id, child_id, raised, type_id, author_person_id, author_staff_id,
       band, lv, w, sum(w) over (order by id) as cum, ns, sum(ns) over (order by id) as ns_n
     from (
       select e.id, e.child_id, e.raised, e.type_id, e.author_person_id, e.author_staff_id,
         case when (e.raised at time zone 'Europe/London')::date - c.dob < 1095 then ${AGE_RANGE_IDS.birthTo3}
              when (e.raised at time zone 'Europe/London')::date - c.dob < 1461 then ${AGE_RANGE_IDS.threeTo4}
              else ${AGE_RANGE_IDS.reception} end as band,
         e.type_id in (${t.observation}, ${t.snapshot}) as lv,
         case e.type_id when ${t.observation} then 2 + ${rnd('e.id', 80, 3)}
           when ${t.snapshot} then 6 + ${rnd('e.id', 80, 5)}
           when ${t.learningStory} then 10 + ${rnd('e.id', 80, 7)}
           else 14 + ${rnd('e.id', 80, 9)} end as w,
         case when e.type_id in (${t.observation}, ${t.learningStory}, ${t.assessment}) then 1 else 0 end as ns
       from events e join children c on c.provider_id = e.provider_id and c.id = e.child_id
       where e.provider_id = ${P} and e.type_id in (${t.observation}, ${t.snapshot}, ${t.learningStory}, ${t.assessment})
     ) x`,
    'bench_learning',
  );
  const [tot] = await run.rows<{ n: number | string; w: number | string; ns: number | string }>(
    `select count(*) as n, coalesce(sum(w), 0) as w, coalesce(sum(ns), 0) as ns from bench_learning`,
  );
  const nL = Number(tot.n);
  const W = Number(tot.w);
  const nNs = Number(tot.ns);
  if (nL === 0) return;

  // Gradings: event n takes grading numbers lo+1..hi with lo = N * (cum - w) / W, hi = N * cum / W
  // (exactly N in all), consecutive items of its pool from a pseudo-random offset (distinct items).
  const N = plan.gradings;
  const chunkEvents = Math.max(1, Math.ceil((nL * GRADINGS_PER_STATEMENT) / N));
  for (let a = 1; a <= nL; a += chunkEvents) {
    const b = Math.min(nL, a + chunkEvents - 1);
    await run.exec(
      'gradings',
      `insert into gradings (provider_id, id, event_id, child_id, item_id, age_range_id, value)
       select ${P}, ${ids.grading} + l.lo + k + 1, l.id, l.child_id, p.item_id, p.age_range_id,
         case when p.lv then 1 when ${rnd('l.lo + k', 81, 100)} < 60 then 1 else 0 end
       from (
         select l.*, least(l.hi - l.lo, l.size)::int as c, ${rnd('l.id', 82, 'l.size')} as off
         from (
           select l.*, (${N}::int8 * (cum - w) / ${W}) as lo, (${N}::int8 * cum / ${W}) as hi,
             ${dmSizeCase} + case when lv then ${lvSize} else 0 end as size
           from bench_learning l where n between ${a} and ${b}
         ) l
       ) l
       cross join lateral generate_series(0, l.c - 1) k
       join bench_pool p on p.band = l.band and p.pos = (l.off + k) % l.size`,
    );
  }

  // Next steps: spread evenly over the candidates (one per event while there are enough);
  // completed (60 %) when more than two months old.
  if (nNs > 0 && plan.nextSteps > 0) {
    const src = `generate_series(1, ${plan.nextSteps}) s
      join bench_learning l on l.ns = 1 and l.ns_n = 1 + ((s - 1)::int8 * ${nNs}) / ${plan.nextSteps}`;
    const done = `(l.raised < (${T} - 60 + time '00:00') at time zone 'Europe/London' and ${rnd('s', 83, 10)} < 6)`;
    await run.exec(
      'next_steps',
      `insert into next_steps (provider_id, id, event_id, child_id, notes, completed, completed_at,
         author_person_id, author_staff_id, created_at)
       select ${P}, ${ids.nextStep} + s, l.id, l.child_id, replace(${pickText(TXT.NEXT_STEPS, 's', 84)}, '{name}', c.forename),
         ${done}, case when ${done} then l.raised + (14 + ${rnd('s', 85, 31)}) * interval '1 day' end,
         l.author_person_id, l.author_staff_id, l.raised
       from ${src}
       join children c on c.provider_id = ${P} and c.id = l.child_id`,
    );
    await run.exec(
      'next_step_links',
      `insert into next_step_links (provider_id, next_step_id, item_id)
       select ${P}, ${ids.nextStep} + x.s, p.item_id
       from (
         select s, l.band, (${rnd('s', 87, 1000)} + k) % ${dmSizeCase.replaceAll('band', 'l.band')} as pos
         from ${src}
         cross join lateral generate_series(0, ${rnd('s', 86, 2)}) k
       ) x
       join bench_pool p on p.band = x.band and p.pos = x.pos and not p.lv`,
    );
  }

  // Media: photos (and some videos on types that take videos) of learning events, no files.
  if (plan.media > 0) {
    const src = `generate_series(1, ${plan.media}) m join bench_learning l on l.n = 1 + ${rnd('m', 90, nL)}`;
    const video = `(l.type_id <> ${t.assessment} and ${rnd('m', 91, 100)} < 8)`;
    await run.exec(
      'media',
      `insert into media (provider_id, id, type, mime_type, width, height, duration, media_token, size, storage_path,
         uploaded_by_person_id, created_at, updated_at)
       select ${P}, md5('bench-media-' || m)::uuid,
         case when ${video} then 'video' else 'image' end, case when ${video} then 'video/mp4' else 'image/jpeg' end,
         case when ${rnd('m', 92, 3)} = 0 then 1200 else 1600 end, case when ${rnd('m', 92, 3)} = 0 then 1600 else 1200 end,
         case when ${video} then 5 + ${rnd('m', 93, 55)} end,
         substr(md5('bench-token-' || m), 1, 24),
         case when ${video} then 2000000 + ${rnd('m', 94, 30000000)} else 150000 + ${rnd('m', 94, 2500000)} end,
         'bench/' || md5('bench-media-' || m)::uuid || case when ${video} then '.mp4' else '.jpg' end,
         l.author_person_id, l.raised, l.raised
       from ${src}`,
    );
    await run.exec(
      'event_media',
      `insert into event_media (provider_id, event_id, media_id, sort_order)
       select ${P}, l.id, md5('bench-media-' || m)::uuid, ${rnd('m', 95, 4)}
       from ${src}`,
    );
  }
}
