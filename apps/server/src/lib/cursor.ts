// THE page cursor codec (issue 28): every keyset-paginated list (event search, the children reports,
// notifications, the Spotlight editor's lists) answers its next position as an opaque cursor, the
// base64url JSON of a tuple, and reads it back through the tuple's zod schema. Anything this codec
// did not write (not base64url JSON, another shape, a value out of range) is the client's error:
// 400 err-invalid-cursor, never a 500. Pure: no I/O.
import { z } from 'zod';
import { AppError } from './errors.ts';

export const invalidCursor = (message = 'The page cursor is not valid.') =>
  new AppError(400, 'err-invalid-cursor', message);

/** A row id in a cursor: a positive safe integer. */
export const cursorId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * A timestamptz as PostgreSQL prints it (`2026-01-02 09:30:00.123456+00`): microseconds kept, so a
 * keyset position skips and repeats no row.
 */
export const pgTimestampText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/);

/** An instant as ISO text with microseconds, UTC (`2026-01-02T09:30:00.123456Z`). */
export const isoMicrosText = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);

/**
 * One page of a keyset list: its query reads one row more than `limit` to learn whether another page
 * follows. The page is the first `limit` rows; `next` the cursor after its last row, null on the last page.
 */
export function keysetPage<R>(rows: readonly R[], limit: number, cursorAfter: (last: R) => string) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, next: rows.length > limit && last !== undefined ? cursorAfter(last) : null };
}

export interface CursorCodec<T> {
  encode(position: T): string;
  /** The position, or 400 err-invalid-cursor. */
  decode(text: string): T;
}

/**
 * A codec of positions of type T stored as the tuple `schema` describes: `toTuple` and `fromTuple`
 * name the tuple's places.
 */
export function cursorCodec<S extends z.ZodTuple, T>(
  schema: S,
  toTuple: (position: T) => z.input<S>,
  fromTuple: (tuple: z.output<S>) => T,
): CursorCodec<T> {
  return {
    encode: (position) => Buffer.from(JSON.stringify(toTuple(position))).toString('base64url'),
    decode: (text) => {
      let value: unknown;
      try {
        value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
      } catch {
        throw invalidCursor();
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw invalidCursor();
      return fromTuple(parsed.data);
    },
  };
}
