// One's own details (issue 30): a change request of the session's own contact details, address and
// biography, merged into the one awaiting approval. Managers decide it on Home's requests widget
// (modules/requests: approving writes the values to the person). Decisions in docs/decisions.md,
// "Issue 30: the profile's details and photo".
import {
  type ChangeRequestRaiseBody,
  changedDetails,
  type OwnChangeRequestAnswer,
  type ProfileDetailField,
} from '@nursery/domain/account';
import type { Clock } from '@nursery/domain/common';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { ownStaffPerson } from './policy.ts';
import { ownChangeRequest } from './presenter.ts';
import {
  insertStaffRequest,
  lockPersonDetails,
  pendingStaffRequestOf,
  updateRequestFields,
} from './queries.ts';

export interface ProfileDeps {
  db: Db;
  clock: Clock;
}

export const NO_CHANGE = 'err-no-change';

/** GET change-requests/mine: the user's own request awaiting approval, or null. */
export async function getOwnChangeRequest(
  { db }: ProfileDeps,
  auth: AuthContext,
): Promise<OwnChangeRequestAnswer> {
  const personId = ownStaffPerson(auth);
  const row = await pendingStaffRequestOf(db, auth.providerId, personId);
  return { request: row ? ownChangeRequest(row) : null };
}

/**
 * POST change-requests: the details that differ from the stored ones become a request of tablename
 * 'StaffMember'. One request awaits approval per person: a later one is merged into it (its details
 * replace the same details there, the others stay). Nothing different from the stored details is a
 * 400 err-no-change. The person's row is locked, so two raises at once make one request.
 */
export async function raiseChangeRequest(
  { db, clock }: ProfileDeps,
  auth: AuthContext,
  body: ChangeRequestRaiseBody,
): Promise<OwnChangeRequestAnswer> {
  const personId = ownStaffPerson(auth);
  const sent = body.fields as Partial<Record<ProfileDetailField, string | null>>;
  return db.transaction(async (tx) => {
    const current = await lockPersonDetails(tx, auth.providerId, personId);
    if (!current) throw notFound('Person not found.');
    const changes = changedDetails(current, sent);
    if (Object.keys(changes).length === 0)
      throw new AppError(400, NO_CHANGE, 'Nothing to change: these are your details already.');
    const pending = await pendingStaffRequestOf(tx, auth.providerId, personId);
    const row = pending
      ? await updateRequestFields(tx, auth.providerId, pending.id, {
          userId: auth.userId,
          fields: { ...pending.fields, ...changes, tablename: 'StaffMember' },
        })
      : await insertStaffRequest(tx, auth.providerId, {
          personId,
          userId: auth.userId,
          fields: { tablename: 'StaffMember', ...changes },
          now: clock.now(),
        });
    return { request: ownChangeRequest(row) };
  });
}
