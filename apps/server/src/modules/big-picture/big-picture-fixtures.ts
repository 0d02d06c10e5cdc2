// Shared set-up of the Big Picture tests: three children of our own at Oak Tree (A, B, C) with known
// attributes, events and gradings, so every count can be worked out by hand.
import { randomUUID } from 'node:crypto';
import { addMonths, todayInZone } from '@nursery/domain/common';
import type { TestApp } from '../../test/harness.ts';
import type { Fixture } from '../events/event-fixtures.ts';

export interface Seeded {
  /** Our three children: A (graded a lot), B (one grading), C (none). */
  a: number;
  b: number;
  c: number;
  /** Two Development Matters statements, in framework order, and a Birth to 5 aspect. */
  item1: string;
  item2: string;
  b5Aspect: string;
  leuvenItem: string;
  ethnicity1: number;
  ethnicity2: number;
  diet: number;
  names: Record<'a' | 'b' | 'c', { forename: string; surname: string }>;
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

/** Inserts A, B, C and their events (see the comments for what each must count as). */
export async function seedBigPicture(t: TestApp, f: Fixture): Promise<Seeded> {
  const q = <T>(text: string) => t.database.query<T>(text);
  const p = f.providerId;
  const [author] = await q<{ person_id: number; id: number }>(
    `select person_id, id from staff where provider_id = ${p} order by id limit 1`,
  );
  const eth = await q<{ id: number }>(
    `select id from ethnicities where provider_id = ${p} order by id limit 2`,
  );
  const [diet] = await q<{ id: number }>(
    `select a.id from attributes a where a.provider_id = ${p}
       and exists (select 1 from attribute_list_items l where l.provider_id = a.provider_id and l.attribute_id = a.id and l.value = 'halal')`,
  );
  const dm = await q<{ id: string }>(
    `select id from framework_items where provider_id = ${p} and framework_id = '-29' and depth >= 3 and enabled
     order by id limit 2`,
  );
  const [b5] = await q<{ id: string }>(
    `select id from framework_items where provider_id = ${p} and framework_id = '-23' and depth = 2 and enabled order by id limit 1`,
  );
  const [lv] = await q<{ id: string }>(
    `select id from framework_items where provider_id = ${p} and framework_id = '-41' and depth >= 1 order by id limit 1`,
  );
  const names = {
    a: { forename: 'Zoë', surname: 'Test/Child:[A]' },
    b: { forename: 'Bartholomew-Maximilian', surname: 'Featherstonehaugh-Smythe' },
    c: { forename: 'Cora', surname: 'Testchild' },
  };
  const child = async (
    n: { forename: string; surname: string },
    cols: {
      gender: string;
      cohort: number;
      ethnicity: number | null;
      eal: boolean;
      eypp: boolean;
      send: boolean;
      yf: boolean;
    },
  ) => {
    const [row] = await q<{ id: number }>(
      `insert into children (provider_id, site_id, forename, surname, dob, start_date, gender, cohort, ethnicity_id, eal, eypp, send, two_year_funded)
       values (${p}, ${f.siteId}, '${n.forename}', '${n.surname}', '2023-03-04', '2023-09-01', '${cols.gender}', ${cols.cohort},
               ${cols.ethnicity ?? 'null'}, ${cols.eal}, ${cols.eypp}, ${cols.send}, ${cols.yf}) returning id`,
    );
    return row!.id;
  };
  const a = await child(names.a, {
    gender: 'F',
    cohort: 2028,
    ethnicity: eth[0]!.id,
    eal: true,
    eypp: false,
    send: false,
    yf: true,
  });
  const b = await child(names.b, {
    gender: 'M',
    cohort: 2029,
    ethnicity: eth[1]!.id,
    eal: false,
    eypp: true,
    send: true,
    yf: false,
  });
  const c = await child(names.c, {
    gender: 'F',
    cohort: 2029,
    ethnicity: null,
    eal: false,
    eypp: false,
    send: false,
    yf: false,
  });
  await q(
    `insert into child_attribute_values (provider_id, child_id, attribute_id, value) values
       (${p}, ${a}, ${diet!.id}, 'halal'), (${p}, ${b}, ${diet!.id}, 'vegetarian')`,
  );
  const event = async (childId: number, tag: string, statusId: number, raised: string) => {
    const key = tag === 'snapshot' ? 'snapshot' : tag === 'learningStory' ? 'learning-story' : 'observation';
    const [row] = await q<{ id: number }>(
      `insert into events (provider_id, save_uuid, type_id, code_id, child_id, status_id, site_id, author_person_id, author_staff_id, raised)
       values (${p}, '${randomUUID()}', ${f.type(tag)}, ${f.code(tag, key)}, ${childId}, ${statusId}, ${f.siteId},
               ${author!.person_id}, ${author!.id}, '${raised}') returning id`,
    );
    return row!.id;
  };
  const grade = (
    eventId: number,
    childId: number,
    item: string,
    range: number | null,
    value: number | null,
  ) =>
    q(
      `insert into gradings (provider_id, event_id, child_id, item_id, age_range_id, value)
       values (${p}, ${eventId}, ${childId}, '${item}', ${range ?? 'null'}, ${value ?? 'null'})`,
    );
  const [item1, item2] = [dm[0]!.id, dm[1]!.id];
  // A: a published snapshot 10 days ago: item1 working towards, item2 achieved (both Birth to 3).
  const e1 = await event(a, 'snapshot', 5, daysAgo(10));
  await grade(e1, a, item1, -2300, 0);
  await grade(e1, a, item2, -2300, 1);
  // A: a published learning story 20 days ago: item1 achieved, item2 kept without a value (best fit,
  // 3 to 4), and a Birth to 5 best fit (Range 3).
  const e2 = await event(a, 'learningStory', 5, daysAgo(20));
  await grade(e2, a, item1, -2300, 1);
  await grade(e2, a, item2, -2301, null);
  await q(
    `insert into best_fits (provider_id, event_id, child_id, item_id, age_range_id) values (${p}, ${e2}, ${a}, '${b5!.id}', -2503)`,
  );
  // Not counted: too old, a draft, an observation, another framework.
  const old = await event(a, 'snapshot', 5, daysAgo(400));
  await grade(old, a, item1, -2300, 1);
  const draft = await event(a, 'snapshot', 1, daysAgo(5));
  await grade(draft, a, item1, -2300, 1);
  const obs = await event(a, 'observation', 5, daysAgo(5));
  await grade(obs, a, item1, -2300, 1);
  const leuven = await event(a, 'snapshot', 5, daysAgo(6));
  await grade(leuven, a, lv!.id, null, 1);
  // B: a published snapshot 3 days ago: item1 working towards.
  const e7 = await event(b, 'snapshot', 5, daysAgo(3));
  await grade(e7, b, item1, -2300, 0);
  return {
    a,
    b,
    c,
    item1,
    item2,
    b5Aspect: b5!.id,
    leuvenItem: lv!.id,
    ethnicity1: eth[0]!.id,
    ethnicity2: eth[1]!.id,
    diet: diet!.id,
    names,
  };
}

export const sixMonthsAgo = () => addMonths(todayInZone(new Date()), -6);
