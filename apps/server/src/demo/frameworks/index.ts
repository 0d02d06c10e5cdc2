// Seeds the framework reference data of one provider: Development Matters ('-29'), Birth to 5
// Matters ('-23'), Leuven scales ('-41'), their age ranges, item trees, schemes and grades, the
// learning styles and the development checkpoints.
import type { EventTag } from '@nursery/domain/events';
import {
  ageRanges,
  type CheckpointAgeRange,
  developmentCheckpoints,
  frameworkItems,
  frameworkLevels,
  frameworkSchemes,
  frameworks,
  type LevelName,
  learningStyles,
  schemeGrades,
} from '../../db/schema/index.ts';
import { insertMany, type Tx } from '../insert.ts';
import { BIRTH_TO_FIVE } from './birthToFive.ts';
import { DEVELOPMENT_MATTERS } from './developmentMatters.ts';
import { DEVELOPMENT_CHECKPOINTS, LEARNING_STYLES, LEUVEN_SCALES } from './other.ts';

export const FRAMEWORK_IDS = { developmentMatters: '-29', birthToFive: '-23', leuven: '-41' } as const;

/** Special age-range ids (spec 001 §3). */
export const AGE_RANGE_IDS = {
  birthTo3: -2300,
  threeTo4: -2301,
  reception: -2302,
  range1: -2500,
  range1And2: -2501,
  range2: -2502,
  range3: -2503,
  range4: -2504,
  range5: -2505,
  range6: -2506,
} as const;

const A = AGE_RANGE_IDS;
const DM = FRAMEWORK_IDS.developmentMatters;
const B5 = FRAMEWORK_IDS.birthToFive;
const LV = FRAMEWORK_IDS.leuven;

/** id, framework, name, short label, colours, months [min, max). */
const AGE_RANGES: [number, string, string, string | null, string, string, number, number][] = [
  [A.birthTo3, DM, 'Birth to 3', 'B-3', 'FFE0B2', '4E342E', 0, 36],
  [A.threeTo4, DM, '3 to 4', '3-4', 'C8E6C9', '1B5E20', 36, 48],
  [A.reception, DM, 'Reception age', 'R', 'BBDEFB', '0D47A1', 48, 72],
  [A.range1, B5, 'Range 1', '1', 'F8BBD0', '880E4F', 0, 12],
  [A.range1And2, B5, 'Range 1 and 2', null, 'F3E5F5', '4A148C', 0, 18],
  [A.range2, B5, 'Range 2', '2', 'E1BEE7', '4A148C', 6, 18],
  [A.range3, B5, 'Range 3', '3', 'D1C4E9', '311B92', 12, 36],
  [A.range4, B5, 'Range 4', '4', 'C5CAE9', '1A237E', 24, 48],
  [A.range5, B5, 'Range 5', '5', 'B3E5FC', '01579B', 36, 60],
  [A.range6, B5, 'Range 6', '6', 'B2DFDB', '004D40', 48, 72],
];
const DM_BANDS = [A.birthTo3, A.threeTo4, A.reception];
const B5_RANGES = [A.range1, A.range2, A.range3, A.range4, A.range5, A.range6];

export interface FrameworkRefs {
  /** Development Matters statements per DM age-range id. */
  dmStatements: Map<number, string[]>;
  /** Item id -> DM area index (1..7), for next-step links and drafts filters. */
  dmAreaItems: string[];
  /** Birth to 5 Matters aspects (best-fit targets) and their statements per range. */
  b5Aspects: { itemId: string; statements: Map<number, string[]> }[];
  leuvenStatements: string[];
  /** Checkpoint ids per tab. */
  checkpoints: Map<CheckpointAgeRange, number[]>;
  learningStyleIds: number[];
}

type ItemRow = typeof frameworkItems.$inferInsert;

function item(
  providerId: number,
  frameworkId: string,
  id: string,
  parentId: string | null,
  depth: number,
  levelName: LevelName | null,
  name: string,
  sortOrder: number,
  ageRangeId: number | null = null,
): ItemRow {
  return { providerId, frameworkId, id, parentId, depth, levelName, name, sortOrder, ageRangeId };
}

export async function seedFrameworks(
  tx: Tx,
  providerId: number,
  typeIds: Partial<Record<EventTag, number>>,
): Promise<FrameworkRefs> {
  await insertMany(tx, frameworks, [
    {
      providerId,
      id: DM,
      name: 'Development Matters',
      shortName: 'DM',
      template: 'generic',
      statementLevel: 'Statement',
      sortOrder: 1,
    },
    {
      providerId,
      id: B5,
      name: 'Birth to 5 Matters',
      shortName: 'B25M',
      template: 'generic',
      statementLevel: 'Statement',
      sortOrder: 2,
    },
    {
      providerId,
      id: LV,
      name: 'Leuven Scales',
      shortName: 'Leuven',
      template: 'mini',
      statementLevel: 'Statement',
      sortOrder: 3,
    },
  ]);
  await insertMany(
    tx,
    frameworkLevels,
    [DM, B5, LV].flatMap((frameworkId) =>
      (frameworkId === LV
        ? (['Area', 'Statement'] as const)
        : (['Area', 'Aspect', 'Statement'] as const)
      ).map((name, i) => ({ providerId, frameworkId, depth: i + 1, name })),
    ),
  );
  await insertMany(
    tx,
    ageRanges,
    AGE_RANGES.map(
      ([id, frameworkId, name, shortLabel, backgroundColour, foregroundColour, minMonths, maxMonths], i) => ({
        providerId,
        id,
        frameworkId,
        name,
        shortLabel,
        backgroundColour,
        foregroundColour,
        minMonths,
        maxMonths,
        sortOrder: i,
      }),
    ),
  );

  const byDepth: ItemRow[][] = [[], [], [], []];
  const refs: FrameworkRefs = {
    dmStatements: new Map(DM_BANDS.map((b) => [b, []])),
    dmAreaItems: [],
    b5Aspects: [],
    leuvenStatements: [],
    checkpoints: new Map(),
    learningStyleIds: LEARNING_STYLES.map((s) => s.id),
  };

  // Development Matters: root, areas, aspects (ELGs), statements per age band.
  byDepth[0].push(item(providerId, DM, `/${DM}/`, null, 0, null, 'Development Matters', 0));
  DEVELOPMENT_MATTERS.forEach((area, ai) => {
    const areaId = `/${DM}/${ai + 1}/`;
    refs.dmAreaItems.push(areaId);
    byDepth[1].push(item(providerId, DM, areaId, `/${DM}/`, 1, 'Area', area.name, ai + 1));
    area.aspects.forEach((aspect, si) => {
      const aspectId = `${areaId}${si + 1}/`;
      byDepth[2].push({
        ...item(providerId, DM, aspectId, areaId, 2, 'Aspect', aspect.name, si + 1),
        tag: 'ELG',
      });
      let k = 0;
      aspect.bands.forEach((statements, bi) => {
        for (const text of statements) {
          k += 1;
          const id = `${aspectId}${k}/`;
          byDepth[3].push(item(providerId, DM, id, aspectId, 3, 'Statement', text, k, DM_BANDS[bi]));
          refs.dmStatements.get(DM_BANDS[bi])!.push(id);
        }
      });
    });
  });

  // Birth to 5 Matters: root, areas, aspects, statements per range.
  byDepth[0].push(item(providerId, B5, `/${B5}/`, null, 0, null, 'Birth to 5 Matters', 0));
  BIRTH_TO_FIVE.forEach((area, ai) => {
    const areaId = `/${B5}/${ai + 1}/`;
    byDepth[1].push(item(providerId, B5, areaId, `/${B5}/`, 1, 'Area', area.name, ai + 1));
    area.aspects.forEach((aspect, si) => {
      const aspectId = `${areaId}${si + 1}/`;
      byDepth[2].push(item(providerId, B5, aspectId, areaId, 2, 'Aspect', aspect.name, si + 1));
      const statements = new Map<number, string[]>();
      let k = 0;
      aspect.ranges.forEach((line, ri) => {
        const ids: string[] = [];
        for (const text of line.split('|')) {
          k += 1;
          const id = `${aspectId}${k}/`;
          byDepth[3].push(item(providerId, B5, id, aspectId, 3, 'Statement', text, k, B5_RANGES[ri]));
          ids.push(id);
        }
        statements.set(B5_RANGES[ri], ids);
      });
      refs.b5Aspects.push({ itemId: aspectId, statements });
    });
  });

  // Leuven scales: root, two scales, five levels each.
  byDepth[0].push(item(providerId, LV, `/${LV}/`, null, 0, null, 'Leuven Scales', 0));
  LEUVEN_SCALES.forEach((scale, si) => {
    const scaleId = `/${LV}/${si + 1}/`;
    byDepth[1].push(item(providerId, LV, scaleId, `/${LV}/`, 1, 'Area', scale.name, si + 1));
    scale.levels.forEach((text, li) => {
      const id = `${scaleId}${li + 1}/`;
      byDepth[2].push(item(providerId, LV, id, scaleId, 2, 'Statement', text, li + 1));
      refs.leuvenStatements.push(id);
    });
  });
  for (const rows of byDepth) await insertMany(tx, frameworkItems, rows);

  // Schemes per (framework, event type) and their grades.
  const schemeDefs: {
    frameworkId: string;
    tag: EventTag;
    template: 'checkbox' | 'tristate' | 'other';
  }[] = [];
  for (const tag of ['observation', 'assessment', 'snapshot', 'learningStory'] as const) {
    schemeDefs.push({ frameworkId: DM, tag, template: 'tristate' });
    schemeDefs.push({ frameworkId: B5, tag, template: 'other' });
  }
  schemeDefs.push({ frameworkId: LV, tag: 'observation', template: 'checkbox' });
  schemeDefs.push({ frameworkId: LV, tag: 'snapshot', template: 'checkbox' });
  const wanted = schemeDefs.filter((s) => typeIds[s.tag] != null);
  const schemes = wanted.length
    ? await tx
        .insert(frameworkSchemes)
        .values(
          wanted.map((s) => ({
            providerId,
            frameworkId: s.frameworkId,
            eventTypeId: typeIds[s.tag]!,
            template: s.template,
            allowAgeRange: s.frameworkId !== LV,
            allowNotes: true,
            allowNextSteps: s.frameworkId === DM && s.tag !== 'snapshot',
          })),
        )
        .returning({ id: frameworkSchemes.id, frameworkId: frameworkSchemes.frameworkId })
    : [];
  const grades: (typeof schemeGrades.$inferInsert)[] = [];
  for (const s of schemes) {
    if (s.frameworkId === DM) {
      grades.push({
        providerId,
        schemeId: s.id,
        name: 'Working towards',
        value: 0,
        colour: 'F9A825',
        style: 'warning',
        sortOrder: 1,
      });
      grades.push({
        providerId,
        schemeId: s.id,
        name: 'Achieved',
        value: 1,
        colour: '2E7D32',
        style: 'success',
        sortOrder: 2,
      });
    } else if (s.frameworkId === B5) {
      grades.push({
        providerId,
        schemeId: s.id,
        name: 'Best fit',
        value: 2,
        colour: '00897B',
        style: 'info',
        sortOrder: 1,
      });
    } else {
      grades.push({
        providerId,
        schemeId: s.id,
        name: 'Observed',
        value: 1,
        colour: '1565C0',
        style: 'primary',
        sortOrder: 1,
      });
    }
  }
  await insertMany(tx, schemeGrades, grades);

  await insertMany(
    tx,
    learningStyles,
    LEARNING_STYLES.filter((s) => s.parentId === null)
      .concat(LEARNING_STYLES.filter((s) => s.parentId !== null))
      .map((s, i) => ({ providerId, id: s.id, parentId: s.parentId, name: s.name, sortOrder: i })),
  );

  const cps = await tx
    .insert(developmentCheckpoints)
    .values(DEVELOPMENT_CHECKPOINTS.map((c, i) => ({ providerId, ...c, sortOrder: i })))
    .returning({ id: developmentCheckpoints.id, ageRange: developmentCheckpoints.ageRange });
  for (const c of cps) {
    const list = refs.checkpoints.get(c.ageRange) ?? [];
    list.push(c.id);
    refs.checkpoints.set(c.ageRange, list);
  }
  return refs;
}

/** The DM age band of a child of `months` months. */
export function dmBandFor(months: number): number {
  return months < 36 ? A.birthTo3 : months < 48 ? A.threeTo4 : A.reception;
}

/** The Birth to 5 Matters range that typically fits a child of `months` months. */
export function b5RangeFor(months: number): number {
  if (months < 8) return A.range1;
  if (months < 16) return A.range2;
  if (months < 30) return A.range3;
  if (months < 42) return A.range4;
  if (months < 54) return A.range5;
  return A.range6;
}
