import type { QueryClient } from '@tanstack/react-query';

/**
 * After the server stored something this device sent (a sync pass that sent events, an online save of
 * the event form), the reads that show it refresh at once: the drafts list, Home's counts and agenda,
 * event details, other devices' unsynced counts. Without this they wait for the drafts list's next
 * 30-second refresh (issue 27: "the drafts list misses the new drafts for about 30 s"). One rule for
 * both paths, so a save and a sync refresh the same screens.
 */
export const AFTER_SERVER_CHANGE_PREFIXES: readonly (readonly string[])[] = [
  ['drafts'],
  ['home'],
  ['event'],
  ['events'],
  ['sync', 'others'],
];

export function refreshesAfterServerChange(queryKey: readonly unknown[]): boolean {
  return AFTER_SERVER_CHANGE_PREFIXES.some(
    (prefix) => prefix.length <= queryKey.length && prefix.every((part, i) => queryKey[i] === part),
  );
}

/**
 * Marks those reads stale; the ones on screen refetch now, the others when next shown. `except` names
 * a read the caller already holds the server's answer for (the editor's own event after its save):
 * refetching it would reload the open form under the user's fingers.
 */
export function refreshAfterServerChange(
  queryClient: QueryClient,
  options: { except?: readonly unknown[] } = {},
): Promise<void> {
  const { except } = options;
  const excepted = (key: readonly unknown[]) =>
    except !== undefined && key.length === except.length && except.every((part, i) => key[i] === part);
  return queryClient.invalidateQueries({
    predicate: (query) => refreshesAfterServerChange(query.queryKey) && !excepted(query.queryKey),
  });
}
