import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Id,
  IdParam,
  INT32_MAX,
  INT32_MIN,
  Instant,
  Int32,
  IsoDate,
  idListParam,
  NonNegativeInt,
  SafeText,
} from './primitives.ts';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('Id, Int32 and NonNegativeInt: PostgreSQL integer range', () => {
  it('Id takes 1 to 2^31-1', () => {
    expect(ok(Id, 1)).toBe(true);
    expect(ok(Id, INT32_MAX)).toBe(true);
    for (const bad of [0, -1, 2 ** 31, 2 ** 53, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1', null]) {
      expect(ok(Id, bad), String(bad)).toBe(false);
    }
  });

  it('Int32 takes -2^31 to 2^31-1 (age-range ids are negative); NonNegativeInt 0 to 2^31-1', () => {
    expect(ok(Int32, INT32_MIN)).toBe(true);
    expect(ok(Int32, -2300)).toBe(true);
    expect(ok(Int32, INT32_MIN - 1)).toBe(false);
    expect(ok(Int32, INT32_MAX + 1)).toBe(false);
    expect(ok(NonNegativeInt, 0)).toBe(true);
    expect(ok(NonNegativeInt, INT32_MAX)).toBe(true);
    expect(ok(NonNegativeInt, -1)).toBe(false);
    expect(ok(NonNegativeInt, INT32_MAX + 1)).toBe(false);
  });
});

describe('IdParam and idListParam: ids in path and query strings', () => {
  it('reads digits without sign, spaces or leading zeros, up to 2147483647', () => {
    expect(IdParam.parse('1')).toBe(1);
    expect(IdParam.parse('2147483647')).toBe(INT32_MAX);
    for (const bad of [
      '2147483648',
      '9999999999',
      '99999999999',
      '9007199254740993',
      '0',
      '01',
      '-1',
      '+1',
      ' 1',
      '1 ',
      '1.0',
      '1e3',
      '0x1',
      '',
      '1\u0000',
    ]) {
      expect(ok(IdParam, bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('any decimal string is either refused or read as an Id', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789-+., e'), maxLength: 24 }), (s) => {
        const r = IdParam.safeParse(s);
        if (r.success) expect(r.data >= 1 && r.data <= INT32_MAX && String(r.data) === s).toBe(true);
      }),
      { seed: 11 },
    );
  });

  it('reads comma-separated lists, drops duplicates and bounds the length', () => {
    const list = idListParam(3);
    expect(list.parse('3,1,3')).toEqual([3, 1]);
    expect(list.parse('2147483647')).toEqual([INT32_MAX]);
    for (const bad of ['1,2147483648', '1,,2', '1,', ',1', '1, 2', '0', '1,2,3,4', '']) {
      expect(ok(list, bad), bad).toBe(false);
    }
  });
});

describe('IsoDate: real calendar dates, years 1900-2100', () => {
  it('takes real dates in range', () => {
    for (const d of ['2026-01-31', '2028-02-29', '2000-02-29', '1900-01-01', '2100-12-31']) {
      expect(ok(IsoDate, d), d).toBe(true);
    }
  });

  it('refuses impossible dates, years 0000, 0001, 9999 and outside 1900-2100, and other shapes', () => {
    for (const d of [
      '2026-02-29',
      '2026-02-30',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0000-01-01',
      '0001-01-01',
      '1899-12-31',
      '2101-01-01',
      '9999-12-31',
      '2026-1-1',
      '+02026-01-01',
      '2026-01-01T00:00:00Z',
      '',
    ]) {
      expect(ok(IsoDate, d), d).toBe(false);
    }
  });
});

describe('Instant: ISO date-time with an offset, real, years 1900-2100', () => {
  it('takes Z and numeric offsets, with or without fractions', () => {
    for (const s of [
      '2026-11-20T10:00:00Z',
      '2026-11-20T10:00:00.000Z',
      '2028-02-29T23:59:59+01:00',
      '1900-01-01T00:00:00Z',
      '2100-12-31T23:59:59-05:00',
    ]) {
      expect(ok(Instant, s), s).toBe(true);
    }
  });

  it('refuses impossible dates and times, no offset, and years outside 1900-2100', () => {
    for (const s of [
      '2026-02-29T10:00:00Z',
      '2026-02-30T10:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T10:60:00Z',
      '2026-01-01T10:00:00+25:00',
      '2026-01-01T10:00:00',
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '1899-12-31T23:59:59Z',
      '2101-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      'yesterday',
    ]) {
      expect(ok(Instant, s), s).toBe(false);
    }
  });
});

describe('SafeText: no control characters but tab and line breaks', () => {
  it('keeps tab, newline, carriage return, accents and emoji', () => {
    expect(ok(SafeText, 'Line one\nLine two\r\n\tTabbed café \u{1F600}')).toBe(true);
    expect(ok(SafeText, '')).toBe(true);
  });

  it('refuses U+0000, the other C0 controls, DEL, C1 controls and lone surrogates', () => {
    for (const s of [
      'a\u0000b',
      '\u0001',
      '\u0008',
      '\u000b',
      '\u000c',
      '\u001b[31m',
      '\u001f',
      '\u007f',
      '\u0080',
      '\u0085',
      '\u009f',
      '\ud800',
      'a\udc00',
      '\ud83d',
    ]) {
      expect(ok(SafeText, s), JSON.stringify(s)).toBe(false);
    }
  });

  it('keeps its bounds when narrowed (SafeText.max)', () => {
    expect(ok(SafeText.max(3), 'abc')).toBe(true);
    expect(ok(SafeText.max(3), 'abcd')).toBe(false);
    expect(ok(SafeText.max(3), '\u0000')).toBe(false);
  });
});
