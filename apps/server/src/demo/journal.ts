// A year of learning-journal events per child: observations, snapshots, learning stories and
// assessments with gradings, best fits, checkpoints, considerations and next steps; two-year
// checks (done, in progress, due) and baseline assessments; parent observations.
import { EventStatus } from '@nursery/domain/common';
import type { CheckpointAgeRange, ConsiderationStatus } from '../db/schema/index.ts';
import { addDays, addMonths, ageInMonths, isWeekday, laterDate } from './dates.ts';
import type { EventSink } from './eventSink.ts';
import * as T from './eventText.ts';
import { AGE_RANGE_IDS, b5RangeFor, dmBandFor } from './frameworks/index.ts';
import type { ChildInfo, Ctx, ProviderWorld, StaffInfo } from './org.ts';

const SUB_STYLES = [2, 4, 8, 32, 64, 128, 512, 1024, 2048];
const B5_ORDER: number[] = [
  AGE_RANGE_IDS.range1,
  AGE_RANGE_IDS.range2,
  AGE_RANGE_IDS.range3,
  AGE_RANGE_IDS.range4,
  AGE_RANGE_IDS.range5,
  AGE_RANGE_IDS.range6,
];

export function timeOfDay(ctx: Ctx, from = 9, to = 16): string {
  return `${String(ctx.rnd.int(from, to)).padStart(2, '0')}:${String(ctx.rnd.int(0, 11) * 5).padStart(2, '0')}`;
}

/** Older events are mostly published; the last fortnight holds drafts and pending ones. */
function statusFor(ctx: Ctx, daysAgo: number): number {
  const r = ctx.rnd.next();
  if (daysAgo <= 14)
    return r < 0.35 ? EventStatus.Draft : r < 0.55 ? EventStatus.Pending : EventStatus.Published;
  return r < 0.02 ? EventStatus.Deleted : r < 0.1 ? EventStatus.Archived : EventStatus.Published;
}

function checkpointTab(months: number): CheckpointAgeRange {
  return months < 36 ? 'Birth-3 Years' : months < 48 ? '3-4 Years' : 'Reception Age';
}

export function buildJournal(
  ctx: Ctx,
  world: ProviderWorld,
  sink: EventSink,
  keyPersonOf: (c: ChildInfo) => StaffInfo,
) {
  const { rnd, today } = ctx;
  const { ref } = world;
  const fw = ref.frameworks;
  const code = (tag: string, key: string) => ref.codeIds.get(`${tag}:${key}`)!;
  const yearAgo = addDays(today, -365);

  for (const site of world.sites) {
    for (const child of site.children) {
      const author = keyPersonOf(child);
      const first = laterDate(child.startDate, yearAgo);
      const base = (typeId: number, codeId: number, date: string, time: string, statusId: number) => ({
        typeId,
        codeId,
        childId: child.id,
        statusId,
        siteId: site.id,
        authorPersonId: author.personId,
        authorStaffId: author.id,
        raised: ctx.clock.fact(date, time),
      });
      const dmGrades = (eventId: number, date: string, n: number, areas?: number[]) => {
        const band = dmBandFor(ageInMonths(child.dob, date));
        let pool = fw.dmStatements.get(band)!;
        if (areas) pool = pool.filter((id) => areas.some((a) => id.startsWith(fw.dmAreaItems[a])));
        const picked = rnd.sample(pool, n);
        for (const itemId of picked) sink.grade(eventId, child.id, itemId, band, rnd.chance(0.6) ? 1 : 0);
        return picked;
      };
      const maybeNextStep = (eventId: number, date: string, items: string[], p: number) => {
        if (!rnd.chance(p) || items.length === 0) return;
        const age = ctxDays(date, today);
        const completed = age > 60 && rnd.chance(0.6);
        const created = ctx.clock.fact(date, '17:00');
        sink.nextStep(
          {
            eventId,
            childId: child.id,
            notes: T.fill(rnd.pick(T.NEXT_STEPS), child.forename),
            completed,
            completedAt: completed ? ctx.clock.fact(addDays(date, rnd.int(14, 45)), '15:00') : null,
            authorPersonId: author.personId,
            authorStaffId: author.id,
            createdAt: created,
          },
          [items[0]],
        );
      };

      // Observations every two to four weeks.
      for (let d = addDays(first, rnd.int(2, 12)); d <= today; d = addDays(d, rnd.int(14, 28))) {
        if (!isWeekday(d)) continue;
        const statusId = statusFor(ctx, ctxDays(d, today));
        const styles = rnd.chance(0.5) ? rnd.sample(SUB_STYLES, rnd.int(1, 3)).reduce((a, b) => a + b, 0) : 0;
        const id = sink.add({
          ...base(ref.typeIds.observation, code('observation', 'observation'), d, timeOfDay(ctx), statusId),
          notes: T.fill(rnd.pick(T.OBSERVATION_NOTES), child.forename),
          childsVoice: child.months >= 24 && rnd.chance(0.4) ? rnd.pick(T.CHILDS_VOICE) : null,
          learningStyles: styles,
          tagged: rnd.chance(0.2),
        });
        const items = rnd.chance(0.85) ? dmGrades(id, d, rnd.int(1, 2)) : [];
        if (items.length === 0 && rnd.chance(0.3))
          sink.grade(id, child.id, rnd.pick(fw.leuvenStatements), null, 1);
        maybeNextStep(id, d, items, 0.25);
      }

      // Snapshots about every six weeks.
      for (let d = addDays(first, rnd.int(5, 25)); d <= today; d = addDays(d, rnd.int(35, 55))) {
        if (!isWeekday(d)) continue;
        let statusId = statusFor(ctx, ctxDays(d, today));
        const consideration = rnd.chance(0.12) ? considerationStatus(ctx) : null;
        if (
          consideration &&
          (consideration === 'Intervention' || consideration === 'StaffSupport') &&
          ctxDays(d, today) < 45
        ) {
          statusId = EventStatus.Pending;
        }
        const id = sink.add({
          ...base(ref.typeIds.snapshot, code('snapshot', 'snapshot'), d, timeOfDay(ctx), statusId),
          notes: T.fill(rnd.pick(T.SNAPSHOT_NOTES), child.forename),
          childsVoice: rnd.chance(0.3) ? rnd.pick(T.CHILDS_VOICE) : null,
        });
        dmGrades(id, d, rnd.int(2, 4));
        if (rnd.chance(0.3)) sink.grade(id, child.id, rnd.pick(fw.leuvenStatements), null, 1);
        if (consideration) addConsideration(ctx, sink, world.providerId, id, child, author, consideration, d);
      }

      // Learning stories each term: DM gradings, Birth to 5 best fits and checkpoints.
      for (let d = addDays(first, rnd.int(20, 60)); d <= today; d = addDays(d, rnd.int(80, 100))) {
        if (!isWeekday(d)) continue;
        const months = ageInMonths(child.dob, d);
        let statusId = statusFor(ctx, ctxDays(d, today));
        const consideration = rnd.chance(0.12) ? considerationStatus(ctx) : null;
        if (
          consideration &&
          (consideration === 'Intervention' || consideration === 'StaffSupport') &&
          ctxDays(d, today) < 45
        ) {
          statusId = EventStatus.Pending;
        }
        const id = sink.add({
          ...base(
            ref.typeIds.learningStory,
            code('learningStory', 'learning-story'),
            d,
            timeOfDay(ctx),
            statusId,
          ),
          notes: T.fill(rnd.pick(T.LEARNING_STORY_NOTES), child.forename),
          parentNotes: rnd.chance(0.4) ? T.fill(rnd.pick(T.PARENT_NOTES), child.forename) : null,
          tagged: true,
        });
        dmGrades(id, d, rnd.int(2, 4));
        const fit = b5RangeFor(months);
        for (const aspect of rnd.sample(fw.b5Aspects, rnd.int(2, 4))) {
          const k = Math.min(
            B5_ORDER.length - 1,
            Math.max(0, B5_ORDER.indexOf(fit) + rnd.pick([-1, 0, 0, 0, 1])),
          );
          sink.bestFit(id, child.id, aspect.itemId, B5_ORDER[k]);
        }
        const tab = checkpointTab(months);
        const cps = rnd.sample(fw.checkpoints.get(tab) ?? [], rnd.int(1, 3));
        for (const checkpointId of cps)
          sink.checkpoints.push({ providerId: world.providerId, eventId: id, checkpointId });
        if (cps.length > 0 && rnd.chance(0.3)) {
          sink.checkpointNotes.push({
            providerId: world.providerId,
            id: ctx.ids.next('checkpoint_notes'),
            eventId: id,
            childId: child.id,
            section: 'Communication and Language',
            subsection: 'Speaking',
            ageRange: tab,
            note: `${child.forename} is on track for this checkpoint.`,
            authorPersonId: author.personId,
            createdAt: ctx.clock.fact(d, '16:30'),
          });
        }
        if (consideration) addConsideration(ctx, sink, world.providerId, id, child, author, consideration, d);
      }

      // Termly assessments.
      for (
        let d = addDays(first, rnd.int(30, 90));
        d <= addDays(today, -3);
        d = addDays(d, rnd.int(110, 140))
      ) {
        if (!isWeekday(d)) continue;
        const statusId = statusFor(ctx, ctxDays(d, today));
        const id = sink.add({
          ...base(
            ref.typeIds.assessment,
            code('assessment', 'assessment'),
            d,
            timeOfDay(ctx, 13, 16),
            statusId,
          ),
          notes: T.fill(rnd.pick(T.ASSESSMENT_NOTES), child.forename),
          parentNotes: rnd.chance(0.4) ? T.fill(rnd.pick(T.PARENT_NOTES), child.forename) : null,
        });
        const items = dmGrades(id, d, rnd.int(4, 7));
        maybeNextStep(id, d, items, 0.4);
      }
    }

    // Two-year checks: children aged 22-35 months; done (published), in progress (draft), or due.
    const twos = site.children.filter((c) => c.months >= 22 && c.months < 36);
    twos.forEach((child, i) => {
      const author = keyPersonOf(child);
      const kind = child.months >= 25 && i % 3 === 0 ? 'done' : i % 3 === 1 ? 'inProgress' : 'due';
      if (kind === 'due') return;
      let date = kind === 'done' ? addDays(today, -rnd.int(7, 45)) : addDays(today, -rnd.int(0, 6));
      const at24 = addMonths(child.dob, 24);
      if (kind === 'done' && date < at24) date = at24;
      if (date < addMonths(child.dob, 22)) date = today;
      const id = sink.add({
        typeId: ref.typeIds.assessment,
        codeId: code('assessment', 'two-year-check'),
        childId: child.id,
        statusId: kind === 'done' ? EventStatus.Published : EventStatus.Draft,
        siteId: site.id,
        authorPersonId: author.personId,
        authorStaffId: author.id,
        raised: ctx.clock.fact(date, timeOfDay(ctx, 10, 15)),
        notes: T.fill(rnd.pick(T.TWO_YEAR_CHECK_NOTES), child.forename),
        parentNotes:
          kind === 'done'
            ? 'We are pleased with the progress and will keep practising new words at home.'
            : null,
        twoyear: true,
      });
      const band = AGE_RANGE_IDS.birthTo3;
      const prime = fw.dmStatements
        .get(band)!
        .filter((s) => fw.dmAreaItems.slice(0, 3).some((a) => s.startsWith(a)));
      for (const itemId of rnd.sample(prime, kind === 'done' ? 6 : 3))
        sink.grade(id, child.id, itemId, band, rnd.chance(0.7) ? 1 : 0);
    });

    // Baseline assessments for some of the oldest children.
    site.children
      .filter((c) => c.months >= 48)
      .forEach((child, i) => {
        if (i % 3 !== 0) return;
        const author = keyPersonOf(child);
        const d = addDays(today, -rnd.int(20, 150));
        if (d < child.startDate || !isWeekday(d)) return;
        const id = sink.add({
          typeId: ref.typeIds.assessment,
          codeId: code('assessment', 'baseline-assessment'),
          childId: child.id,
          statusId: EventStatus.Published,
          siteId: site.id,
          authorPersonId: author.personId,
          authorStaffId: author.id,
          raised: ctx.clock.fact(d, timeOfDay(ctx, 10, 15)),
          notes: T.fill(T.BASELINE_NOTES[0], child.forename),
          baseline: true,
        });
        for (const itemId of rnd.sample(fw.dmStatements.get(AGE_RANGE_IDS.reception)!, 5)) {
          sink.grade(id, child.id, itemId, AGE_RANGE_IDS.reception, rnd.chance(0.5) ? 1 : 0);
        }
      });
  }

  // Parent observations, awaiting approval ("sent to nursery").
  const parent = [...world.users.values()].find((u) => u.staffId === null);
  if (parent) {
    world.parentChildren.forEach((child, i) => {
      const d = addDays(today, -(i * 3 + 1));
      sink.add({
        typeId: ref.typeIds.observation,
        codeId: code('observation', 'parent-observation'),
        childId: child.id,
        statusId: EventStatus.Pending,
        siteId: child.siteId,
        authorPersonId: parent.personId,
        authorStaffId: null,
        raised: ctx.clock.fact(d, '18:30'),
        notes: `${child.forename} counted all the stairs up to bed tonight and then counted them again going down!`,
      });
    });
  }
}

function ctxDays(date: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);
}

function considerationStatus(ctx: Ctx): ConsiderationStatus {
  const r = ctx.rnd.next();
  return r < 0.4 ? 'Monitor' : r < 0.7 ? 'Intervention' : r < 0.9 ? 'StaffSupport' : 'Resolved';
}

function addConsideration(
  ctx: Ctx,
  sink: EventSink,
  providerId: number,
  eventId: number,
  child: ChildInfo,
  author: StaffInfo,
  status: ConsiderationStatus,
  date: string,
) {
  sink.considerations.push({
    providerId,
    id: ctx.ids.next('considerations'),
    eventId,
    childId: child.id,
    status,
    notes: ctx.rnd.pick(T.CONSIDERATION_NOTES),
    visibleToParents: status === 'Intervention' && ctx.rnd.chance(0.5),
    staffId: author.id,
    createdAt: ctx.clock.fact(date, '16:00'),
  });
}
