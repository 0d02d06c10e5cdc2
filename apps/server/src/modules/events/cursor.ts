import { z } from 'zod';
import { cursorCodec, cursorId, invalidCursor, pgTimestampText } from '../../lib/cursor.ts';

/**
 * A keyset position: the event's `raised` exactly as PostgreSQL prints it (microseconds kept, so
 * no row is skipped or repeated) and its id. Opaque to the client (lib/cursor.ts: base64url JSON of
 * `[raised, id, sort]`, sort 'n' newest first or 'o' oldest first): a cursor only continues the
 * sort order it was made for.
 */
export interface EventCursor {
  raised: string;
  id: number;
}

const sortKey = (oldestFirst: boolean) => (oldestFirst ? 'o' : 'n');

const codec = cursorCodec(
  z.tuple([pgTimestampText, cursorId, z.enum(['n', 'o'])]),
  (p: EventCursor & { sort: 'n' | 'o' }) => [p.raised, p.id, p.sort],
  ([raised, id, sort]) => ({ raised, id, sort }),
);

export function encodeCursor(c: EventCursor, oldestFirst = false): string {
  return codec.encode({ raised: c.raised, id: c.id, sort: sortKey(oldestFirst) });
}

/** The position in a cursor made for the given sort order; 400 err-invalid-cursor otherwise. */
export function decodeCursor(text: string, oldestFirst = false): EventCursor {
  const { raised, id, sort } = codec.decode(text);
  if (sort !== sortKey(oldestFirst)) {
    throw invalidCursor('The page cursor belongs to the other sort order; start again from the first page.');
  }
  return { raised, id };
}
