import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cursorCodec, cursorId, isoMicrosText, keysetPage, pgTimestampText } from './cursor.ts';
import { AppError } from './errors.ts';

const codec = cursorCodec(
  z.tuple([pgTimestampText, cursorId]),
  (p: { at: string; id: number }) => [p.at, p.id],
  ([at, id]) => ({ at, id }),
);

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    return err instanceof AppError ? { status: err.statusCode, code: err.code } : err;
  }
  return 'accepted';
};

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('cursorCodec', () => {
  it('answers the position it encoded (round trip), as opaque base64url text', () => {
    const p = { at: '2026-03-04 09:30:00.123456+00', id: 42 };
    const text = codec.encode(p);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(codec.decode(text)).toEqual(p);
    const iso = cursorCodec(
      z.tuple([isoMicrosText, cursorId]),
      (q: { at: string; id: number }) => [q.at, q.id],
      ([at, id]) => ({ at, id }),
    );
    const q = { at: '2026-03-04T09:30:00.123456Z', id: Number.MAX_SAFE_INTEGER };
    expect(iso.decode(iso.encode(q))).toEqual(q);
  });

  it('refuses anything it did not write with 400 err-invalid-cursor, never another error', () => {
    const bad = { status: 400, code: 'err-invalid-cursor' };
    for (const text of [
      '',
      'not base64!',
      Buffer.from('{not json').toString('base64url'),
      raw(null),
      raw({ at: '2026-03-04 09:30:00+00', id: 1 }),
      raw(['2026-03-04 09:30:00+00']),
      raw(['2026-03-04 09:30:00+00', 1, 'extra']),
      raw(['2026-03-04T09:30:00Z', 1]),
      raw(['2026-03-04 09:30:00+00', 0]),
      raw(['2026-03-04 09:30:00+00', 1.5]),
      raw(['2026-03-04 09:30:00+00', '1']),
      raw(['2026-03-04 09:30:00+00', 2 ** 60]),
    ]) {
      expect(
        refusal(() => codec.decode(text)),
        text,
      ).toEqual(bad);
    }
  });
});

describe('keysetPage', () => {
  const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];
  const after = (last: { id: number }) => `after ${last.id}`;

  it('answers the first `limit` rows and the cursor after the last of them when the query found one more', () => {
    expect(keysetPage(rows, 2, after)).toEqual({ page: [{ id: 1 }, { id: 2 }], next: 'after 2' });
  });

  it('has no next cursor on the last page (no extra row), full or not', () => {
    expect(keysetPage(rows, 3, after)).toEqual({ page: rows, next: null });
    expect(keysetPage(rows, 5, after)).toEqual({ page: rows, next: null });
    expect(keysetPage([], 5, after)).toEqual({ page: [], next: null });
  });
});
