/**
 * Register signatures, attendance requests and the child page (spec 002 §2, §4 "Session", §5
 * "Register", §7, §8 "Signatures"): pure rules shared by the server (which enforces) and the web
 * (which shows and disables).
 */
import { type BookedTimes, checkInTimes, checkOutTimes, type TimesOutcome } from './register.ts';

/** A signature image is a PNG data URL ('data:image/png;base64,...'). */
export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';
/** The largest signature image accepted, in bytes of PNG (a pad's PNG is typically 5-40 KB). */
export const SIGNATURE_MAX_BYTES = 256 * 1024;
/** The longest data URL that can hold SIGNATURE_MAX_BYTES (base64 is 4 characters per 3 bytes). */
export const SIGNATURE_DATA_URL_MAX =
  SIGNATURE_DATA_URL_PREFIX.length + Math.ceil(SIGNATURE_MAX_BYTES / 3) * 4;

export type SignatureDataProblem = 'not-png-data-url' | 'too-large' | 'empty';

/**
 * What is wrong with a signature data URL before its bytes are decoded (the server then checks the
 * PNG signature of the bytes themselves), or null.
 */
export function signatureDataUrlProblem(dataUrl: string): SignatureDataProblem | null {
  if (!dataUrl.startsWith(SIGNATURE_DATA_URL_PREFIX)) return 'not-png-data-url';
  const body = dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length);
  if (body.length === 0) return 'empty';
  if (dataUrl.length > SIGNATURE_DATA_URL_MAX) return 'too-large';
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0) return 'not-png-data-url';
  return null;
}

/** A signature as the capture dialog holds it: drawn now (changed) or stored already (id). */
export interface SignatureDraft {
  changed: boolean;
  id?: number | null;
}

/** Spec §5: "A signature counts as signed if changed or if it has an id." */
export function isSigned(signature: SignatureDraft | null | undefined): boolean {
  return !!signature && (signature.changed || (signature.id != null && signature.id > 0));
}

/** Spec §5: confirm needs a chosen contact and a signature. */
export function canConfirmSignature(
  contactId: number | null | undefined,
  signature: SignatureDraft | null,
): boolean {
  return contactId != null && isSigned(signature);
}

export type AttendanceRequestType = 'drop-off' | 'pick-up';

/**
 * The new actual times that approving an attendance request gives the child's sessions: a drop-off
 * checks in at the request's time, a pick-up checks out at it (the register's own arithmetic).
 */
export function attendanceRequestTimes(
  type: AttendanceRequestType,
  sessions: readonly BookedTimes[],
  time: string,
): TimesOutcome {
  return type === 'drop-off' ? checkInTimes(sessions, time) : checkOutTimes(sessions, time);
}

/** Spec §7: bookings sorted by start, then by end descending (then combo, for a stable order). */
export function compareBookings(
  a: { start: string; end: string; comboID: number },
  b: { start: string; end: string; comboID: number },
): number {
  return a.start.localeCompare(b.start) || b.end.localeCompare(a.end) || a.comboID - b.comboID;
}

/** The path of a signature image (spec §7): api/v1/providers/{id}/signature/{id}/{key}. */
export function signatureImagePath(providerId: number, signatureId: number, key: string): string {
  return `/api/v1/providers/${providerId}/signature/${signatureId}/${encodeURIComponent(key)}`;
}
