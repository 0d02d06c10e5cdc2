import { MEAL_CACHE_STALE_MS, MEAL_SELECTOR_LIST_SIZE } from '@nursery/domain/common';
import { describe, expect, it, vi } from 'vitest';
import {
  defaultMealTypeID,
  isMealCacheStale,
  isOutsideMealWindow,
  type KeyValueStore,
  loadMeals,
  type MealsAnswer,
  type MealTypeInfo,
  mealCacheKey,
  mealTypeOfMeal,
  mealWindowLabel,
  parseMealCache,
  portionsOfMeal,
  searchMeals,
  timeInWindow,
} from './meals';

const breakfast: MealTypeInfo = {
  mealTypeID: 1,
  name: 'Breakfast',
  approximateTime: '08:00',
  approximateEndTime: '09:30',
  meals: [
    { mealID: 10, mealName: 'Porridge', siteIDs: [], portionIDs: [2, 1] },
    { mealID: 11, mealName: 'Toast', siteIDs: [1], portionIDs: [1, 99] },
  ],
};
const lunch: MealTypeInfo = {
  mealTypeID: 2,
  name: 'Lunch',
  approximateTime: '11:30',
  approximateEndTime: '13:00',
  meals: [{ mealID: 20, mealName: 'Fish pie', siteIDs: [], portionIDs: [] }],
};
const night: MealTypeInfo = {
  mealTypeID: 3,
  name: 'Night feed',
  approximateTime: '22:00',
  approximateEndTime: '02:00',
  meals: [],
};
const snack: MealTypeInfo = {
  mealTypeID: 4,
  name: 'Snack',
  approximateTime: null,
  approximateEndTime: null,
  meals: [],
};
const answer: MealsAnswer = {
  mealTypes: [breakfast, lunch, night, snack],
  portions: [
    { portionID: 1, name: 'All' },
    { portionID: 2, name: 'Half' },
  ],
};

class MapStore implements KeyValueStore {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

describe('meal cache staleness', () => {
  const t0 = Date.UTC(2026, 10, 21, 12);
  it('is fresh below MEAL_CACHE_STALE_MS (0.1 day = 2 h 24 min) and stale from it', () => {
    expect(MEAL_CACHE_STALE_MS).toBe(8_640_000);
    expect(isMealCacheStale(t0, t0)).toBe(false);
    expect(isMealCacheStale(t0, t0 + MEAL_CACHE_STALE_MS - 1)).toBe(false);
    expect(isMealCacheStale(t0, t0 + MEAL_CACHE_STALE_MS)).toBe(true);
  });
  it('treats a fetch time in the future or not a number as stale', () => {
    expect(isMealCacheStale(t0 + 1000, t0)).toBe(true);
    expect(isMealCacheStale(Number.NaN, t0)).toBe(true);
  });
  it('keys the cache per site', () => {
    expect(mealCacheKey(1)).not.toBe(mealCacheKey(2));
  });
  it('parses only a well-formed cache', () => {
    expect(parseMealCache(null)).toBeNull();
    expect(parseMealCache('not json')).toBeNull();
    expect(parseMealCache(JSON.stringify({ fetchedAt: 1, data: { mealTypes: 'x' } }))).toBeNull();
    expect(parseMealCache(JSON.stringify({ data: answer }))).toBeNull();
    expect(parseMealCache(JSON.stringify({ fetchedAt: 5, data: answer }))).toEqual({
      fetchedAt: 5,
      data: answer,
    });
  });
});

describe('loadMeals', () => {
  const nowMs = Date.UTC(2026, 10, 21, 12);
  it('fetches and stores with the fetch time when there is no cache', async () => {
    const store = new MapStore();
    const fetchMeals = vi.fn(async () => answer);
    const r = await loadMeals({ siteID: 7, store, fetchMeals, nowMs, onFetchError: () => {} });
    expect(r).toEqual({ fetchedAt: nowMs, data: answer, fromStaleCache: false });
    expect(fetchMeals).toHaveBeenCalledTimes(1);
    expect(parseMealCache(store.getItem(mealCacheKey(7)))).toEqual({ fetchedAt: nowMs, data: answer });
  });
  it('uses a fresh cache without a request', async () => {
    const store = new MapStore();
    store.setItem(mealCacheKey(7), JSON.stringify({ fetchedAt: nowMs - 1000, data: answer }));
    const fetchMeals = vi.fn(async () => answer);
    const r = await loadMeals({ siteID: 7, store, fetchMeals, nowMs, onFetchError: () => {} });
    expect(fetchMeals).not.toHaveBeenCalled();
    expect(r.fetchedAt).toBe(nowMs - 1000);
  });
  it('refreshes a stale cache', async () => {
    const store = new MapStore();
    const old = nowMs - MEAL_CACHE_STALE_MS;
    store.setItem(mealCacheKey(7), JSON.stringify({ fetchedAt: old, data: { mealTypes: [], portions: [] } }));
    const r = await loadMeals({
      siteID: 7,
      store,
      fetchMeals: async () => answer,
      nowMs,
      onFetchError: () => {},
    });
    expect(r.data).toEqual(answer);
    expect(r.fetchedAt).toBe(nowMs);
  });
  it('falls back to the stale cache when the fetch fails, reporting the error', async () => {
    const store = new MapStore();
    const old = nowMs - 2 * MEAL_CACHE_STALE_MS;
    store.setItem(mealCacheKey(7), JSON.stringify({ fetchedAt: old, data: answer }));
    const onFetchError = vi.fn();
    const r = await loadMeals({
      siteID: 7,
      store,
      fetchMeals: async () => Promise.reject(new Error('offline')),
      nowMs,
      onFetchError,
    });
    expect(onFetchError).toHaveBeenCalledTimes(1);
    expect(r).toEqual({ fetchedAt: old, data: answer, fromStaleCache: true });
  });
  it('throws when the fetch fails and there is no cache', async () => {
    const onFetchError = vi.fn();
    await expect(
      loadMeals({
        siteID: 7,
        store: new MapStore(),
        fetchMeals: async () => Promise.reject(new Error('offline')),
        nowMs,
        onFetchError,
      }),
    ).rejects.toThrow('offline');
    expect(onFetchError).toHaveBeenCalledTimes(1);
  });
  it('refuses an answer of the wrong shape and never caches it', async () => {
    const store = new MapStore();
    await expect(
      loadMeals({
        siteID: 7,
        store,
        fetchMeals: async () => ({ nope: true }) as unknown as MealsAnswer,
        nowMs,
        onFetchError: () => {},
      }),
    ).rejects.toThrow();
    expect(store.getItem(mealCacheKey(7))).toBeNull();
  });
  it('works without storage', async () => {
    const r = await loadMeals({
      siteID: 7,
      store: null,
      fetchMeals: async () => answer,
      nowMs,
      onFetchError: () => {},
    });
    expect(r.data).toEqual(answer);
  });
});

describe('meal windows', () => {
  it('includes both ends of a window', () => {
    expect(timeInWindow('08:00', '08:00', '09:30')).toBe(true);
    expect(timeInWindow('09:30', '08:00', '09:30')).toBe(true);
    expect(timeInWindow('09:31', '08:00', '09:30')).toBe(false);
    expect(timeInWindow('07:59', '08:00', '09:30')).toBe(false);
  });
  it('handles a window past midnight', () => {
    expect(timeInWindow('23:15', '22:00', '02:00')).toBe(true);
    expect(timeInWindow('01:00', '22:00', '02:00')).toBe(true);
    expect(timeInWindow('12:00', '22:00', '02:00')).toBe(false);
  });
  it('a window without an end is its start minute; no start or a bad time is unknown', () => {
    expect(timeInWindow('10:00', '10:00', null)).toBe(true);
    expect(timeInWindow('10:01', '10:00', null)).toBe(false);
    expect(timeInWindow('10:00', null, '11:00')).toBeNull();
    expect(timeInWindow('', '08:00', '09:00')).toBeNull();
  });
  it('warns only for a known window the time is outside', () => {
    expect(isOutsideMealWindow(breakfast, '08:30')).toBe(false);
    expect(isOutsideMealWindow(breakfast, '14:05')).toBe(true);
    expect(isOutsideMealWindow(snack, '14:05')).toBe(false);
    expect(isOutsideMealWindow(null, '14:05')).toBe(false);
    expect(isOutsideMealWindow(breakfast, '')).toBe(false);
  });
  it('labels a window', () => {
    expect(mealWindowLabel(breakfast)).toBe('08:00–09:30');
    expect(mealWindowLabel(snack)).toBeNull();
    expect(mealWindowLabel({ approximateTime: '10:00', approximateEndTime: null })).toBe('10:00');
  });
});

describe('default meal type', () => {
  it('is the type whose window contains the event time', () => {
    expect(defaultMealTypeID(answer.mealTypes, '08:45')).toBe(1);
    expect(defaultMealTypeID(answer.mealTypes, '12:00')).toBe(2);
    expect(defaultMealTypeID(answer.mealTypes, '23:30')).toBe(3);
  });
  it('is none outside every window', () => {
    expect(defaultMealTypeID(answer.mealTypes, '15:00')).toBeNull();
    expect(defaultMealTypeID([], '08:45')).toBeNull();
  });
  it('follows a meal already recorded (an edit), whatever the time', () => {
    expect(defaultMealTypeID(answer.mealTypes, '08:45', [null, 20])).toBe(2);
    expect(defaultMealTypeID(answer.mealTypes, '08:45', [999])).toBe(1);
    expect(mealTypeOfMeal(answer.mealTypes, 11)?.name).toBe('Breakfast');
  });
});

describe('meal selector and portions', () => {
  const many = Array.from({ length: 25 }, (_, i) => ({
    mealID: i + 1,
    mealName: i % 2 ? `Soup ${i}` : `Pasta ${i}`,
    siteIDs: [],
    portionIDs: [],
  }));
  it('shows at most MEAL_SELECTOR_LIST_SIZE meals', () => {
    expect(MEAL_SELECTOR_LIST_SIZE).toBe(10);
    expect(searchMeals(many, '')).toHaveLength(10);
    expect(searchMeals(many, 'soup')).toHaveLength(10);
    expect(searchMeals(many, 'SOUP 1').map((m) => m.mealName)).toEqual([
      'Soup 1',
      'Soup 11',
      'Soup 13',
      'Soup 15',
      'Soup 17',
      'Soup 19',
    ]);
  });
  it("lists a meal's portions in its order, skipping unknown ones", () => {
    expect(portionsOfMeal(breakfast.meals[0]!, answer.portions).map((p) => p.name)).toEqual(['Half', 'All']);
    expect(portionsOfMeal(breakfast.meals[1]!, answer.portions).map((p) => p.name)).toEqual(['All']);
    expect(portionsOfMeal(null, answer.portions)).toEqual([]);
  });
});
