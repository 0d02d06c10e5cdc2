import { describe, expect, it } from 'vitest';
import * as L from './limits.ts';

describe('spec constants', () => {
  it('spec 000 §9', () => {
    expect([L.CHILD_PICKER_MAX, L.CHILD_PICKER_MAX_ASSESSMENT]).toEqual([120, 1]);
    expect(L.OUTSTANDING_NEXT_STEPS_PAGE_SIZE).toBe(5);
    // 0.1 "age units" of a day.
    expect(L.MEAL_CACHE_STALE_MS).toBe(8_640_000);
    expect(L.MEAL_SELECTOR_LIST_SIZE).toBe(10);
    expect([L.TWO_YEAR_CHECK_MIN_MONTHS, L.TWO_YEAR_CHECK_MAX_MONTHS]).toEqual([22, 36]);
    expect(L.DRAFTS_PAGE_SIZE).toBe(25);
    expect(L.SAVED_ICON_MS).toBe(2000);
    expect(L.GRADING_CEILING).toBe(255);
    expect(L.DRAFTS_REFRESH_MS).toBe(30_000);
    expect(L.AUTO_REFRESH_BACKOFF_FACTOR).toBe(1.5);
    expect(L.AUTO_REFRESH_BACKOFF_MAX_EXPONENT).toBe(5);
    expect(L.VISIBILITY_REFRESH_DEBOUNCE_MS).toBe(7500);
  });
  it('spec 001 §9', () => {
    expect([L.SPOTLIGHT_CHILD_MAX, L.SPOTLIGHT_CHILD_MAX_SINGLE]).toEqual([200, 1]);
    expect([L.CONSIDERATION_ROWS_MIN, L.CONSIDERATION_ROWS_MAX]).toEqual([3, 10]);
    expect(L.WHEEL_BOTH_COLOUR).toBe('#800080');
  });
  it('spec 002 §9', () => {
    expect(L.HOME_CLOCK_REFRESH_MS).toBe(60_000);
    expect(L.CONSIDERATIONS_LIMIT).toBe(100);
    expect(L.MIN_APP_VERSION).toBe('2.67.0');
    expect(L.PASSWORD_MIN_LENGTH).toBe(7);
    expect(L.MEAL_PORTION_AMOUNT_MAX).toBe(100);
    expect(L.SECURITY_QUESTION_MAX).toBe(50);
    expect([L.BREAK_MINUTES_MIN, L.BREAK_MINUTES_MAX]).toEqual([0, 1440]);
    expect(L.PROFILE_LIMITS).toMatchObject({ telmob: 30, address1: 50, postCode: 20, biography: 1000 });
    expect(L.PROFILE_DEFAULT_MAX).toBe(64);
    expect(L.INPUT_COLOUR_HEXES).toHaveLength(11);
    expect(L.INPUT_COLOUR_HEXES[0]).toBe('FFFFFF');
    expect(L.INPUT_COLOUR_HEXES).toContain('A3C2C2');
    expect(L.NOTIFICATION_METHODS.map((m) => m.id)).toEqual([1, 2, 4]);
    expect(L.IMAGE_WIDTH_MEDIUM).toBe(1024);
  });
  it('our account choices', () => {
    expect(L.PIN_PATTERN.test('0123')).toBe(true);
    expect(L.PIN_PATTERN.test('12345')).toBe(false);
    expect([L.LOGIN_MAX_FAILURES, L.LOGIN_FAILURE_WINDOW_MINUTES]).toEqual([10, 15]);
  });
});

describe('text limits', () => {
  it('reads the flag named after the kind and field', () => {
    expect(L.textLimit({ learningStoryNotesLimit: 7 }, 'learningStory', 'notes')).toBe(7);
    expect(L.textLimit({ snapshotChildVoiceLimit: 8 }, 'snapshot', 'childVoice')).toBe(8);
    expect(L.textLimit({ baselineAssessmentParentNotesLimit: 9 }, 'baselineAssessment', 'parentNotes')).toBe(
      9,
    );
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
  it('has a default for every kind', () => {
    expect(L.textLimit({}, 'learningStory', 'notes')).toBe(6000);
    expect(L.textLimit({}, 'twoYear', 'personalSocialNotes')).toBe(2000);
  });
});

describe('media upload limits', () => {
  it('bytes per kind, and pixels per photo (checked from the header)', () => {
    expect([L.MEDIA_IMAGE_MAX_BYTES, L.MEDIA_VIDEO_MAX_BYTES]).toEqual([20 * 1024 * 1024, 200 * 1024 * 1024]);
    expect(L.MEDIA_IMAGE_MAX_PIXELS).toBe(50_000_000);
  });
});
