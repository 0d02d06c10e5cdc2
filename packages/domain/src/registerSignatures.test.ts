import { describe, expect, it } from 'vitest';
import {
  attendanceRequestTimes,
  canConfirmSignature,
  compareBookings,
  isSigned,
  SIGNATURE_DATA_URL_MAX,
  signatureDataUrlProblem,
  signatureImagePath,
} from './registerSignatures.ts';

describe('register signatures (spec 002 §5)', () => {
  it('a signature counts as signed if changed or if it has an id', () => {
    expect(isSigned({ changed: true })).toBe(true);
    expect(isSigned({ changed: false, id: 12 })).toBe(true);
    expect(isSigned({ changed: false })).toBe(false);
    expect(isSigned({ changed: false, id: null })).toBe(false);
    expect(isSigned(null)).toBe(false);
  });
  it('confirm needs a chosen contact and a signature', () => {
    expect(canConfirmSignature(3, { changed: true })).toBe(true);
    expect(canConfirmSignature(null, { changed: true })).toBe(false);
    expect(canConfirmSignature(3, { changed: false })).toBe(false);
    expect(canConfirmSignature(3, null)).toBe(false);
  });
  it('accepts a PNG data URL only, within the size limit', () => {
    expect(signatureDataUrlProblem('data:image/png;base64,iVBORw0KGgo=')).toBeNull();
    expect(signatureDataUrlProblem('data:image/jpeg;base64,AAAA')).toBe('not-png-data-url');
    expect(signatureDataUrlProblem('data:image/png;base64,')).toBe('empty');
    expect(signatureDataUrlProblem('data:image/png;base64,AA*A')).toBe('not-png-data-url');
    expect(signatureDataUrlProblem(`data:image/png;base64,${'A'.repeat(SIGNATURE_DATA_URL_MAX)}`)).toBe(
      'too-large',
    );
  });
  it('the image path is api/v1/providers/{id}/signature/{id}/{key}', () => {
    expect(signatureImagePath(1, 22, 'ab12')).toBe('/api/v1/providers/1/signature/22/ab12');
  });
});

describe('attendance requests (spec 002 §2, §4)', () => {
  const morning = { comboID: 1, start: '08:00', end: '13:00', actualStart: null, actualEnd: null };
  const afternoon = { comboID: 2, start: '13:00', end: '18:00', actualStart: null, actualEnd: null };
  it('a drop-off checks in at its time (later sessions at their booked start)', () => {
    expect(attendanceRequestTimes('drop-off', [afternoon, morning], '08:20')).toEqual({
      ok: true,
      changes: [
        { comboID: 1, actualStart: '08:20', actualEnd: null },
        { comboID: 2, actualStart: '13:00', actualEnd: null },
      ],
    });
  });
  it('a pick-up checks out at its time; before the check-in it is refused', () => {
    const inNow = { ...morning, actualStart: '08:10' };
    expect(attendanceRequestTimes('pick-up', [inNow], '12:30')).toEqual({
      ok: true,
      changes: [{ comboID: 1, actualStart: '08:10', actualEnd: '12:30' }],
    });
    expect(attendanceRequestTimes('pick-up', [inNow], '08:00')).toEqual({
      ok: false,
      refusal: 'check-out-before-check-in',
    });
    expect(attendanceRequestTimes('drop-off', [morning], '13:30')).toEqual({
      ok: false,
      refusal: 'session-ended',
    });
  });
  it('bookings sort by start, then end descending', () => {
    const full = { comboID: 3, start: '08:00', end: '18:00' };
    expect([afternoon, morning, full].sort(compareBookings).map((b) => b.comboID)).toEqual([3, 1, 2]);
  });
});
