/**
 * The 'favouriteFrameworks' store of spec 001 §7: the user's starred frameworks, kept on the server per
 * user (GET/PUT api/v1/favourite-frameworks) so they follow the practitioner from one shared tablet to
 * the next and never show for the next person who signs in. The list is in the device's read cache
 * (prepared at login with the Spotlight setup); a star chosen offline shows at once and is saved when
 * the connection is back (a paused mutation). Failures to read or store favourites are ignored silently
 * (spec 001 §8): the picker then simply shows no favourites, or keeps the star until the next read.
 */
import { routes } from '@nursery/domain/common';
import type {
  FavouriteFrameworks,
  getFavouriteFrameworks,
  putFavouriteFrameworks,
} from '@nursery/domain/frameworks';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api';

export const favouritesApi = {
  get: (signal?: AbortSignal) =>
    callRoute<typeof getFavouriteFrameworks>(routes.getFavouriteFrameworks, { signal }),
  put: (body: FavouriteFrameworks) =>
    callRoute<typeof putFavouriteFrameworks>(routes.putFavouriteFrameworks, { body }),
};

/** `['favourite-frameworks']` is kept on the device (lib/offline/persistRules.ts). */
export const favouriteFrameworksQuery = () =>
  queryOptions({
    queryKey: ['favourite-frameworks'] as const,
    queryFn: ({ signal }) => favouritesApi.get(signal),
    staleTime: 5 * 60_000,
  });

const NONE: readonly string[] = [];

/** The user's favourite framework ids and a setter that shows the new list at once and saves it. */
export function useFavouriteFrameworks(): {
  favourites: readonly string[];
  setFavourites: (ids: readonly string[]) => void;
} {
  const queryClient = useQueryClient();
  const query = useQuery(favouriteFrameworksQuery());
  const { queryKey } = favouriteFrameworksQuery();
  const save = useMutation({
    mutationFn: favouritesApi.put,
    // Ignored silently (spec 001 §8): the cached list keeps the user's choice until the next read.
    onError: () => undefined,
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
  return {
    favourites: query.data?.frameworkIDs ?? NONE,
    setFavourites: (ids) => {
      const body = { frameworkIDs: [...ids] };
      queryClient.setQueryData(queryKey, body);
      save.mutate(body);
    },
  };
}
