import { describe, expect, it } from 'vitest';
import * as L from './limits.ts';

describe('spec constants', () => {
  it('spec 000 §9', () => {
    expect([L.CHILD_PICKER_MAX, L.CHILD_PICKER_MAX_ASSESSMENT]).toEqual([120, 1]);
    expect(L.OUTSTANDING_NEXT_STEPS_PAGE_SIZE).toBe(5);
    expect(L.NEXT_STEP_HEADER_DEBOUNCE_MS).toBe(250);
    expect(L.MEAL_CACHE_STALE_AGE).toBe(0.1);
    expect(L.MEAL_CACHE_STALE_MS).toBe(8_640_000);
    expect(L.MEAL_SELECTOR_LIST_SIZE).toBe(10);
    expect([L.TWO_YEAR_CHECK_MIN_MONTHS, L.TWO_YEAR_CHECK_MAX_MONTHS]).toEqual([22, 36]);
    expect(L.DRAFTS_PAGE_SIZE).toBe(25);
    expect(L.INFINITE_SCROLL_MARGIN_PX).toBe(800);
    expect(L.SAVED_ICON_MS).toBe(2000);
    expect(L.GRADING_CEILING).toBe(255);
    expect(L.DRAFTS_REFRESH_MS).toBe(30_000);
    expect(L.AUTO_REFRESH_BACKOFF_FACTOR).toBe(1.5);
    expect(L.AUTO_REFRESH_BACKOFF_MAX_EXPONENT).toBe(5);
    expect(L.VISIBILITY_REFRESH_DEBOUNCE_MS).toBe(7500);
  });
  it('spec 001 §9', () => {
    expect(L.BIG_PICTURE_CHILD_MAX).toBe(200);
    expect(L.STAFF_PICKER_MAX).toBe(50);
    expect(L.MEDIA_TILES_SHOWN).toBe(4);
    expect([L.CONSIDERATION_ROWS_MIN, L.CONSIDERATION_ROWS_MAX]).toEqual([3, 10]);
    expect([L.WHEEL_SIZE_PX, L.WHEEL_RADIUS_MIN, L.WHEEL_RADIUS_MAX, L.WHEEL_GAP, L.WHEEL_INSET]).toEqual([
      650, 50, 315, 10, 5,
    ]);
    expect(L.CHART_PALETTE).toHaveLength(9);
  });
  it('spec 002 §9', () => {
    expect(L.HOME_CLOCK_REFRESH_MS).toBe(60_000);
    expect(L.CONSIDERATIONS_LIMIT).toBe(100);
    expect(L.MIN_APP_VERSION).toBe('2.67.0');
    expect(L.PASSWORD_MIN_LENGTH).toBe(7);
    expect([L.MARK_OFF_NOTES_MAX, L.STAFF_MARK_OFF_NOTES_MAX]).toEqual([200, 50]);
    expect(L.DECLINE_MESSAGE_MAX).toBe(500);
    expect(L.MEAL_PORTION_AMOUNT_MAX).toBe(100);
    expect(L.SECURITY_QUESTION_MAX).toBe(50);
    expect([L.BREAK_MINUTES_MIN, L.BREAK_MINUTES_MAX]).toEqual([0, 1440]);
    expect(L.STAFF_NAME_MAX).toBe(50);
    expect(L.PROFILE_LIMITS).toMatchObject({ telmob: 30, address1: 50, postCode: 20, biography: 1000 });
    expect(L.PROFILE_DEFAULT_MAX).toBe(64);
    expect([L.MEDICATION_TEXT_MAX, L.MEDICATION_FIELD_MAX]).toEqual([1500, 50]);
    expect(L.SESSION_TIMEOUT_OPTIONS_MINUTES).toEqual([10, 20, 30, 60, 120, 720]);
    expect(L.SESSION_TIMEOUT_OPTIONS_EXTENDED_MINUTES).toEqual([
      10, 20, 30, 60, 120, 360, 1440, 10080, 43200,
    ]);
    expect(L.LINE_HEIGHTS).toEqual([2, 2.5, 3]);
    expect(L.INPUT_COLOURS).toHaveLength(11);
    expect(L.INPUT_COLOURS[0]).toEqual({ name: 'White', hex: 'FFFFFF' });
    expect(L.INPUT_COLOUR_HEXES).toContain('A3C2C2');
    expect(L.NOTIFICATION_METHODS.map((m) => m.id)).toEqual([1, 2, 4]);
    expect(L.NOTIFICATION_TYPES).toHaveLength(8);
    expect([
      L.STAFF_REGISTER_REFRESH_MS,
      L.STAFF_REGISTER_STALE_MS,
      L.STAFF_REGISTER_SAVE_DEBOUNCE_MS,
    ]).toEqual([30_000, 120_000, 500]);
    expect(L.EMERGENCY_LIST_STALE_MS).toBe(28_800_000);
    expect([L.IMAGE_WIDTH_LARGE, L.IMAGE_WIDTH_MEDIUM]).toEqual([2048, 1024]);
  });
  it('our account choices', () => {
    expect(L.PIN_PATTERN.test('0123')).toBe(true);
    expect(L.PIN_PATTERN.test('12345')).toBe(false);
    expect([L.LOGIN_MAX_FAILURES, L.LOGIN_FAILURE_WINDOW_MINUTES, L.LOGIN_FAILURE_WINDOW_MS]).toEqual([
      10, 15, 900_000,
    ]);
    expect(L.SESSION_TIMEOUT_DEFAULT_MINUTES).toBe(60);
    expect(L.SESSION_TIMEOUT_OPTIONS_MINUTES).toContain(L.SESSION_TIMEOUT_DEFAULT_MINUTES);
  });
});

describe('text limits', () => {
  it('names flags after the kind and field', () => {
    expect(L.textLimitFlag('learningStory', 'notes')).toBe('learningStoryNotesLimit');
    expect(L.textLimitFlag('snapshot', 'childVoice')).toBe('snapshotChildVoiceLimit');
    expect(L.textLimitFlag('baselineAssessment', 'parentNotes')).toBe('baselineAssessmentParentNotesLimit');
  });
  it('uses the flag when set, 0 meaning no limit', () => {
    expect(L.textLimit({ observationNotesLimit: 300 }, 'observation', 'notes')).toBe(300);
    expect(L.textLimit({ observationNotesLimit: 0 }, 'observation', 'notes')).toBeNull();
  });
  it('falls back to our default when the flag is missing or invalid', () => {
    expect(L.textLimit({}, 'observation', 'notes')).toBe(4000);
    expect(L.textLimit({ observationNotesLimit: 'x' }, 'observation', 'notes')).toBe(4000);
    expect(L.textLimit({ observationNotesLimit: -5 }, 'observation', 'notes')).toBe(4000);
    expect(L.textLimit({}, 'task', 'notes')).toBe(1000);
  });
  it('default flags cover every kind and field plus notesCharacterLimit', () => {
    expect(Object.keys(L.DEFAULT_TEXT_LIMIT_FLAGS)).toHaveLength(7 * 7 + 1);
    expect(L.DEFAULT_TEXT_LIMIT_FLAGS.notesCharacterLimit).toBe(1000);
    expect(L.DEFAULT_TEXT_LIMIT_FLAGS.learningStoryNotesLimit).toBe(6000);
    expect(L.DEFAULT_TEXT_MAX).toBe(2000);
  });
});

describe('media upload limits', () => {
  it('bytes per kind, and pixels per photo (checked from the header)', () => {
    expect([L.MEDIA_IMAGE_MAX_BYTES, L.MEDIA_VIDEO_MAX_BYTES]).toEqual([20 * 1024 * 1024, 200 * 1024 * 1024]);
    expect(L.MEDIA_IMAGE_MAX_PIXELS).toBe(50_000_000);
  });
});
