// Who may ask for a change of details (spec 002 §6 "Staff change their contact details only through a
// change request awaiting approval"): any member of staff, for themselves only. A staff session is
// what requireSession admits (contact-only accounts never reach the staff API); the person is the
// session's, never one named by the request.
import { forbidden } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';

/** The session's own staff person, or 403 (a session without a staff record has no staff details). */
export function ownStaffPerson(auth: AuthContext): number {
  if (auth.staffId === null) throw forbidden('Only members of staff have details to change here.');
  return auth.personId;
}
