/**
 * The Gradings Overview table (spec 001 §2) and the Birth to 5 guidance lists: framework items looked up
 * by id across every framework of the answer.
 */
import { areaIDOf, type FrameworkItem, type FrameworksAnswer } from '@nursery/domain/frameworks';
import { isBirthToFive, type PickerBestFit, type PickerGrading } from './pickerModel';

export type OverviewGrade = 'workingTowards' | 'achieved' | 'bestFit';

export interface OverviewRow {
  itemID: string;
  frameworkName: string;
  areaName: string;
  /** The statement (or, for a best fit, the aspect); null when the item is unknown to the device. */
  itemName: string | null;
  ageRangeName: string | null;
  grade: OverviewGrade;
  notes: string;
}

interface ItemPlace {
  item: FrameworkItem;
  frameworkName: string;
  frameworkOrder: number;
  itemOrder: number;
}

/** Every item of every framework by id, with its framework and display order. */
export function itemPlaces(answer: FrameworksAnswer | undefined): Map<string, ItemPlace> {
  const out = new Map<string, ItemPlace>();
  answer?.frameworks.forEach((f, frameworkOrder) => {
    f.items.forEach((item, itemOrder) => {
      out.set(item.id, { item, frameworkName: f.name, frameworkOrder, itemOrder });
    });
  });
  return out;
}

function ageRangeNames(answer: FrameworksAnswer | undefined): Map<number, string> {
  const out = new Map<number, string>();
  for (const f of answer?.frameworks ?? []) for (const r of f.ageRanges) out.set(r.id, r.name);
  return out;
}

const GRADE_ORDER: Record<OverviewGrade, number> = { workingTowards: 0, achieved: 1, bestFit: 2 };

/**
 * One row per grading and best fit, ordered by framework, area, age range, grade, then tree order. A
 * grading without a value is a best fit (spec 001 §9); an unknown item keeps its id and sorts last.
 */
export function overviewRows(
  answer: FrameworksAnswer | undefined,
  gradings: readonly PickerGrading[],
  bestFits: readonly PickerBestFit[] = [],
): OverviewRow[] {
  const places = itemPlaces(answer);
  const ranges = ageRangeNames(answer);
  const entries = [
    ...gradings.map((g) => ({
      itemID: g.itemID,
      ageRangeID: g.ageRangeID,
      grade: (g.value === 0 ? 'workingTowards' : g.value === 1 ? 'achieved' : 'bestFit') as OverviewGrade,
      notes: g.notes.trim(),
    })),
    ...bestFits.map((b) => ({
      itemID: b.itemID,
      ageRangeID: b.ageRangeID,
      grade: 'bestFit' as const,
      notes: '',
    })),
  ];
  const rows = entries.map((e) => {
    const place = places.get(e.itemID);
    const area = places.get(areaIDOf(e.itemID));
    const rangeOrder = e.ageRangeID === null ? Number.MAX_SAFE_INTEGER : -e.ageRangeID;
    return {
      row: {
        itemID: e.itemID,
        frameworkName: place?.frameworkName ?? '',
        areaName: area?.item.name ?? '',
        itemName: place?.item.name ?? null,
        ageRangeName: e.ageRangeID === null ? null : (ranges.get(e.ageRangeID) ?? String(e.ageRangeID)),
        grade: e.grade,
        notes: e.notes,
      },
      key: [
        place?.frameworkOrder ?? Number.MAX_SAFE_INTEGER,
        area?.itemOrder ?? Number.MAX_SAFE_INTEGER,
        // Age-range ids are negative and ascend as the ranges get older (-2300 before -2301).
        rangeOrder,
        GRADE_ORDER[e.grade],
        place?.itemOrder ?? Number.MAX_SAFE_INTEGER,
      ],
    };
  });
  rows.sort((a, b) => {
    for (let i = 0; i < a.key.length; i += 1) {
      const d = a.key[i]! - b.key[i]!;
      if (d !== 0) return d;
    }
    return a.row.itemID.localeCompare(b.row.itemID);
  });
  return rows.map((r) => r.row);
}

/** The Birth to 5 Matters framework of the answer, if the site has it. */
export function birthToFiveOf(answer: FrameworksAnswer | undefined) {
  return answer?.frameworks.find(isBirthToFive);
}

/** The names of the Birth to 5 Matters areas (every guidance-note header that may be in the notes). */
export function birthToFiveAreaNames(answer: FrameworksAnswer | undefined): string[] {
  const b5 = birthToFiveOf(answer);
  if (!b5) return [];
  const root = `/${b5.id}/`;
  return b5.items.filter((i) => i.parentID === root).map((i) => i.name);
}

/** The names of the Birth to 5 Matters areas with a grading under them, in area order. */
export function gradedBirthToFiveAreaNames(
  answer: FrameworksAnswer | undefined,
  gradings: readonly { itemID: string }[],
): string[] {
  const b5 = birthToFiveOf(answer);
  if (!b5) return [];
  const root = `/${b5.id}/`;
  const graded = new Set(gradings.map((g) => areaIDOf(g.itemID)));
  return b5.items.filter((i) => i.parentID === root && graded.has(i.id)).map((i) => i.name);
}
