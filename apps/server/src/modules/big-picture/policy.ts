// Who may read the Big Picture and download it (spec 001 §6 leaves it to permissions; docs/decisions.md
// "Issue 17: Big Picture server"): it is the Spotlight area's report, so the Spotlight permission
// (`enableSpotlight`, as the key-children widget's Spotlight columns) and the provider's Spotlight flag.
import type { FlagValue } from '@nursery/domain/account';
import { forbidden } from '../../lib/errors.ts';
import { type AuthContext, requirePermission } from '../../plugins/auth.ts';

/** The REST route's guard (the flag is checked by the service, which reads it). */
export const requireBigPicture = requirePermission('enableSpotlight');

/** 403 without the permission, or when the provider has Spotlight switched off. */
export function assertMayUseBigPicture(auth: AuthContext, flags: Readonly<Record<string, FlagValue>>): void {
  if (!auth.permissions.enableSpotlight || flags.enableSpotlight === false) throw forbidden();
}
