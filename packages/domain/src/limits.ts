/**
 * The business constants and limits of the three specs' §9 sections (and the limits in their §5) that
 * the server and the web share, plus OUR values for what the specs leave "not shown" (marked OURS; see
 * docs/decisions.md). Rules only: how a screen looks (sizes, layout, palettes) lives in the web app, and
 * a value is added here when code uses it. Times are in milliseconds unless the name says otherwise.
 */

/* ---------------------------------------------------------------- spec 000 §9: events, drafts */
export const CHILD_PICKER_MAX = 120;
export const CHILD_PICKER_MAX_ASSESSMENT = 1;
export const OUTSTANDING_NEXT_STEPS_PAGE_SIZE = 5;
/** Meal types are refetched when the cache is older than 0.1 "age units". */
const MEAL_CACHE_STALE_AGE = 0.1;
/** OURS: the age unit is a day, so 0.1 = 2 h 24 min. */
export const MEAL_CACHE_STALE_MS = Math.round(MEAL_CACHE_STALE_AGE * 24 * 60 * 60 * 1000);
export const MEAL_SELECTOR_LIST_SIZE = 10;
export const TWO_YEAR_CHECK_MIN_MONTHS = 22;
export const TWO_YEAR_CHECK_MAX_MONTHS = 36;
export const DRAFTS_PAGE_SIZE = 25;
export const EVENT_SEARCH_LIMIT = 25;
/** Events in one GET api/v3/events/{ids} (the drawer opens a few; issue 31). */
export const EVENT_V3_IDS_MAX = 20;
export const SAVED_ICON_MS = 2000;
/** Gradings plus best fits per event (spec 001 §9 gives the value spec 000 leaves out). */
export const GRADING_CEILING = 255;
export const DRAFTS_REFRESH_MS = 30_000;
export const AUTO_REFRESH_BACKOFF_FACTOR = 1.5;
export const AUTO_REFRESH_BACKOFF_MAX_EXPONENT = 5;
export const VISIBILITY_REFRESH_DEBOUNCE_MS = 7500;

/* ----------------------------------------------------------------- spec 001 §9: Spotlight */
export const SPOTLIGHT_CHILD_MAX = 200;
export const SPOTLIGHT_CHILD_MAX_SINGLE = 1; // learning story or an existing event
export const CONSIDERATION_ROWS_MIN = 3;
export const CONSIDERATION_ROWS_MAX = 10;
/** Spec: 'both' colour is purple. */
export const WHEEL_BOTH_COLOUR = '#800080';
/** OURS: best-fit segment colour (teal, distinct from the scheme colours and purple). */
export const WHEEL_BEST_FIT_COLOUR = '#00897B';
export const TWO_YEAR_STATUS_MIN_MONTHS = 24; // under this: invalid
export const TWO_YEAR_STATUS_WARNING_MONTHS = 33; // from this: warning
/**
 * OURS (spec 001 §9 "period values: not shown"; docs/decisions.md): how often a key child should have
 * a snapshot and a learning story: `frequency` spotlights per `periodDays` (spotlightDueDate).
 */
export const EVENT_CHECKER_SETTINGS = {
  snapshot: { frequency: 1, periodDays: 14 },
  learningStory: { frequency: 1, periodDays: 91 },
} as const;

/* ------------------------------------------------------------- text limits (OURS, spec 000/001 §5) */
const TEXT_LIMIT_KINDS = [
  'observation',
  'assessment',
  'baselineAssessment',
  'twoYear',
  'task',
  'snapshot',
  'learningStory',
] as const;
export type TextLimitKind = (typeof TEXT_LIMIT_KINDS)[number];
/** The three area-specific notes are the EYFS prime areas (used by the two-year progress check). */
const TEXT_LIMIT_FIELDS = [
  'notes',
  'nextSteps',
  'parentNotes',
  'childVoice',
  'communicationNotes',
  'physicalNotes',
  'personalSocialNotes',
] as const;
export type TextLimitField = (typeof TEXT_LIMIT_FIELDS)[number];

/** OURS: per kind and field, used when the server flag is absent. 0 would mean no limit. */
const TEXT_LIMITS: Record<TextLimitKind, Record<TextLimitField, number>> = {
  observation: row(4000, 1000, 2000, 1000, 2000),
  assessment: row(4000, 1000, 2000, 1000, 2000),
  baselineAssessment: row(4000, 1000, 2000, 1000, 2000),
  twoYear: row(4000, 1000, 2000, 1000, 2000),
  task: row(1000, 1000, 1000, 1000, 1000),
  snapshot: row(2000, 1000, 2000, 1000, 2000),
  learningStory: row(6000, 1000, 2000, 1000, 2000),
};
function row(notes: number, nextSteps: number, parentNotes: number, childVoice: number, area: number) {
  return {
    notes,
    nextSteps,
    parentNotes,
    childVoice,
    communicationNotes: area,
    physicalNotes: area,
    personalSocialNotes: area,
  };
}

/** Server flag name of a text limit: kind + capitalised field + 'Limit', e.g. learningStoryNotesLimit. */
function textLimitFlag(kind: TextLimitKind, field: TextLimitField): string {
  return `${kind}${field[0].toUpperCase()}${field.slice(1)}Limit`;
}

/**
 * The limit for a text area: the server flag if it is a non-negative number (0 = no limit,
 * returned as null), otherwise our default.
 */
export function textLimit(
  flags: Readonly<Record<string, unknown>>,
  kind: TextLimitKind,
  field: TextLimitField,
): number | null {
  const value = flags[textLimitFlag(kind, field)];
  const limit =
    typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : TEXT_LIMITS[kind][field];
  return limit === 0 ? null : Math.floor(limit);
}

/* --------------------------------------------------- spec 002 §9: home, registers, account */
export const HOME_CLOCK_REFRESH_MS = 60_000;
export const OBSERVATION_RECENT_DAYS = 14;
export const CONSIDERATIONS_LIMIT = 100;
export const CONSIDERATIONS_BADGE_OVERFLOW = '99+';
/** Key-children widget: its device cache is keyed by this version and the day (spec 002 §9). */
export const KEY_CHILDREN_CACHE_VERSION = 2;
/** OURS: rows per page of the last-published-observation report (children of a site or room). */
export const LAST_PUBLISHED_REPORT_PAGE_SIZE = 50;
export const LAST_PUBLISHED_REPORT_PAGE_MAX = 100;
export const MIN_APP_VERSION = '2.67.0';
export const APP_VERSION = '2.67.0';
export const PASSWORD_MIN_LENGTH = 7;
/** OURS: an upper bound so a pasted essay is refused before hashing. */
export const PASSWORD_MAX_LENGTH = 128;
export const MEAL_PORTION_AMOUNT_MAX = 100;
export const SECURITY_QUESTION_MAX = 50;
export const BREAK_MINUTES_MIN = 0;
export const BREAK_MINUTES_MAX = 1440;
export const PROFILE_LIMITS = {
  telmob: 30,
  telwork: 30,
  telhome: 30,
  address1: 50,
  address2: 50,
  address3: 50,
  address4: 50,
  address5: 50,
  postCode: 20,
  biography: 1000,
} as const;
export const PROFILE_DEFAULT_MAX = 64;
export const MEDICATION_EARLIEST_DATE = '2001-01-01';
/** Spec 002 §9: the input box colours a user may choose, by name, in the spec's order. */
export const INPUT_COLOURS = [
  { name: 'White', hex: 'FFFFFF' },
  { name: 'Aqua', hex: 'AFD3E1' },
  { name: 'Golden-rod', hex: 'EEE8AA' },
  { name: 'Turquoise', hex: '40E0D0' },
  { name: 'Grey', hex: 'B3B3B3' },
  { name: 'Rose', hex: 'FF9999' },
  { name: 'Purple', hex: 'D580FF' },
  { name: 'Yellow', hex: 'FFFF80' },
  { name: 'Peach', hex: 'FFBF80' },
  { name: 'Green', hex: 'B3FFB3' },
  { name: 'Blue-grey', hex: 'A3C2C2' },
] as const;
export const INPUT_COLOUR_HEXES = INPUT_COLOURS.map((c) => c.hex) as [
  (typeof INPUT_COLOURS)[number]['hex'],
  ...(typeof INPUT_COLOURS)[number]['hex'][],
];
/** Spec 002 §9: the line heights a user may choose (the first is the default). */
export const LINE_HEIGHTS = [2, 2.5, 3] as const;
export const NOTIFICATION_METHODS = [
  { id: 1, name: 'E-mail' },
  { id: 2, name: 'In-app' },
  { id: 4, name: 'Push' },
] as const;
/**
 * Notification names of notification records (spec 002 §3), plus 'event-published' for the §9 type
 * 'Events published', whose records the spec does not name (docs/decisions.md, issue 15).
 */
export const NOTIFICATION_NAMES = [
  'event-comment',
  'in-app-message',
  'parent-observation',
  'parent-consideration-acknowledge',
  'event-published',
] as const;
export const IMAGE_WIDTH_MEDIUM = 1024;

/* --------------------------------------------------------------- OURS: account and security */
/** A PIN is exactly 4 digits. */
export const PIN_LENGTH = 4;
export const PIN_PATTERN = /^\d{4}$/;
/**
 * Log-in lock-out: 10 failures for one account from one address within 15 minutes lock that address
 * out of that account (never the account itself: anyone could lock any member of staff out).
 */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
/**
 * The account-wide slowdown: once an account has this many failures in the window (from any address),
 * each further attempt from an address it has not logged in from waits its turn, spaced by a delay that
 * doubles per failure from LOGIN_SLOWDOWN_BASE_MS up to LOGIN_SLOWDOWN_MAX_MS.
 */
export const LOGIN_SLOWDOWN_AFTER_FAILURES = 5;
export const LOGIN_SLOWDOWN_BASE_MS = 500;
export const LOGIN_SLOWDOWN_MAX_MS = 8_000;
/** An address the account logged in from within this many days is the owner's: never slowed. */
export const LOGIN_KNOWN_ADDRESS_DAYS = 30;
/** The value of SetPinRequest.PIN that declines the home PIN prompt. */
export const PIN_DECLINED = 'no';

/* ------------------------------------------------------------- OURS: media uploads (spec 000 §3) */
/** Largest photo accepted by POST api/v1/media (20 MiB). */
export const MEDIA_IMAGE_MAX_BYTES = 20 * 1024 * 1024;
/** Largest video accepted by POST api/v1/media (200 MiB). */
export const MEDIA_VIDEO_MAX_BYTES = 200 * 1024 * 1024;
/**
 * Most pixels in a photo accepted by POST api/v1/media (50 megapixels, all frames of an animated
 * one together): checked from the header before decoding, since a small file can declare a huge image.
 */
export const MEDIA_IMAGE_MAX_PIXELS = 50_000_000;

/**
 * Home cache version (spec 002 §9): part of the overview's query key, so an older copy is never read.
 * Here rather than in home.ts: the web's first bundle needs the key (Home's prefetch), not home.ts's
 * reminder rules and the date library they bring. 5 (issue 27): the agenda lists only what is due and
 * counts what it lists, so a copy of the old agenda ("Today 29 due") is not shown.
 */
export const HOME_CACHE_VERSION = 5;
