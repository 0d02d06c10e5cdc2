// One answer for "someone else saved this first" (optimistic version checks), whether a single save
// is refused (409) or one outcome of a bulk call is.
import { AppError } from './errors.ts';

export const CONFLICT_CODE = 'err-conflict';
export const CONFLICT_MESSAGE = 'This event was changed by someone else.';

/** The outcome entry of a bulk call for an event whose version moved since it was read. */
export function conflictOutcome(id: number) {
  return { id, ok: false as const, code: CONFLICT_CODE, message: CONFLICT_MESSAGE };
}

export function conflictError(details: Record<string, unknown> = {}) {
  return new AppError(409, CONFLICT_CODE, CONFLICT_MESSAGE, {}, details);
}
