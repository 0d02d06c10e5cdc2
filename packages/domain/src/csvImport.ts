/**
 * Moving in from a spreadsheet (issue 29 "Moving in"): the CSV files a nursery can import, their
 * columns, and the pure reading of a parsed file into typed rows with each row's problems named by its
 * spreadsheet row number (the header is row 1) and column header. The server parses the CSV text
 * (csv-parse), runs these functions, then checks each record against the same input schemas the
 * settings pages use before anything is written. The columns and their other names are ours (the spec
 * does not name an import): what a nursery's own spreadsheet or another system's export commonly
 * calls them (docs/decisions.md "Issue 29: importing from a CSV file").
 */
import { isCalendarDate } from './dates.ts';
import { PROFILE_LIMITS } from './limits.ts';

export const IMPORT_KINDS = ['children', 'staff'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A file bigger than this is refused before it is read (a group's whole roll is a few hundred rows). */
export const IMPORT_MAX_ROWS = 2000;
/** 2,000 rows of about 500 characters. */
export const IMPORT_MAX_BYTES = 1_000_000;

type CellKind = 'text' | 'date' | 'yesNo' | 'gender' | 'photoConsent' | 'email' | 'sessions';

export interface ImportColumn {
  /** The record's field name. */
  readonly key: string;
  /** The template's header. */
  readonly header: string;
  /** Other headers read as this column (compared without case, spaces or punctuation). */
  readonly aliases: readonly string[];
  readonly kind: CellKind;
  readonly required: boolean;
  /** The most characters a text cell may hold (the settings pages' limit for the same field). */
  readonly max: number;
  /** The template's example cell. */
  readonly example: string;
}

/** Names, e-mail addresses and short texts (spec 002 §9: names 50). */
const NAME_MAX = 50;
const EMAIL_MAX = 254;
/** Allergies, dietary needs and medical notes: a paragraph each. */
const NOTE_MAX = 1000;
const MAX_OF_KIND: Record<CellKind, number> = {
  text: NAME_MAX,
  date: 10,
  yesNo: 10,
  gender: 10,
  photoConsent: 10,
  email: EMAIL_MAX,
  sessions: 500,
};

const column = (
  key: string,
  header: string,
  kind: CellKind,
  example: string,
  aliases: readonly string[] = [],
  options: { required?: boolean; max?: number } = {},
): ImportColumn => ({
  key,
  header,
  aliases,
  kind,
  required: options.required ?? false,
  max: options.max ?? MAX_OF_KIND[kind],
  example,
});
const required = { required: true };

/** Up to two contacts per child, as most nursery spreadsheets hold them (Parent 1, Parent 2). */
const contactColumns = (n: 1 | 2, example: readonly string[]): ImportColumn[] => [
  column(`contact${n}Forename`, `Contact ${n} forename`, 'text', example[0], [
    `parent ${n} forename`,
    `parent ${n} first name`,
    `contact ${n} first name`,
  ]),
  column(`contact${n}Surname`, `Contact ${n} surname`, 'text', example[1], [
    `parent ${n} surname`,
    `parent ${n} last name`,
    `contact ${n} last name`,
  ]),
  column(`contact${n}Relationship`, `Contact ${n} relationship`, 'text', example[2], [
    `parent ${n} relationship`,
  ]),
  column(`contact${n}Email`, `Contact ${n} e-mail`, 'email', example[3], [
    `parent ${n} email`,
    `contact ${n} email`,
  ]),
  column(
    `contact${n}Mobile`,
    `Contact ${n} mobile`,
    'text',
    example[4],
    [`parent ${n} mobile`, `contact ${n} phone`, `parent ${n} phone`],
    { max: PROFILE_LIMITS.telmob },
  ),
  column(`contact${n}ParentalResponsibility`, `Contact ${n} parental responsibility`, 'yesNo', example[5], [
    `parent ${n} parental responsibility`,
    `contact ${n} pr`,
  ]),
  column(`contact${n}CanCollect`, `Contact ${n} may collect`, 'yesNo', example[6], [
    `contact ${n} can collect`,
    `parent ${n} may collect`,
  ]),
];

export const IMPORT_COLUMNS: Readonly<Record<ImportKind, readonly ImportColumn[]>> = {
  children: [
    column(
      'forename',
      'Child forename',
      'text',
      'Ava',
      ['forename', 'first name', 'child first name'],
      required,
    ),
    column(
      'surname',
      'Child surname',
      'text',
      'Patel',
      ['surname', 'last name', 'child last name'],
      required,
    ),
    column('dob', 'Date of birth', 'date', '14/03/2023', ['dob', 'birth date', 'birthday'], required),
    column('startDate', 'Start date', 'date', '01/09/2025', ['start', 'joined', 'date started'], required),
    column('leaveDate', 'Leave date', 'date', '', ['leaving date', 'end date']),
    column('room', 'Room', 'text', 'Toddlers', ['room name', 'group']),
    column('gender', 'Gender', 'gender', 'F', ['sex']),
    column('keyPersonEmail', 'Key person e-mail', 'email', 'keyperson@example.org', ['key person email']),
    column('allergies', 'Allergies', 'text', 'Peanuts', [], { max: NOTE_MAX }),
    column('dietaryNeeds', 'Dietary needs', 'text', 'Vegetarian', ['diet', 'dietary requirements'], {
      max: NOTE_MAX,
    }),
    column('medicalNotes', 'Medical notes', 'text', '', ['medical', 'medical conditions'], { max: NOTE_MAX }),
    column('send', 'SEND', 'yesNo', 'No', ['sen', 'special educational needs']),
    column('eal', 'EAL', 'yesNo', 'No', ['english as an additional language']),
    column('photoConsent', 'Photo consent', 'photoConsent', 'Yes', ['photos', 'photo permission']),
    column('sessions', 'Sessions', 'sessions', 'Mon-Wed Morning; Fri Full day', [
      'booking pattern',
      'booked sessions',
    ]),
    ...contactColumns(1, ['Priya', 'Patel', 'Mother', 'priya@example.org', '07700 900123', 'Yes', 'Yes']),
    ...contactColumns(2, ['', '', '', '', '', '', '']),
  ],
  staff: [
    column('title', 'Title', 'text', 'Ms', [], { max: 20 }),
    column('forename', 'Forename', 'text', 'Jo', ['first name'], required),
    column('surname', 'Surname', 'text', 'Bloggs', ['last name'], required),
    column(
      'email',
      'E-mail',
      'email',
      'jo.bloggs@example.org',
      ['email', 'email address', 'work email'],
      required,
    ),
    column('jobTitle', 'Job title', 'text', 'Nursery practitioner', ['position', 'role title']),
    column('role', 'Role', 'text', 'Practitioner', ['permission role', 'access']),
    column('room', 'Room', 'text', 'Toddlers', ['base room']),
    column('startDate', 'Start date', 'date', '01/09/2025', ['start', 'date started']),
  ],
};

/** A header or alias as compared: lower case, letters and digits only ("E-mail" = "email"). */
export const headerKey = (header: string): string => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The downloadable template: the header row and one example row, as CSV text. */
export function importTemplate(kind: ImportKind): string {
  const columns = IMPORT_COLUMNS[kind];
  return `${[columns.map((c) => csvCell(c.header)).join(','), columns.map((c) => csvCell(c.example)).join(',')].join('\r\n')}\r\n`;
}

/** A CSV cell, quoted when it holds a comma, a quote or a line break. */
export const csvCell = (value: string): string =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** Day names as a spreadsheet writes them (the first three letters); their index + 1 is the ISO weekday. */
const WEEKDAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** ISO weekday, 1 Monday … 7 Sunday (as booking patterns hold them, childRecord.ts). */
type IsoWeekday = number;

/** One entry of a Sessions cell: the named session on these weekdays, every week from the start date. */
export interface ImportedSessions {
  /** ISO weekdays (1 Monday … 7 Sunday), in week order. */
  readonly weekdays: readonly IsoWeekday[];
  readonly session: string;
}

export type ImportValue = string | boolean | null | readonly ImportedSessions[];

/**
 * What can be wrong with a row: the cell problems read here, and the ones the server finds against the
 * site's data (a room, session, key person or role it does not have; an e-mail another login holds), and
 * 'import-refused': a rule of the settings page the record goes through (its message as the value).
 */
export const IMPORT_PROBLEM_CODES = [
  'this-field-is-required',
  'this-field-has-max-length-of',
  'import-invalid-date',
  'import-invalid-yes-no',
  'import-invalid-gender',
  'import-invalid-photo-consent',
  'import-invalid-email',
  'import-invalid-sessions',
  'import-duplicate-row',
  'import-too-many-rows',
  'import-unknown-room',
  'import-unknown-session',
  'import-unknown-key-person',
  'import-unknown-role',
  'import-email-taken',
  'import-refused',
] as const;
export type ImportProblemCode = (typeof IMPORT_PROBLEM_CODES)[number];

export interface ImportProblem {
  /** The column's header as the file has it; null for a problem of the whole row. */
  readonly column: string | null;
  readonly code: ImportProblemCode;
  /** The cell as read, for the message. */
  readonly value?: string;
  /** The column's limit, for 'this-field-has-max-length-of'. */
  readonly limit?: number;
}

export interface ImportRow {
  /** The spreadsheet row number: the header is row 1. */
  readonly row: number;
  readonly values: Readonly<Record<string, ImportValue>>;
  readonly problems: readonly ImportProblem[];
}

export interface ImportHeaderProblems {
  /** Required columns the file lacks (template headers). */
  readonly missing: readonly string[];
  /** The file's headers that match no column (ignored, listed so the user knows). */
  readonly ignored: readonly string[];
}

export interface ImportTable {
  readonly header: ImportHeaderProblems;
  readonly rows: readonly ImportRow[];
}

const YES = new Set(['y', 'yes', 'true', '1', 'x']);
const NO = new Set(['n', 'no', 'false', '0', '']);

/** DD/MM/YYYY (what a UK spreadsheet shows; also D/M/YYYY and DD-MM-YYYY) or YYYY-MM-DD. */
export function parseImportDate(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (iso) return isCalendarDate(t) ? t : null;
  const uk = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (!uk) return null;
  const date = `${uk[3]}-${uk[2].padStart(2, '0')}-${uk[1].padStart(2, '0')}`;
  return isCalendarDate(date) ? date : null;
}

const GENDERS: Record<string, 'M' | 'F' | 'O'> = {
  m: 'M',
  male: 'M',
  boy: 'M',
  f: 'F',
  female: 'F',
  girl: 'F',
  o: 'O',
  other: 'O',
};

const PHOTO_CONSENTS: Record<string, 'yes' | 'no' | 'notAsked'> = {
  yes: 'yes',
  y: 'yes',
  no: 'no',
  n: 'no',
  notasked: 'notAsked',
  '': 'notAsked',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "Mon-Wed Morning; Fri Full day" → [{mon,tue,wed: Morning}, {fri: Full day}]; null when unreadable. */
export function parseSessions(text: string): ImportedSessions[] | null {
  const entries = text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  const out: ImportedSessions[] = [];
  for (const entry of entries) {
    const m = /^([A-Za-z,\- ]+?)\s+(\S.*)$/.exec(entry);
    if (!m) return null;
    const weekdays = parseWeekdays(m[1]);
    if (!weekdays) return null;
    out.push({ weekdays, session: m[2].trim() });
  }
  return out;
}

const weekdayOf = (text: string): IsoWeekday | null => {
  const index = (WEEKDAY_NAMES as readonly string[]).indexOf(text.trim().toLowerCase().slice(0, 3));
  return index < 0 ? null : index + 1;
};

/** "Mon-Wed", "Mon,Thu" or "Tue": the weekdays in week order; null when a name is unknown. */
function parseWeekdays(text: string): IsoWeekday[] | null {
  const days = new Set<IsoWeekday>();
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [from, to, ...rest] = part.split('-');
    const a = weekdayOf(from);
    if (a === null || rest.length) return null;
    const b = to === undefined ? a : weekdayOf(to);
    if (b === null || b < a) return null;
    for (let d = a; d <= b; d += 1) days.add(d);
  }
  return days.size ? [...days].sort((x, y) => x - y) : null;
}

/** One cell read as its column's kind: the value, or the problem. */
function readCell(c: ImportColumn, raw: string): { value: ImportValue } | { problem: ImportProblemCode } {
  const text = raw.trim();
  if (text === '' && c.required) return { problem: 'this-field-is-required' };
  if (text.length > c.max) return { problem: 'this-field-has-max-length-of' };
  switch (c.kind) {
    case 'text':
      return { value: text === '' ? null : text };
    case 'email':
      if (text === '') return { value: null };
      return EMAIL.test(text) ? { value: text.toLowerCase() } : { problem: 'import-invalid-email' };
    case 'date': {
      if (text === '') return { value: null };
      const date = parseImportDate(text);
      return date ? { value: date } : { problem: 'import-invalid-date' };
    }
    case 'yesNo': {
      const key = text.toLowerCase();
      if (YES.has(key)) return { value: true };
      return NO.has(key) ? { value: false } : { problem: 'import-invalid-yes-no' };
    }
    case 'gender': {
      if (text === '') return { value: null };
      const g = GENDERS[text.toLowerCase()];
      return g ? { value: g } : { problem: 'import-invalid-gender' };
    }
    case 'photoConsent': {
      const p = PHOTO_CONSENTS[headerKey(text)];
      return p ? { value: p } : { problem: 'import-invalid-photo-consent' };
    }
    case 'sessions': {
      if (text === '') return { value: [] };
      const sessions = parseSessions(text);
      return sessions ? { value: sessions } : { problem: 'import-invalid-sessions' };
    }
  }
}

/** The stable key a second import matches a row by (so importing the same file twice changes nothing). */
export function importRowKey(kind: ImportKind, values: Readonly<Record<string, ImportValue>>): string {
  const text = (key: string) =>
    String(values[key] ?? '')
      .trim()
      .toLowerCase();
  return kind === 'staff' ? text('email') : [text('forename'), text('surname'), text('dob')].join('|');
}

/**
 * A parsed CSV file (rows of cells, the header first) read as `kind`: which columns it has, and each
 * non-blank row's values and problems. A row repeating an earlier row's key is a problem of its own (the
 * file would otherwise write one record twice).
 */
export function readImportTable(kind: ImportKind, cells: readonly (readonly string[])[]): ImportTable {
  const columns = IMPORT_COLUMNS[kind];
  const [headerRow = [], ...body] = cells;
  const byHeader = new Map<string, ImportColumn>();
  for (const c of columns) for (const h of [c.header, ...c.aliases]) byHeader.set(headerKey(h), c);
  const positions = new Map<ImportColumn, { index: number; header: string }>();
  const ignored: string[] = [];
  headerRow.forEach((header, index) => {
    const c = byHeader.get(headerKey(header));
    if (c && !positions.has(c)) positions.set(c, { index, header: header.trim() });
    else if (header.trim() !== '') ignored.push(header.trim());
  });
  const missing = columns.filter((c) => c.required && !positions.has(c)).map((c) => c.header);
  const seen = new Map<string, number>();
  const rows: ImportRow[] = [];
  body.forEach((cellsOfRow, i) => {
    if (cellsOfRow.every((cell) => cell.trim() === '')) return;
    const values: Record<string, ImportValue> = {};
    const problems: ImportProblem[] = [];
    for (const c of columns) {
      const at = positions.get(c);
      const raw = at ? (cellsOfRow[at.index] ?? '') : '';
      // A column the file lacks reads as its blank cell (a required one is named in `missing` and on
      // every row).
      const read = readCell(c, raw);
      if ('value' in read) values[c.key] = read.value;
      else
        problems.push({
          column: at?.header ?? c.header,
          code: read.problem,
          value: raw.trim() || undefined,
          ...(read.problem === 'this-field-has-max-length-of' ? { limit: c.max } : {}),
        });
    }
    const row = i + 2;
    if (problems.length === 0) {
      const key = importRowKey(kind, values);
      const first = seen.get(key);
      if (first !== undefined)
        problems.push({ column: null, code: 'import-duplicate-row', value: String(first) });
      else seen.set(key, row);
    }
    rows.push({ row, values, problems });
  });
  return { header: { missing, ignored }, rows };
}
