// Apart from preparePlan.ts: the shell needs only this rule, not the preparation's plan.

/**
 * After a sync pass that sent something, the reads that show server state of what was sent refresh at
 * once (the drafts list, Home's counts, event details, other devices' unsynced counts), instead of at
 * the drafts list's next 30-second refresh.
 */
export const AFTER_SYNC_REFRESH_PREFIXES: readonly (readonly string[])[] = [
  ['drafts'],
  ['home'],
  ['event'],
  ['events'],
  ['sync', 'others'],
];

export function refreshesAfterSync(queryKey: readonly unknown[]): boolean {
  return AFTER_SYNC_REFRESH_PREFIXES.some(
    (prefix) => prefix.length <= queryKey.length && prefix.every((part, i) => queryKey[i] === part),
  );
}
