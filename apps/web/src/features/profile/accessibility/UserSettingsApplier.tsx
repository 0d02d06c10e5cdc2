import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIsOffline } from '../../../lib/connectivity';
import {
  applyUserSettings,
  DEFAULT_USER_SETTINGS,
  deviceUserSettings,
  keepUserSettingsOnDevice,
  settingsForSession,
  useDeviceUserSettings,
} from '../../../lib/userSettings';
import { useSession } from '../../auth';
import { sendPendingUserSettings } from './userSettingsSync';

/**
 * The signed-in shell's one call (issue 30): shows the user's accessibility settings on every screen
 * from the session's configuration, or the user's own choice this device has not sent yet (which it
 * sends as soon as the device is online). The device keeps a copy for the next start (main.tsx applies
 * it before the configuration arrives). Signed out (the shell gone: log-out, an expired session), the
 * page is back to the defaults for whoever signs in next.
 */
export function UserSettingsApplier() {
  const { config } = useSession();
  const userID = config.me.userID;
  const { inputBoxColour, lineHeight } = config.userSettings;
  const device = useDeviceUserSettings();
  const offline = useIsOffline();
  const queryClient = useQueryClient();

  useEffect(() => {
    const record = settingsForSession(deviceUserSettings(), userID, { inputBoxColour, lineHeight });
    keepUserSettingsOnDevice(record);
    applyUserSettings(record.chosen);
  }, [userID, inputBoxColour, lineHeight]);

  const unsent = device?.userID === userID && device.pending;
  useEffect(() => {
    // A failure leaves the choice unsent: the next time the device comes online tries again.
    if (unsent && !offline) void sendPendingUserSettings(queryClient).catch(() => undefined);
  }, [unsent, offline, queryClient]);

  useEffect(() => () => applyUserSettings(DEFAULT_USER_SETTINGS), []);
  return null;
}
