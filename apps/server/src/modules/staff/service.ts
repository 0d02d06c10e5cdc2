// The staff commands: a user sets or changes their own PIN, or answers the Home PIN prompt with 'no'
// (spec 002 §5 Profile PIN, issue 30).
import { checkPinChange, type SetPinRequest } from '@nursery/domain/account';
import { MESSAGES_EN_GB, PIN_DECLINED } from '@nursery/domain/common';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { hashSecret } from '../auth/index.ts';
import { checkSessionPin, pinHashOf, pinIncorrect } from '../session-lock/index.ts';
import { findStaff, setPin } from './queries.ts';

/**
 * 404 for an unknown member, 403 for anyone else's PIN; audited as pin-set or pin-declined. A new PIN
 * needs the current one when one is set ('pin-incorrect'; a wrong one counts toward the session's
 * limit of wrong PINs) and, when sent, an equal confirmation ('confirmation-pin-not-the-same').
 */
export async function setOwnPin(deps: AppDeps, auth: AuthContext, staffId: number, body: SetPinRequest) {
  const { db } = deps;
  const { PIN } = body;
  const target = await findStaff(db, auth.providerId, staffId, auth.siteIds);
  if (!target) throw new AppError(404, 'err-not-found', 'Staff member not found.');
  if (target.id !== auth.staffId)
    throw new AppError(403, 'err-permission-denied', 'You can only set your own PIN.');
  if (PIN === PIN_DECLINED) await setPin(db, auth.providerId, auth.userId, { declined: true });
  else {
    await checkNewPin(deps, auth, body);
    await setPin(db, auth.providerId, auth.userId, { pinHash: await hashSecret(PIN) });
  }
  await audit(db, {
    providerId: auth.providerId,
    userId: auth.userId,
    action: PIN === PIN_DECLINED ? 'pin-declined' : 'pin-set',
    entity: 'staff',
    entityId: target.id,
    at: deps.clock.now(),
  });
}

async function checkNewPin(deps: AppDeps, auth: AuthContext, { PIN, oldPIN, confirmPIN }: SetPinRequest) {
  const pinHash = await pinHashOf(deps.db, auth.providerId, auth.userId);
  const problems = checkPinChange({
    hasPin: pinHash !== null,
    oldPin: oldPIN,
    newPin: PIN,
    confirmation: confirmPIN ?? PIN,
  });
  const [first] = problems;
  if (first && first !== 'pin-incorrect') throw new AppError(400, first, MESSAGES_EN_GB[first]);
  if (pinHash === null) return;
  // Only a PIN that was typed is a guess that counts; none at all is simply missing.
  if (oldPIN === undefined || oldPIN === '') throw pinIncorrect();
  await checkSessionPin(deps, auth, pinHash, oldPIN);
}
