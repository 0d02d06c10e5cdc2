/**
 * The 'favouriteFrameworks' store of spec 001 §7: an array of framework ids, kept on the device (the
 * frameworks answer has no favourites yet; docs/decisions.md "Issue 16: pickers"). Failures to read or
 * store favourites are ignored silently (spec 001 §8): the picker then simply shows no favourites.
 */
export const FAVOURITES_KEY = 'favouriteFrameworks';

export function readFavourites(storage: Pick<Storage, 'getItem'> | undefined = globalStorage()): string[] {
  try {
    const raw = storage?.getItem(FAVOURITES_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function storeFavourites(
  ids: readonly string[],
  storage: Pick<Storage, 'setItem'> | undefined = globalStorage(),
): void {
  try {
    storage?.setItem(FAVOURITES_KEY, JSON.stringify(ids));
  } catch {
    // Ignored silently (spec 001 §8): private mode or a full store only loses the favourite.
  }
}

function globalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
