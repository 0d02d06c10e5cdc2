// The staff commands: a user sets their own PIN, or answers the Home PIN prompt with 'no' (spec 002).
import type { SetPinRequest } from '@nursery/domain/account';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { hashSecret } from '../auth/index.ts';
import { findStaff, setPin } from './queries.ts';

/** 404 for an unknown member, 403 for anyone else's PIN; audited as pin-set or pin-declined. */
export async function setOwnPin(deps: AppDeps, auth: AuthContext, staffId: number, { PIN }: SetPinRequest) {
  const { db } = deps;
  const target = await findStaff(db, auth.providerId, staffId, auth.siteIds);
  if (!target) throw new AppError(404, 'err-not-found', 'Staff member not found.');
  if (target.id !== auth.staffId)
    throw new AppError(403, 'err-permission-denied', 'You can only set your own PIN.');
  if (PIN === 'no') await setPin(db, auth.providerId, auth.userId, { declined: true });
  else await setPin(db, auth.providerId, auth.userId, { pinHash: await hashSecret(PIN) });
  await audit(db, {
    providerId: auth.providerId,
    userId: auth.userId,
    action: PIN === 'no' ? 'pin-declined' : 'pin-set',
    entity: 'staff',
    entityId: target.id,
    at: deps.clock.now(),
  });
}
