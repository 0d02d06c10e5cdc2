// The Big Picture workbook (spec 001 §7 "Excel export"; issue 17): sheets 'Big Picture Report' (per item
// and age range: area, aspect, statement, counts of working towards / achieved / best fit, and the grade
// with the session's professional judgements applied), 'Gradings Overview' (child, item, age range,
// value, count) and one sheet per child with data. Built with exceljs from the aggregate rows: the
// server never reads the gradings one by one.

import { Writable } from 'node:stream';
import { formatDate } from '@nursery/domain/common';
import { SPOTLIGHT_TYPE_NAMES } from '@nursery/domain/events';
import { type Framework, GradeValue } from '@nursery/domain/frameworks';
import {
  applyJudgements,
  type BigPictureGradingSummary,
  type JudgementGrade,
  type ProfessionalJudgement,
  segmentGrade,
} from '@nursery/domain/spotlight';
import ExcelJS from 'exceljs';
import type { BigPictureChildRow } from './queries.ts';

export const REPORT_SHEET = 'Big Picture Report';
export const OVERVIEW_SHEET = 'Gradings Overview';
/** Excel's limit on a sheet name. */
const SHEET_NAME_MAX = 31;

const GRADE_TEXT: Record<JudgementGrade | 'both', string> = {
  workingTowards: 'Working towards',
  achieved: 'Achieved',
  bestFit: 'Best fit',
  both: 'Working towards and achieved',
};

const valueText = (value: number | null) =>
  value === GradeValue.WorkingTowards
    ? GRADE_TEXT.workingTowards
    : value === GradeValue.Achieved
      ? GRADE_TEXT.achieved
      : GRADE_TEXT.bestFit;

/**
 * A sheet name Excel accepts: none of []:*?/\, no apostrophe at either end, at most 31 characters,
 * and unique (case-insensitively) among `taken`, which it joins. A clash gets ' (2)', ' (3)', ...
 */
export function uniqueSheetName(wanted: string, taken: Set<string>, fallback: string): string {
  let base = wanted
    .replace(/[[\]:*?/\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '')
    .trim();
  if (base === '') base = fallback;
  base = base.slice(0, SHEET_NAME_MAX).trim();
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = `${base.slice(0, SHEET_NAME_MAX - suffix.length).trim()}${suffix}`;
  }
  taken.add(name.toLowerCase());
  return name;
}

/** Names of an item's area (depth 1), aspect (depth 2) and statement (depth 3 and below: the item's). */
export function itemPlaces(framework: Framework | undefined) {
  const byId = new Map((framework?.items ?? []).map((i) => [i.id, i]));
  const order = new Map((framework?.items ?? []).map((i, n) => [i.id, n]));
  const cache = new Map<string, { area: string; aspect: string; statement: string }>();
  const place = (itemID: string) => {
    const known = cache.get(itemID);
    if (known) return known;
    const item = byId.get(itemID);
    let found = { area: itemID, aspect: '', statement: '' };
    if (item) {
      const names = new Map<number, string>();
      for (let at: typeof item | undefined = item; at; at = at.parentID ? byId.get(at.parentID) : undefined)
        names.set(at.depth, at.name);
      found = {
        area: names.get(1) ?? '',
        aspect: names.get(2) ?? '',
        statement: item.depth >= 3 ? item.name : '',
      };
    }
    cache.set(itemID, found);
    return found;
  };
  return { place, order: (itemID: string) => order.get(itemID) ?? Number.MAX_SAFE_INTEGER };
}

export interface WorkbookInput {
  framework: Framework | undefined;
  children: BigPictureChildRow[];
  /** Summary rows per child (the children's order is the report's). */
  summaryByChild: Map<number, BigPictureGradingSummary[]>;
  overrides: ProfessionalJudgement[];
  dateFrom: string;
  today: string;
  eventTypes: readonly ('snapshot' | 'learningStory')[];
}

const HEADER_FONT = { bold: true } as const;
const TITLE_FONT = { bold: true, size: 14 } as const;
/** The statement's columns, and the counts of its gradings: the sheets open with the same ones. */
const STATEMENT_COLUMNS = ['Area', 'Aspect', 'Statement', 'Age range'];
const GRADING_COLUMNS = ['Working towards', 'Achieved', 'Best fit'];
const REPORT_HEADER = [...STATEMENT_COLUMNS, ...GRADING_COLUMNS, 'Grade', 'Professional judgement'];
const OVERVIEW_HEADER = ['Child', ...STATEMENT_COLUMNS, 'Value', 'Count'];
const CHILD_HEADER = [...STATEMENT_COLUMNS, ...GRADING_COLUMNS, 'Event types'];
const widths = (list: number[]) => list.map((width) => ({ width }));

/**
 * The workbook, written with exceljs's streaming writer (rows committed as they are made, inline
 * strings): 200 children's sheets are made in a fraction of the in-memory workbook's time.
 */
export async function bigPictureWorkbook(input: WorkbookInput): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'Nursery';
  wb.created = new Date(`${input.today}T12:00:00Z`);
  const { place, order } = itemPlaces(input.framework);
  const ranges = new Map((input.framework?.ageRanges ?? []).map((a, n) => [a.id, { name: a.name, n }]));
  const rangeName = (id: number | null) => (id == null ? '' : (ranges.get(id)?.name ?? String(id)));
  const byTree = (a: { itemID: string; ageRangeID: number | null }, b: typeof a) =>
    order(a.itemID) - order(b.itemID) ||
    (a.itemID < b.itemID ? -1 : a.itemID > b.itemID ? 1 : 0) ||
    (ranges.get(a.ageRangeID ?? 0)?.n ?? 0) - (ranges.get(b.ageRangeID ?? 0)?.n ?? 0);
  /** The STATEMENT_COLUMNS cells of a line: where its item stands in the framework, and its age range. */
  const statementCells = (line: { itemID: string; ageRangeID: number | null }) => {
    const p = place(line.itemID);
    return [p.area, p.aspect, p.statement, rangeName(line.ageRangeID)];
  };
  /** The GRADING_COLUMNS cells of a statement's summary. */
  const gradingCells = (s: { workingTowards: number; achieved: number; bestFit: number }) => [
    s.workingTowards,
    s.achieved,
    s.bestFit,
  ];
  const taken = new Set<string>([REPORT_SHEET.toLowerCase(), OVERVIEW_SHEET.toLowerCase()]);
  const add = (sheet: ExcelJS.Worksheet, values: unknown[], font?: Partial<ExcelJS.Font>) => {
    const row = sheet.addRow(values);
    if (font) row.font = font;
    row.commit();
  };

  /* ------------------------------------------------------------------ Big Picture Report */
  const report = wb.addWorksheet(REPORT_SHEET);
  report.columns = widths([36, 36, 36, 16, 16, 16, 16, 28, 16]);
  add(report, [REPORT_SHEET], TITLE_FONT);
  add(report, [
    `${input.framework?.name ?? ''} · from ${formatDate(input.dateFrom)} · ${input.eventTypes
      .map((t) => SPOTLIGHT_TYPE_NAMES[t])
      .join(', ')} · ${input.children.length} children`,
  ]);
  add(report, []);
  add(report, REPORT_HEADER, HEADER_FONT);
  const all = [...input.summaryByChild.values()].flat();
  for (const s of applyJudgements(all, input.overrides).sort(byTree)) {
    const grade = segmentGrade(s);
    add(report, [
      ...statementCells(s),
      ...gradingCells(s),
      grade ? GRADE_TEXT[grade] : '',
      s.judgement ? 'Yes' : 'No',
    ]);
  }
  report.commit();

  /* ------------------------------------------------------------------ Gradings Overview */
  const overview = wb.addWorksheet(OVERVIEW_SHEET);
  overview.columns = widths([24, 36, 36, 36, 16, 16, 10]);
  add(overview, OVERVIEW_HEADER, HEADER_FONT);
  const withData = input.children.filter((c) => (input.summaryByChild.get(c.id) ?? []).length > 0);
  for (const child of withData) {
    const name = `${child.forename} ${child.surname}`;
    // One line per item, age range and value, over both event types.
    const merged = new Map<string, BigPictureGradingSummary>();
    for (const r of input.summaryByChild.get(child.id)!) {
      const key = `${r.itemID}\u0000${r.ageRangeID ?? ''}\u0000${r.value ?? ''}`;
      const m = merged.get(key);
      if (m) m.count += r.count;
      else merged.set(key, { ...r });
    }
    const lines = [...merged.values()].sort(
      (a, b) => byTree(a, b) || (a.value ?? GradeValue.BestFit) - (b.value ?? GradeValue.BestFit),
    );
    for (const r of lines) {
      add(overview, [name, ...statementCells(r), valueText(r.value), r.count]);
    }
  }
  overview.commit();

  /* ------------------------------------------------------------------ one sheet per child */
  for (const child of withData) {
    const rows = input.summaryByChild.get(child.id)!;
    const sheet = wb.addWorksheet(
      uniqueSheetName(`${child.forename} ${child.surname}`, taken, `Child ${child.id}`),
    );
    sheet.columns = widths([36, 36, 36, 16, 16, 16, 16, 28]);
    add(sheet, [`${child.forename} ${child.surname}`], TITLE_FONT);
    add(sheet, [`Date of birth ${formatDate(child.dob)}${child.roomName ? ` · ${child.roomName}` : ''}`]);
    add(sheet, []);
    add(sheet, CHILD_HEADER, HEADER_FONT);
    const typesOf = new Map<string, Set<string>>();
    for (const r of rows) {
      const key = `${r.itemID}\u0000${r.ageRangeID ?? ''}`;
      const set = typesOf.get(key) ?? new Set<string>();
      set.add(SPOTLIGHT_TYPE_NAMES[r.eventType]);
      typesOf.set(key, set);
    }
    for (const s of applyJudgements(rows, []).sort(byTree)) {
      const types = [...(typesOf.get(`${s.itemID}\u0000${s.ageRangeID ?? ''}`) ?? [])].join(', ');
      add(sheet, [...statementCells(s), ...gradingCells(s), types]);
    }
    sheet.commit();
  }

  await wb.commit();
  return Buffer.concat(chunks);
}
