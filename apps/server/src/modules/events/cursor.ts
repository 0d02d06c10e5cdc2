import { AppError } from '../../lib/errors.ts';

/**
 * A keyset position: the event's `raised` exactly as PostgreSQL prints it (microseconds kept, so
 * no row is skipped or repeated) and its id. Opaque to the client (base64url JSON of
 * `[raised, id, sort]`, sort 'n' newest first or 'o' oldest first): a cursor only continues the
 * sort order it was made for.
 */
export interface EventCursor {
  raised: string;
  id: number;
}

const sortKey = (oldestFirst: boolean) => (oldestFirst ? 'o' : 'n');

export function encodeCursor(c: EventCursor, oldestFirst = false): string {
  return Buffer.from(JSON.stringify([c.raised, c.id, sortKey(oldestFirst)])).toString('base64url');
}

const invalid = (message = 'The page cursor is not valid.') =>
  new AppError(400, 'err-invalid-cursor', message);

/** The position in a cursor made for the given sort order; 400 err-invalid-cursor otherwise. */
export function decodeCursor(text: string, oldestFirst = false): EventCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(value) ||
    value.length !== 3 ||
    typeof value[0] !== 'string' ||
    !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.test(value[0]) ||
    !Number.isSafeInteger(value[1]) ||
    value[1] < 1 ||
    (value[2] !== 'n' && value[2] !== 'o')
  ) {
    throw invalid();
  }
  if (value[2] !== sortKey(oldestFirst)) {
    throw invalid('The page cursor belongs to the other sort order; start again from the first page.');
  }
  return { raised: value[0], id: value[1] };
}
