// How an import row reads in the preview, and whether a matched record would change.
import type { ImportKind, ImportValue } from '@nursery/domain/settings';
import type { MatchedLogin } from './queries.ts';

type Values = Readonly<Record<string, ImportValue>>;

/** "Ava Patel" (or the e-mail of a staff row without a name), for the preview's list. */
export function rowName(kind: ImportKind, v: Values): string {
  const name = [v.forename, v.surname].filter((s) => typeof s === 'string' && s).join(' ');
  return name || (kind === 'staff' && typeof v.email === 'string' ? v.email : '');
}

/** A matched member of staff differs from their row (a role is added, never taken away). */
export function staffDiffers(
  s: MatchedLogin,
  v: Values,
  roomId: number | null,
  roleId: number | null,
): boolean {
  return (
    (v.title !== null && s.title !== v.title) ||
    s.forename !== v.forename ||
    s.surname !== v.surname ||
    (v.jobTitle !== null && s.jobTitle !== v.jobTitle) ||
    (v.room !== null && s.roomId !== roomId) ||
    (v.startDate !== null && s.startDate !== v.startDate) ||
    (roleId !== null && !s.roleIds.includes(roleId))
  );
}
