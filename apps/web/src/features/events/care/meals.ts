/**
 * The pure parts of the meal panel (spec 000 §3 "Meal type", §5 meal window, §7 "Meals fetch (cached;
 * refreshed when older than 0.1 age units)", §9 meal selector list size): the answer of
 * GET api/v1/meals, its per-site cache in localStorage with the fetch time, the approximate-window
 * check and the meal type chosen for an event time. No DOM, no React: unit tested in meals.test.ts.
 */
import type { MealsAnswer } from '@nursery/domain/children';
import { MEAL_CACHE_STALE_MS, MEAL_SELECTOR_LIST_SIZE } from '@nursery/domain/common';

/** GET api/v1/meals?siteID= (the domain's contract), and its parts the panel works with. */
export type { MealsAnswer };
export type MealTypeInfo = MealsAnswer['mealTypes'][number];
export type MealInfo = MealTypeInfo['meals'][number];
export type PortionInfo = MealsAnswer['portions'][number];

/** What is kept in localStorage per site. */
export interface MealCache {
  /** Epoch ms of the successful fetch. */
  fetchedAt: number;
  data: MealsAnswer;
}

/** What the meal panel works with: the data, when it was fetched and whether the refresh failed. */
export interface MealsResult extends MealCache {
  /** True when the server could not be reached and an older cached copy is shown. */
  fromStaleCache: boolean;
}

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export const MEAL_CACHE_PREFIX = 'nursery.meals.v1.';

export function mealCacheKey(siteID: number): string {
  return `${MEAL_CACHE_PREFIX}${siteID}`;
}

/**
 * A cache is stale when it is older than MEAL_CACHE_STALE_MS, or dated in the future (the device clock
 * went back: the age is unknown, so fetch again).
 */
export function isMealCacheStale(fetchedAt: number, nowMs: number, staleMs = MEAL_CACHE_STALE_MS): boolean {
  if (!Number.isFinite(fetchedAt)) return true;
  const age = nowMs - fetchedAt;
  return age < 0 || age >= staleMs;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isIdList = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === 'number');
const isTimeOrNull = (v: unknown) => v === null || (typeof v === 'string' && TIME_RE.test(v));

function isMeal(v: unknown): v is MealInfo {
  return (
    isObject(v) &&
    typeof v.mealID === 'number' &&
    typeof v.mealName === 'string' &&
    isIdList(v.siteIDs) &&
    isIdList(v.portionIDs)
  );
}

function isMealType(v: unknown): v is MealTypeInfo {
  return (
    isObject(v) &&
    typeof v.mealTypeID === 'number' &&
    typeof v.name === 'string' &&
    isTimeOrNull(v.approximateTime) &&
    isTimeOrNull(v.approximateEndTime) &&
    Array.isArray(v.meals) &&
    v.meals.every(isMeal)
  );
}

export function isMealsAnswer(v: unknown): v is MealsAnswer {
  return (
    isObject(v) &&
    Array.isArray(v.mealTypes) &&
    v.mealTypes.every(isMealType) &&
    Array.isArray(v.portions) &&
    v.portions.every((p) => isObject(p) && typeof p.portionID === 'number' && typeof p.name === 'string')
  );
}

/** The stored cache, or null when absent or not in the expected shape (an older app version). */
export function parseMealCache(raw: string | null): MealCache | null {
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    if (isObject(v) && typeof v.fetchedAt === 'number' && isMealsAnswer(v.data)) {
      return { fetchedAt: v.fetchedAt, data: v.data };
    }
  } catch {
    // Unreadable: treated as no cache.
  }
  return null;
}

/** The storage the loader needs (window.localStorage in the app, a Map in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface LoadMealsDeps {
  siteID: number;
  store: KeyValueStore | null;
  fetchMeals: () => Promise<MealsAnswer>;
  nowMs: number;
  /** Called once when the fetch fails (the panel logs "Unable to fetch meal types"). */
  onFetchError: (error: unknown) => void;
}

function safeRead(store: KeyValueStore | null, key: string): MealCache | null {
  try {
    return parseMealCache(store?.getItem(key) ?? null);
  } catch {
    return null; // storage disabled (private mode)
  }
}

/**
 * Fresh cache: used without a request. Otherwise fetch and store; when the fetch fails, an older cache
 * is used (marked `fromStaleCache`), and with no cache the error is thrown for the panel to show.
 */
export async function loadMeals(deps: LoadMealsDeps): Promise<MealsResult> {
  const key = mealCacheKey(deps.siteID);
  const cached = safeRead(deps.store, key);
  if (cached && !isMealCacheStale(cached.fetchedAt, deps.nowMs)) return { ...cached, fromStaleCache: false };
  try {
    const data = await deps.fetchMeals();
    if (!isMealsAnswer(data)) throw new Error('invalid-response');
    const fresh: MealCache = { fetchedAt: deps.nowMs, data };
    try {
      deps.store?.setItem(key, JSON.stringify(fresh));
    } catch {
      // Quota or disabled storage: the data is still used.
    }
    return { ...fresh, fromStaleCache: false };
  } catch (error) {
    deps.onFetchError(error);
    if (cached) return { ...cached, fromStaleCache: true };
    throw error;
  }
}

function minutesOf(time: string): number | null {
  if (!TIME_RE.test(time)) return null;
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/**
 * Whether an HH:mm time lies in [start, end] (inclusive). A window ending before it starts runs past
 * midnight. A missing end means the window is just the start minute.
 */
export function timeInWindow(time: string, start: string | null, end: string | null): boolean | null {
  const t = minutesOf(time);
  const s = start === null ? null : minutesOf(start);
  if (t === null || s === null) return null;
  const e = end === null ? s : (minutesOf(end) ?? s);
  return s <= e ? t >= s && t <= e : t >= s || t <= e;
}

/** True only when the type has a window and the time is outside it (no window: no warning). */
export function isOutsideMealWindow(
  mealType: Pick<MealTypeInfo, 'approximateTime' | 'approximateEndTime'> | null | undefined,
  time: string,
): boolean {
  if (!mealType) return false;
  return timeInWindow(time, mealType.approximateTime, mealType.approximateEndTime) === false;
}

/** The meal type of a meal id, searching every type. */
export function mealTypeOfMeal(
  mealTypes: readonly MealTypeInfo[],
  mealID: number | null,
): MealTypeInfo | null {
  if (mealID === null) return null;
  return mealTypes.find((t) => t.meals.some((m) => m.mealID === mealID)) ?? null;
}

/**
 * The meal type preselected for an event: the type of a meal already recorded, else the first type
 * whose approximate window contains the event time, else none.
 */
export function defaultMealTypeID(
  mealTypes: readonly MealTypeInfo[],
  time: string,
  recordedMealIDs: readonly (number | null)[] = [],
): number | null {
  for (const id of recordedMealIDs) {
    const t = mealTypeOfMeal(mealTypes, id);
    if (t) return t.mealTypeID;
  }
  return (
    mealTypes.find((t) => timeInWindow(time, t.approximateTime, t.approximateEndTime) === true)?.mealTypeID ??
    null
  );
}

export function findMeal(mealTypes: readonly MealTypeInfo[], mealID: number | null): MealInfo | null {
  if (mealID === null) return null;
  for (const t of mealTypes) {
    const m = t.meals.find((x) => x.mealID === mealID);
    if (m) return m;
  }
  return null;
}

/** The portions a meal allows, in the meal's order; unknown ids are skipped. */
export function portionsOfMeal(meal: MealInfo | null, portions: readonly PortionInfo[]): PortionInfo[] {
  if (!meal) return [];
  const byID = new Map(portions.map((p) => [p.portionID, p]));
  return meal.portionIDs.map((id) => byID.get(id)).filter((p): p is PortionInfo => p !== undefined);
}

/**
 * The meals offered by the selector for a search: names containing the search (case-insensitive),
 * at most MEAL_SELECTOR_LIST_SIZE.
 */
export function searchMeals(
  meals: readonly MealInfo[],
  search: string,
  limit = MEAL_SELECTOR_LIST_SIZE,
): MealInfo[] {
  const q = search.trim().toLocaleLowerCase('en-GB');
  const found = q ? meals.filter((m) => m.mealName.toLocaleLowerCase('en-GB').includes(q)) : meals;
  return found.slice(0, limit);
}

/** "08:00–09:30" for a type's window, or null. */
export function mealWindowLabel(
  t: Pick<MealTypeInfo, 'approximateTime' | 'approximateEndTime'>,
): string | null {
  if (!t.approximateTime) return null;
  return t.approximateEndTime ? `${t.approximateTime}–${t.approximateEndTime}` : t.approximateTime;
}
