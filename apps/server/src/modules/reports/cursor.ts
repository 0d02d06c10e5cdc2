import { z } from 'zod';
import { cursorCodec } from '../../lib/cursor.ts';

/** A keyset position in the children's order (surname, forename, id); opaque base64url JSON to the client. */
export interface ChildCursor {
  surname: string;
  forename: string;
  id: number;
}

/** lib/cursor.ts: 400 err-invalid-cursor for anything this codec did not write. */
const codec = cursorCodec(
  z.tuple([
    z.string().max(50),
    z.string().max(50),
    z
      .number()
      .int()
      .min(1)
      .max(2 ** 31 - 1),
  ]),
  (c: ChildCursor) => [c.surname, c.forename, c.id],
  ([surname, forename, id]) => ({ surname, forename, id }),
);

export const encodeChildCursor = (c: ChildCursor): string => codec.encode(c);
export const decodeChildCursor = (text: string): ChildCursor => codec.decode(text);
