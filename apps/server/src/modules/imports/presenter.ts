// How an import row reads in the preview, and whether a matched record would change.
import type { ImportKind, ImportValue } from '@nursery/domain/settings';
import type { MatchedChild, MatchedLogin } from './queries.ts';

type Values = Readonly<Record<string, ImportValue>>;

/** "Ava Patel" (or the e-mail of a staff row without a name), for the preview's list. */
export function rowName(kind: ImportKind, v: Values): string {
  const name = [v.forename, v.surname].filter((s) => typeof s === 'string' && s).join(' ');
  return name || (kind === 'staff' && typeof v.email === 'string' ? v.email : '');
}

/** A matched child differs from its row in a field the file holds (rooms by id). */
export function childDiffers(c: MatchedChild, v: Values, roomId: number | null): boolean {
  return (
    c.forename !== v.forename ||
    c.surname !== v.surname ||
    c.startDate !== v.startDate ||
    c.endDate !== (v.leaveDate ?? null) ||
    (v.room !== null && c.roomId !== roomId) ||
    (v.gender !== null && c.gender !== v.gender) ||
    c.send !== v.send ||
    c.eal !== v.eal ||
    c.photoConsent !== v.photoConsent
  );
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
