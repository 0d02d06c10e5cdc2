import { describe, expect, it } from 'vitest';
import {
  IMPORT_COLUMNS,
  importRowKey,
  importTemplate,
  parseImportDate,
  parseSessions,
  readImportTable,
} from './csvImport.ts';

describe('parseImportDate', () => {
  it('reads UK and ISO dates and refuses impossible ones', () => {
    expect(parseImportDate('14/03/2023')).toBe('2023-03-14');
    expect(parseImportDate('1/9/2025')).toBe('2025-09-01');
    expect(parseImportDate('01-09-2025')).toBe('2025-09-01');
    expect(parseImportDate('2025-09-01')).toBe('2025-09-01');
    expect(parseImportDate('31/02/2024')).toBeNull();
    expect(parseImportDate('2024-02-30')).toBeNull();
    expect(parseImportDate('03/14/2023')).toBeNull();
    expect(parseImportDate('yesterday')).toBeNull();
  });
});

describe('parseSessions', () => {
  it('reads ranges, lists and several entries', () => {
    expect(parseSessions('Mon-Wed Morning; Fri Full day')).toEqual([
      { weekdays: [1, 2, 3], session: 'Morning' },
      { weekdays: [5], session: 'Full day' },
    ]);
    expect(parseSessions('Thursday,Monday Afternoon')).toEqual([{ weekdays: [1, 4], session: 'Afternoon' }]);
  });
  it('refuses unknown days, backward ranges and a missing session', () => {
    expect(parseSessions('Funday Morning')).toBeNull();
    expect(parseSessions('Fri-Mon Morning')).toBeNull();
    expect(parseSessions('Mon')).toBeNull();
  });
});

describe('importTemplate', () => {
  it('is the header row and an example row that reads back without problems', () => {
    for (const kind of ['children', 'staff'] as const) {
      const lines = importTemplate(kind).trimEnd().split('\r\n');
      expect(lines).toHaveLength(2);
      const cells = lines.map((l) => l.split(','));
      expect(cells[0]).toEqual(IMPORT_COLUMNS[kind].map((c) => c.header));
      const table = readImportTable(kind, cells);
      expect(table.header).toEqual({ missing: [], ignored: [] });
      expect(table.rows).toHaveLength(1);
      expect(table.rows[0].problems).toEqual([]);
    }
  });
});

describe('readImportTable', () => {
  const header = [
    'First name',
    'Last Name',
    'DOB',
    'Start date',
    'Sex',
    'SEN',
    'Photo consent',
    'Sessions',
    'Notes',
  ];

  it('matches headers by their other names and lists the ones it ignores', () => {
    const table = readImportTable('children', [
      header,
      ['Ava', 'Patel', '14/03/2023', '01/09/2025', 'girl', 'y', 'not asked', '', 'x'],
    ]);
    expect(table.header).toEqual({ missing: [], ignored: ['Notes'] });
    expect(table.rows[0]).toMatchObject({
      row: 2,
      problems: [],
      values: {
        forename: 'Ava',
        surname: 'Patel',
        dob: '2023-03-14',
        startDate: '2025-09-01',
        gender: 'F',
        send: true,
        photoConsent: 'notAsked',
        sessions: [],
        room: null,
      },
    });
  });

  it("names each problem by its spreadsheet row and the file's header, and skips blank rows", () => {
    const table = readImportTable('children', [
      header,
      ['', 'Patel', '31/02/2023', '01/09/2025', 'unknown', 'perhaps', 'Yes', 'Mon Morning', ''],
      [' ', '', '', '', '', '', '', '', ''],
      ['Ben', 'Jones', '02/02/2022', '01/09/2025', '', 'No', 'No', 'Someday Morning', ''],
    ]);
    expect(table.rows.map((r) => r.row)).toEqual([2, 4]);
    expect(table.rows[0].problems).toEqual([
      { column: 'First name', code: 'this-field-is-required', value: undefined },
      { column: 'DOB', code: 'import-invalid-date', value: '31/02/2023' },
      { column: 'Sex', code: 'import-invalid-gender', value: 'unknown' },
      { column: 'SEN', code: 'import-invalid-yes-no', value: 'perhaps' },
    ]);
    expect(table.rows[1].problems).toEqual([
      { column: 'Sessions', code: 'import-invalid-sessions', value: 'Someday Morning' },
    ]);
  });

  it('names a missing required column and reports it on every row', () => {
    const table = readImportTable('staff', [
      ['Forename', 'Surname'],
      ['Jo', 'Bloggs'],
    ]);
    expect(table.header.missing).toEqual(['E-mail']);
    expect(table.rows[0].problems).toEqual([
      { column: 'E-mail', code: 'this-field-is-required', value: undefined },
    ]);
  });

  it("refuses a row that repeats an earlier row's key", () => {
    const table = readImportTable('staff', [
      ['Forename', 'Surname', 'Email'],
      ['Jo', 'Bloggs', 'Jo@Example.org'],
      ['Joanne', 'Bloggs', 'jo@example.org'],
    ]);
    expect(table.rows[0].problems).toEqual([]);
    expect(table.rows[1].problems).toEqual([{ column: null, code: 'import-duplicate-row', value: '2' }]);
  });
});

describe('importRowKey', () => {
  it('matches a child by name and date of birth, ignoring case and spaces, and staff by e-mail', () => {
    expect(importRowKey('children', { forename: ' Ava', surname: 'PATEL', dob: '2023-03-14' })).toBe(
      importRowKey('children', { forename: 'ava', surname: 'patel ', dob: '2023-03-14' }),
    );
    expect(importRowKey('children', { forename: 'Ava', surname: 'Patel', dob: '2023-03-15' })).not.toBe(
      importRowKey('children', { forename: 'Ava', surname: 'Patel', dob: '2023-03-14' }),
    );
    expect(importRowKey('staff', { email: 'jo@example.org' })).toBe('jo@example.org');
  });
});

describe('cell limits', () => {
  it('refuses a cell longer than its field allows', () => {
    const table = readImportTable('staff', [
      ['Forename', 'Surname', 'Email'],
      ['J'.repeat(51), 'Bloggs', 'jo@example.org'],
      ['J'.repeat(50), 'Bloggs', 'jo@example.org'],
    ]);
    expect(table.rows[0].problems).toEqual([
      { column: 'Forename', code: 'this-field-has-max-length-of', value: 'J'.repeat(51), limit: 50 },
    ]);
    expect(table.rows[1].problems).toEqual([]);
  });
});
