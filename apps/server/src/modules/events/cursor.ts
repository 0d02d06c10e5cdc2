import { AppError } from '../../lib/errors.ts';

/**
 * A keyset position: the event's `raised` exactly as PostgreSQL prints it (microseconds kept, so
 * no row is skipped or repeated) and its id. Opaque to the client (base64url JSON).
 */
export interface EventCursor {
  raised: string;
  id: number;
}

export function encodeCursor(c: EventCursor): string {
  return Buffer.from(JSON.stringify([c.raised, c.id])).toString('base64url');
}

const invalid = () => new AppError(400, 'err-invalid-cursor', 'The page cursor is not valid.');

export function decodeCursor(text: string): EventCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== 'string' ||
    !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.test(value[0]) ||
    !Number.isSafeInteger(value[1]) ||
    value[1] < 1
  ) {
    throw invalid();
  }
  return { raised: value[0], id: value[1] };
}
