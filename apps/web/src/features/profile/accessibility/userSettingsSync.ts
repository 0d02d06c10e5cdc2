// Saving the accessibility settings (issue 30, spec 002 §7 PUT userSettings, §8 "accessibility saved
// (or saved to cache offline)"): the choice shows at once and is kept on the device as unsent; it is
// sent now when online, else when the device is back online (UserSettingsApplier).
import type { AppConfig, putUserSettings, UserSettings } from '@nursery/domain/account';
import { routes } from '@nursery/domain/common';
import type { QueryClient } from '@tanstack/react-query';
import { callRoute, isApiError, NetworkError } from '../../../lib/api';
import { isOffline } from '../../../lib/connectivity';
import {
  applyUserSettings,
  type DeviceUserSettings,
  deviceUserSettings,
  keepUserSettingsOnDevice,
  sameSettings,
} from '../../../lib/userSettings';
import { CONFIG_QUERY_KEY } from '../../auth';

/** 'saved': the server has it; 'cached': kept on the device, sent when back online. */
export type UserSettingsSaveOutcome = 'saved' | 'cached';

let inFlight: Promise<void> | null = null;

async function sendOnce(queryClient: QueryClient, device: DeviceUserSettings): Promise<void> {
  let answer: Awaited<ReturnType<typeof callRoute<typeof putUserSettings>>>;
  try {
    answer = await callRoute<typeof putUserSettings>(routes.putUserSettings, {
      body: {
        newColour: device.chosen.inputBoxColour,
        savedColour: device.serverHas.inputBoxColour,
        newLineHeight: device.chosen.lineHeight,
        savedLineHeight: device.serverHas.lineHeight,
      },
    });
  } catch (error) {
    // Refused (not a choice the server knows): back to what the server has, nothing left to send.
    if (isApiError(error, 400)) {
      keepUserSettingsOnDevice({ ...device, chosen: device.serverHas, pending: false });
      applyUserSettings(device.serverHas);
    }
    throw error;
  }
  const stored: UserSettings = answer.userSettings;
  const now = deviceUserSettings();
  // A newer choice made while this one was on its way stays unsent (its saved* pair now the server's).
  const newer = now && now.userID === device.userID && !sameSettings(now.chosen, device.chosen);
  keepUserSettingsOnDevice(
    newer
      ? { ...now, serverHas: stored }
      : { userID: device.userID, chosen: stored, serverHas: stored, pending: false },
  );
  queryClient.setQueryData<AppConfig>(CONFIG_QUERY_KEY, (config) =>
    config && config.me.userID === device.userID ? { ...config, userSettings: stored } : config,
  );
}

/** Sends the device's unsent choice, one send at a time; nothing to send: nothing happens. */
export async function sendPendingUserSettings(queryClient: QueryClient): Promise<void> {
  while (inFlight) await inFlight.catch(() => undefined);
  const device = deviceUserSettings();
  if (!device?.pending) return;
  inFlight = sendOnce(queryClient, device);
  try {
    await inFlight;
  } finally {
    inFlight = null;
  }
}

/**
 * The user's choice: shown on every screen at once, kept on the device, sent when online. A refusal
 * other than the network's (e.g. the session ended) is thrown for the form to show; the choice stays
 * on the device, unsent.
 */
export async function chooseUserSettings(
  queryClient: QueryClient,
  userID: number,
  serverSettings: UserSettings,
  chosen: UserSettings,
): Promise<UserSettingsSaveOutcome> {
  const device = deviceUserSettings();
  const serverHas = device?.userID === userID ? device.serverHas : serverSettings;
  keepUserSettingsOnDevice({ userID, chosen, serverHas, pending: true });
  applyUserSettings(chosen);
  if (isOffline()) return 'cached';
  try {
    await sendPendingUserSettings(queryClient);
    return 'saved';
  } catch (error) {
    if (error instanceof NetworkError) return 'cached';
    throw error;
  }
}
