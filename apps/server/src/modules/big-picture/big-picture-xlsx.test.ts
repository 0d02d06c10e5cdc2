// The Big Picture xlsx (issue 17): the file POST /api/v1/big-picture/export answers, opened with exceljs:
// its name, its sheets and the cells of the children seeded in big-picture.test.ts, overrides applied.
import { bigPictureFileName, todayInZone } from '@nursery/domain/common';
import { XLSX_CONTENT_TYPE } from '@nursery/domain/spotlight';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import { type Fixture, loadFixture } from '../events/event-fixtures.ts';
import { type Seeded, seedBigPicture, sixMonthsAgo } from './big-picture-fixtures.ts';
import { uniqueSheetName } from './xlsx.ts';

describe('uniqueSheetName', () => {
  it('drops []:*?/\\, keeps 31 characters and makes clashes unique, case-insensitively', () => {
    const taken = new Set(['big picture report']);
    expect(uniqueSheetName('Big Picture Report', taken, 'x')).toBe('Big Picture Report (2)');
    expect(uniqueSheetName('Zoë Test/Child:[A]', taken, 'x')).toBe('Zoë Test Child A');
    expect(uniqueSheetName('zoë test child a', taken, 'x')).toBe('zoë test child a (2)');
    const long = uniqueSheetName('Bartholomew-Maximilian Featherstonehaugh-Smythe', taken, 'x');
    expect(long).toBe('Bartholomew-Maximilian Feathers');
    expect(long).toHaveLength(31);
    const again = uniqueSheetName('Bartholomew-Maximilian Featherstonehaugh-Smythe', taken, 'x');
    expect(again).toBe('Bartholomew-Maximilian Feat (2)');
    expect(uniqueSheetName("'*?'", taken, 'Child 7')).toBe('Child 7');
  });
});

describeEachDb('Big Picture export', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let s: Seeded;

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
    s = await seedBigPicture(t, f);
  });
  afterAll(() => t.close());

  const post = (payload: unknown, cookie = f.manager) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/big-picture/export',
      headers: { ...WRITE_HEADERS, cookie },
      payload: payload as Record<string, unknown>,
    });

  it('answers the workbook with the report, the overview and a sheet per child with data', async () => {
    const [other] = await t.database.query<{ id: string }>(
      `select id from framework_items where provider_id = ${f.providerId} and framework_id = '-29' and depth >= 3
         and id not in ('${s.item1}', '${s.item2}') order by id limit 1`,
    );
    const res = await post({
      childIDs: [s.a, s.b, s.c],
      siteID: f.siteId,
      frameworkID: '-29',
      eventTypes: ['snapshot', 'learningStory'],
      dateFrom: sixMonthsAgo(),
      overrides: [
        { itemID: s.item1, ageRangeID: -2300, grade: 'achieved' },
        { itemID: other!.id, ageRangeID: -2302, grade: 'workingTowards' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const fileName = bigPictureFileName(todayInZone(new Date()));
    expect(fileName).toMatch(/^Big Picture \d\d-\d\d-\d{4}\.xlsx$/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    // C has no gradings: no sheet. Names without []:/ and at most 31 characters.
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Big Picture Report',
      'Gradings Overview',
      'Bartholomew-Maximilian Feathers',
      'Zoë Test Child A',
    ]);

    const names = await t.database.query<{ id: string; name: string }>(
      `select id, name from framework_items where provider_id = ${f.providerId}
         and id in ('${s.item1}', '${s.item2}', '${other!.id}')`,
    );
    const nameOf = (id: string) => names.find((n) => n.id === id)!.name;
    const report = wb.getWorksheet('Big Picture Report')!;
    expect(report.getCell('A1').value).toBe('Big Picture Report');
    expect(report.getRow(4).values).toEqual([
      undefined,
      'Area',
      'Aspect',
      'Statement',
      'Age range',
      'Working towards',
      'Achieved',
      'Best fit',
      'Grade',
      'Professional judgement',
    ]);
    const rows: unknown[][] = [];
    report.eachRow((row, n) => {
      if (n > 4) rows.push((row.values as unknown[]).slice(1));
    });
    const find = (statement: string, range: string) => rows.find((r) => r[2] === statement && r[3] === range);
    // item1, Birth to 3: A's working towards (snapshot) + B's = 2, A's achieved (learning story) = 1:
    // both, overridden by the judgement 'achieved'.
    expect(find(nameOf(s.item1), 'Birth to 3')?.slice(4)).toEqual([2, 1, 0, 'Achieved', 'Yes']);
    // item2: achieved once at Birth to 3; kept without a value at 3 to 4 = best fit.
    expect(find(nameOf(s.item2), 'Birth to 3')?.slice(4)).toEqual([0, 1, 0, 'Achieved', 'No']);
    expect(find(nameOf(s.item2), '3 to 4')?.slice(4)).toEqual([0, 0, 1, 'Best fit', 'No']);
    // A judgement on a segment without data is listed, with its grade.
    expect(find(nameOf(other!.id), 'Reception age')?.slice(4)).toEqual([0, 0, 0, 'Working towards', 'Yes']);
    expect(rows).toHaveLength(4);
    // Area and aspect names are the item's ancestors.
    expect(typeof find(nameOf(s.item1), 'Birth to 3')?.[0]).toBe('string');
    expect(find(nameOf(s.item1), 'Birth to 3')?.[0]).not.toBe('');

    const overview = wb.getWorksheet('Gradings Overview')!;
    expect(overview.getRow(1).values).toEqual([
      undefined,
      'Child',
      'Area',
      'Aspect',
      'Statement',
      'Age range',
      'Value',
      'Count',
    ]);
    const lines: unknown[][] = [];
    overview.eachRow((row, n) => {
      if (n > 1) lines.push((row.values as unknown[]).slice(1));
    });
    const zoe = 'Zoë Test/Child:[A]';
    expect(lines.filter((l) => l[0] === zoe).map((l) => [l[3], l[4], l[5], l[6]])).toEqual(
      expect.arrayContaining([
        [nameOf(s.item1), 'Birth to 3', 'Working towards', 1],
        [nameOf(s.item1), 'Birth to 3', 'Achieved', 1],
        [nameOf(s.item2), 'Birth to 3', 'Achieved', 1],
        [nameOf(s.item2), '3 to 4', 'Best fit', 1],
      ]),
    );
    expect(lines).toHaveLength(5);

    const a = wb.getWorksheet('Zoë Test Child A')!;
    expect(a.getCell('A1').value).toBe(zoe);
    expect(a.getCell('A2').value).toBe('Date of birth 04/03/2023');
  });

  it('refuses another provider’s site (404) and bad overrides (400)', async () => {
    const filter = {
      siteID: f.siteId,
      frameworkID: '-29',
      eventTypes: ['snapshot'],
      dateFrom: sixMonthsAgo(),
    };
    expect((await post({ ...filter, overrides: [] }, f.other)).statusCode).toBe(404);
    const bad = await post({
      ...filter,
      overrides: [{ itemID: s.item1, ageRangeID: -2300, grade: 'great' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().err.code).toBe('err-invalid-request');
    expect((await post({ ...filter })).statusCode).toBe(400);
  });
});
