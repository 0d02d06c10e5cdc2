/**
 * Every business constant and limit of the three specs' §9 sections (and the limits in their §5),
 * plus OUR values for what the specs leave "not shown" (marked OURS; see docs/decisions.md).
 * Times are in milliseconds unless the name says otherwise.
 */

/* ---------------------------------------------------------------- spec 000 §9: events, drafts */
export const CHILD_PICKER_MAX = 120;
export const CHILD_PICKER_MAX_ASSESSMENT = 1;
export const OUTSTANDING_NEXT_STEPS_PAGE_SIZE = 5;
export const NEXT_STEP_HEADER_DEBOUNCE_MS = 250;
/** Meal types are refetched when the cache is older than 0.1 "age units". */
export const MEAL_CACHE_STALE_AGE = 0.1;
/** OURS: the age unit is a day, so 0.1 = 2 h 24 min. */
export const MEAL_CACHE_STALE_MS = Math.round(MEAL_CACHE_STALE_AGE * 24 * 60 * 60 * 1000);
export const MEAL_SELECTOR_LIST_SIZE = 10;
export const TWO_YEAR_CHECK_MIN_MONTHS = 22;
export const TWO_YEAR_CHECK_MAX_MONTHS = 36;
export const DRAFTS_PAGE_SIZE = 25;
export const EVENT_SEARCH_LIMIT = 25;
export const INFINITE_SCROLL_MARGIN_PX = 800;
export const EVENT_LIST_DEFAULT_LIMIT = 1;
export const SAVED_ICON_MS = 2000;
/** Gradings plus best fits per event (spec 001 §9 gives the value spec 000 leaves out). */
export const GRADING_CEILING = 255;
export const DRAFTS_REFRESH_MS = 30_000;
export const AUTO_REFRESH_BACKOFF_FACTOR = 1.5;
export const AUTO_REFRESH_BACKOFF_MAX_EXPONENT = 5;
export const VISIBILITY_REFRESH_DEBOUNCE_MS = 7500;

/* ----------------------------------------------------------------- spec 001 §9: Spotlight */
export const BIG_PICTURE_CHILD_MAX = 200;
export const SPOTLIGHT_CHILD_MAX = 200;
export const SPOTLIGHT_CHILD_MAX_SINGLE = 1; // learning story or an existing event
export const STAFF_PICKER_MAX = 50;
export const MEDIA_TILES_SHOWN = 4;
export const CONSIDERATION_ROWS_MIN = 3;
export const CONSIDERATION_ROWS_MAX = 10;
export const BIG_PICTURE_DEFAULT_MONTHS_AGO = 6;
export const BIG_PICTURE_QUICK_RANGES = [
  { label: 'Today', months: 0 },
  { label: '6 Months', months: 6 },
  { label: '1 Year', months: 12 },
] as const;
export const SPOTLIGHT_DEFAULT_EVENT_TYPES = ['snapshot', 'learningStory'] as const;
export const WHEEL_SIZE_PX = 650;
export const WHEEL_RADIUS_MIN = 50;
export const WHEEL_RADIUS_MAX = 315;
export const WHEEL_GAP = 10;
export const WHEEL_INSET = 5;
export const AGE_RANGE_SHORT_LABELS = ['B-3', '1', '2', '3', '4', '5', '6'] as const;
export const FRAMEWORK_FAVOURITES_THRESHOLD = 3; // favourites shown when more than this many
export const GRADE_VALUES = [0, 1, 2] as const;
/** Spec: 'both' colour is purple. */
export const WHEEL_BOTH_COLOUR = '#800080';
/** OURS: best-fit segment colour (teal, distinct from the scheme colours and purple). */
export const WHEEL_BEST_FIT_COLOUR = '#00897B';
/** OURS: the nine-colour chart palette (Okabe-Ito plus a grey; colour-blind safe). */
export const CHART_PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#000000',
  '#999999',
] as const;
export const TWO_YEAR_STATUS_MIN_MONTHS = 24; // under this: invalid
export const TWO_YEAR_STATUS_WARNING_MONTHS = 33; // from this: warning
export const TWO_YEAR_STATUS_OVERDUE_MONTHS = 36; // after this: overdue (due date = third birthday)
/** OURS: event-checker settings: a spotlight is due `periodDays / frequency` days after the latest. */
export const EVENT_CHECKER_SETTINGS = {
  snapshot: { frequency: 1, periodDays: 14 },
  learningStory: { frequency: 1, periodDays: 91 },
} as const;

/* ------------------------------------------------------------- text limits (OURS, spec 000/001 §5) */
export const TEXT_LIMIT_KINDS = [
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
export const TEXT_LIMIT_FIELDS = [
  'notes',
  'nextSteps',
  'parentNotes',
  'childVoice',
  'communicationNotes',
  'physicalNotes',
  'personalSocialNotes',
] as const;
export type TextLimitField = (typeof TEXT_LIMIT_FIELDS)[number];

/** OURS: default maximum when no flag exists; also the consideration-details limit. */
export const DEFAULT_TEXT_MAX = 2000;
/** OURS: per kind and field, used when the server flag is absent. 0 would mean no limit. */
export const TEXT_LIMITS: Record<TextLimitKind, Record<TextLimitField, number>> = {
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
/** The reminder notes limit flag named by spec 002 §5; default is the task notes limit. */
export const REMINDER_NOTES_LIMIT_FLAG = 'notesCharacterLimit';

/** Server flag name of a text limit: kind + capitalised field + 'Limit', e.g. learningStoryNotesLimit. */
export function textLimitFlag(kind: TextLimitKind, field: TextLimitField): string {
  return `${kind}${field[0].toUpperCase()}${field.slice(1)}Limit`;
}

/** All text-limit flags with our default values, ready to seed provider flags. */
export const DEFAULT_TEXT_LIMIT_FLAGS: Readonly<Record<string, number>> = Object.fromEntries([
  ...TEXT_LIMIT_KINDS.flatMap((k) => TEXT_LIMIT_FIELDS.map((f) => [textLimitFlag(k, f), TEXT_LIMITS[k][f]])),
  [REMINDER_NOTES_LIMIT_FLAG, TEXT_LIMITS.task.notes],
]);

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
export const REQUEST_TIMEOUT_MESSAGE_MS = 500;
export const HOME_CACHE_VERSION = 4;
export const KEY_CHILDREN_CACHE_VERSION = 2;
export const HOME_FETCH_DAYS_AHEAD = 2;
export const OBSERVATION_RECENT_DAYS = 14;
export const CONSIDERATIONS_LIMIT = 100;
export const CONSIDERATIONS_BADGE_OVERFLOW = '99+';
export const MIN_APP_VERSION = '2.67.0';
export const APP_VERSION = '2.67.0';
export const AGENDA_DAY_OFFSETS = [-1, 0, 1] as const;
export const PASSWORD_MIN_LENGTH = 7;
/** OURS: an upper bound so a pasted essay is refused before hashing. */
export const PASSWORD_MAX_LENGTH = 128;
export const MARK_OFF_NOTES_MAX = 200;
export const STAFF_MARK_OFF_NOTES_MAX = 50;
export const DECLINE_MESSAGE_MAX = 500;
export const MEAL_PORTION_AMOUNT_MAX = 100;
export const SECURITY_QUESTION_MAX = 50;
export const BREAK_MINUTES_MIN = 0;
export const BREAK_MINUTES_MAX = 1440;
export const STAFF_NAME_MAX = 50;
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
export const MEDICATION_TEXT_MAX = 1500; // notes, storage and disposal instructions
export const MEDICATION_FIELD_MAX = 50; // name, dosage, strength, frequency
export const MEDICATION_EARLIEST_DATE = '2001-01-01';
/** Session timeout options in minutes: the profile page reading. */
export const SESSION_TIMEOUT_OPTIONS_MINUTES = [10, 20, 30, 60, 120, 720] as const;
/** The other reading: 10, 20, 30 minutes, 1, 2, 6 hours, 1, 7, 30 days. */
export const SESSION_TIMEOUT_OPTIONS_EXTENDED_MINUTES = [
  10, 20, 30, 60, 120, 360, 1440, 10_080, 43_200,
] as const;
/** OURS: default session timeout (1 hour; in both readings). */
export const SESSION_TIMEOUT_DEFAULT_MINUTES = 60;
export const LINE_HEIGHTS = [2, 2.5, 3] as const;
export type LineHeight = (typeof LINE_HEIGHTS)[number];
export const DEFAULT_LINE_HEIGHT: LineHeight = 2;
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
export type InputColourHex = (typeof INPUT_COLOURS)[number]['hex'];
export const DEFAULT_INPUT_COLOUR: InputColourHex = 'FFFFFF';
export const NotificationMethodID = { Email: 1, InApp: 2, Push: 4 } as const;
export const NOTIFICATION_METHODS = [
  { id: 1, name: 'E-mail' },
  { id: 2, name: 'In-app' },
  { id: 4, name: 'Push' },
] as const;
/** Notification names of notification records. */
export const NOTIFICATION_NAMES = [
  'event-comment',
  'in-app-message',
  'parent-observation',
  'parent-consideration-acknowledge',
] as const;
/** Notification types (names from the spec; ids OURS). */
export const NOTIFICATION_TYPES = [
  { id: 1, name: 'Comments on my events' },
  { id: 2, name: 'Parent comments on key-group events' },
  { id: 3, name: 'Parent comments on events I can see' },
  { id: 4, name: 'New message or reply' },
  { id: 5, name: 'Booking requests' },
  { id: 6, name: 'Parent observations' },
  { id: 7, name: 'Parent acknowledgements for considerations' },
  { id: 8, name: 'Events published' },
] as const;
export const SIGNATURE_AUTO_DELAY_MS = 150;
export const RESIZE_DEBOUNCE_MS = 200;
export const SWIPE_ANIMATION_MS = 300;
export const SWIPE_THRESHOLD_PX = 16;
export const STAFF_REGISTER_REFRESH_MS = 30_000;
export const STAFF_REGISTER_STALE_MS = 2 * 60_000;
export const STAFF_REGISTER_SAVE_DEBOUNCE_MS = 500;
export const EMERGENCY_LIST_STALE_MS = 8 * 60 * 60_000;
/** OURS: "Profile cached staff for 8 (unit not shown)": hours. */
export const PROFILE_STAFF_CACHE_MS = 8 * 60 * 60_000;
export const BOOKING_PATTERN_INTERVAL_WEEKS = [1, 2] as const;
export const IMAGE_WIDTH_LARGE = 2048;
export const IMAGE_WIDTH_MEDIUM = 1024;
export const NARROW_LAYOUT_MAX_PX = 768;

/* --------------------------------------------------------------- OURS: account and security */
/** Minimum characters typed before the contact search runs. */
export const CONTACT_SEARCH_MIN_LENGTH = 2;
/** A PIN is exactly 4 digits. */
export const PIN_LENGTH = 4;
export const PIN_PATTERN = /^\d{4}$/;
/**
 * Log-in lock-out: 10 failures for one account from one address within 15 minutes lock that address
 * out of that account (never the account itself: anyone could lock any member of staff out).
 */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const LOGIN_FAILURE_WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
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
