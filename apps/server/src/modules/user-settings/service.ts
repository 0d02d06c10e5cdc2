// Saving the accessibility settings: the last write wins (docs/decisions.md "Issue 30: accessibility,
// About and links"); the answer says whether it replaced a choice made on another device meanwhile.
import {
  changedElsewhere,
  requestedSettings,
  type UserSettingsAnswer,
  type UserSettingsBody,
} from '@nursery/domain/account';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { lockUserSettings, writeUserSettings } from './queries.ts';

export async function saveUserSettings(
  deps: AppDeps,
  auth: AuthContext,
  body: UserSettingsBody,
): Promise<UserSettingsAnswer> {
  const userSettings = requestedSettings(body);
  return deps.db.transaction(async (tx) => {
    const stored = await lockUserSettings(tx, auth.providerId, auth.userId);
    if (!stored) throw new Error(`user ${auth.userId} vanished during the request`);
    await writeUserSettings(tx, auth.providerId, auth.userId, userSettings);
    return { userSettings, replacedOtherChange: changedElsewhere(stored, body) };
  });
}
