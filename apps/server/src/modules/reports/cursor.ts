import { AppError } from '../../lib/errors.ts';

/** A keyset position in the children's order (surname, forename, id); opaque base64url JSON to the client. */
export interface ChildCursor {
  surname: string;
  forename: string;
  id: number;
}

export function encodeChildCursor(c: ChildCursor): string {
  return Buffer.from(JSON.stringify([c.surname, c.forename, c.id])).toString('base64url');
}

/** 400 err-invalid-cursor for anything this file did not write. */
export function decodeChildCursor(text: string): ChildCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    value = null;
  }
  if (
    !Array.isArray(value) ||
    value.length !== 3 ||
    typeof value[0] !== 'string' ||
    typeof value[1] !== 'string' ||
    value[0].length > 50 ||
    value[1].length > 50 ||
    !Number.isSafeInteger(value[2]) ||
    value[2] < 1 ||
    value[2] > 2 ** 31 - 1
  ) {
    throw new AppError(400, 'err-invalid-cursor', 'The page cursor is not valid.');
  }
  return { surname: value[0], forename: value[1], id: value[2] };
}
