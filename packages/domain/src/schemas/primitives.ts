/**
 * The primitives every request schema is built from (issue 11): ids in PostgreSQL's `integer` range,
 * real calendar dates and instants within a sane year range, and text without control characters.
 * A value outside them is a 400 from validation, never a database error answered as a 500.
 */
import { z } from 'zod';
import { isCalendarDate } from '../dates.ts';
import { isSafeText } from '../text.ts';

/** PostgreSQL `integer` (int4): every id column, and the integers compared with them. */
export const INT32_MIN = -(2 ** 31);
export const INT32_MAX = 2 ** 31 - 1;

/**
 * Years a date or instant may name. The data are children in early years and their records
 * (dates of birth, observations, planned dates): nothing before 1900 or after 2100 is real, and
 * year 0000 (not a year in PostgreSQL) or 9999 (accepted, but a typo) would otherwise reach the
 * database.
 */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2100;

/** Any int4: framework age-range ids are negative (the special ids -2300, -2500...). */
export const Int32 = z.number().int().min(INT32_MIN).max(INT32_MAX);
/** A row id: 1 to 2^31-1. */
export const Id = z.number().int().min(1).max(INT32_MAX);
/** A count or bit set stored as int4 (learning styles), 0 to 2^31-1. */
export const NonNegativeInt = z.number().int().min(0).max(INT32_MAX);

/** The two UUIDs that no client generates: a placeholder id, never a real medium's (issue 26). */
const RESERVED_UUIDS = new Set([
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
]);

/**
 * A medium's id (the client's UUID, spec 000 §3): any UUID zod accepts except the nil and the max
 * UUID, which zod allows but which would be one id shared by every careless client.
 */
export const MediaId = z
  .uuid()
  .refine((s) => !RESERVED_UUIDS.has(s.toLowerCase()), 'not the nil or the max UUID');

/** A positive integer written in decimal without sign, spaces or leading zeros ('12'). */
const ID_TEXT = '[1-9][0-9]{0,9}';
const ID_PATTERN = new RegExp(`^${ID_TEXT}$`);
const ID_LIST_PATTERN = new RegExp(`^${ID_TEXT}(,${ID_TEXT})*$`);

/** An id in a path or query string: digits only, 1 to 2^31-1 ('12' → 12). */
export const IdParam = z.string().regex(ID_PATTERN, 'a positive whole number').transform(Number).pipe(Id);

/** Comma-separated ids in a query string ('1,2,3'), duplicates dropped, at most `max` of them. */
export function idListParam(max: number) {
  return z
    .string()
    .max(max * 11)
    .regex(ID_LIST_PATTERN, 'a comma-separated list of ids')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(z.array(Id).max(max, `at most ${max} ids`));
}

const inYearRange = (year: number) => year >= YEAR_MIN && year <= YEAR_MAX;
const YEARS = `a year from ${YEAR_MIN} to ${YEAR_MAX}`;

/**
 * A calendar date, 'YYYY-MM-DD': a real date ('2026-02-29' is refused) in YEAR_MIN..YEAR_MAX.
 * (The type of such a string is `CalendarDate` in dates.ts; this is its schema.)
 */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine(isCalendarDate, 'not a calendar date')
  .refine((s) => inYearRange(Number(s.slice(0, 4))), YEARS);

/**
 * An ISO 8601 date-time with seconds and a UTC offset ('2026-11-20T10:00:00.000Z', '…+01:00'):
 * a real date and time (zod checks the days of each month) in YEAR_MIN..YEAR_MAX.
 */
export const Instant = z.iso
  .datetime({ offset: true })
  .refine((s) => inYearRange(Number(s.slice(0, 4))), YEARS);

/** Text without control characters except \t, \n and \r, nor lone surrogates (text.ts). */
export const SafeText = z
  .string()
  .refine(isSafeText, 'control characters (other than tab and line breaks) are not allowed');
