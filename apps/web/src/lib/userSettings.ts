/**
 * The user's accessibility settings on the page (issue 30; spec 002 §2 Profile "accessibility (input box
 * colour, line height)"): one place sets them, as CSS variables on the document root that
 * app/global.css gives every input box, so a change applies everywhere at once without a reload.
 */
import { INPUT_PLACEHOLDER_ON_COLOUR_HEX, INPUT_TEXT_HEX, type UserSettings } from '@nursery/domain/account';
import { INPUT_COLOUR_HEXES, LINE_HEIGHTS } from '@nursery/domain/common';
import { createStore } from './store';
import { useStore } from './useStore';

export const DEFAULT_USER_SETTINGS: UserSettings = {
  inputBoxColour: INPUT_COLOUR_HEXES[0],
  lineHeight: LINE_HEIGHTS[0],
};

/** The variables app/global.css reads (input box background, the typed line's height, their text). */
export function userSettingsCssVariables(settings: UserSettings): Record<string, string> {
  const white = settings.inputBoxColour === DEFAULT_USER_SETTINGS.inputBoxColour;
  return {
    '--nursery-input-bg': `#${settings.inputBoxColour}`,
    '--nursery-input-color': `#${INPUT_TEXT_HEX}`,
    // Mantine's own placeholder grey on white; a darker one on a colour (packages/domain inputColours.ts).
    '--nursery-input-placeholder': white
      ? 'var(--mantine-color-placeholder)'
      : `#${INPUT_PLACEHOLDER_ON_COLOUR_HEX}`,
    '--nursery-line-height': String(settings.lineHeight),
  };
}

const applied = createStore<UserSettings>(DEFAULT_USER_SETTINGS, (a, b) => a === b || sameSettings(a, b));

export function sameSettings(a: UserSettings, b: UserSettings): boolean {
  return a.inputBoxColour === b.inputBoxColour && a.lineHeight === b.lineHeight;
}

/** Shows the settings on the page at once (every input box, every screen). */
export function applyUserSettings(settings: UserSettings): void {
  applied.set(settings);
  if (typeof document === 'undefined') return;
  const style = document.documentElement.style;
  for (const [name, value] of Object.entries(userSettingsCssVariables(settings)))
    style.setProperty(name, value);
}

/** The settings the page shows now. */
export function appliedUserSettings(): UserSettings {
  return applied.get();
}

export function useAppliedUserSettings(): UserSettings {
  return useStore(applied, DEFAULT_USER_SETTINGS);
}

/* ------------------------------------------------------------------ the device's copy (issue 30) */

/**
 * The settings kept on this device (localStorage, read synchronously at start so the first paint has
 * them: no flash of white boxes): whose they are, what the user chose, what the server was last known
 * to hold, and whether the choice still has to reach the server (chosen offline, or its send failed).
 * One record, not the offline queue: only the latest choice matters (docs/decisions.md, issue 30).
 */
export interface DeviceUserSettings {
  userID: number;
  chosen: UserSettings;
  serverHas: UserSettings;
  pending: boolean;
}

const DEVICE_KEY = 'nursery.userSettings';

function isSettings(value: unknown): value is UserSettings {
  const v = value as Partial<UserSettings> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (INPUT_COLOUR_HEXES as readonly string[]).includes(v.inputBoxColour ?? '') &&
    (LINE_HEIGHTS as readonly number[]).includes(v.lineHeight ?? 0)
  );
}

/** The stored record read back; anything unreadable or not a valid choice counts as none. */
export function parseDeviceUserSettings(text: string | null): DeviceUserSettings | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<DeviceUserSettings>;
    if (typeof v.userID !== 'number' || !isSettings(v.chosen) || !isSettings(v.serverHas)) return null;
    return { userID: v.userID, chosen: v.chosen, serverHas: v.serverHas, pending: v.pending === true };
  } catch {
    return null;
  }
}

function readStored(): DeviceUserSettings | null {
  try {
    return parseDeviceUserSettings(localStorage.getItem(DEVICE_KEY));
  } catch {
    return null;
  }
}

const deviceCopy = createStore<DeviceUserSettings | null>(
  typeof window === 'undefined' ? null : readStored(),
);

export function deviceUserSettings(): DeviceUserSettings | null {
  return deviceCopy.get();
}

export function useDeviceUserSettings(): DeviceUserSettings | null {
  return useStore(deviceCopy, null);
}

export function keepUserSettingsOnDevice(record: DeviceUserSettings): void {
  deviceCopy.set(record);
  try {
    localStorage.setItem(DEVICE_KEY, JSON.stringify(record));
  } catch {
    // No storage: the choice lives until the page closes.
  }
}

/**
 * What a session shows, from the device's copy and the server's configuration, and the copy to keep:
 * another user's copy (or none) gives way to the server; the user's own choice that has not reached
 * the server yet wins; otherwise the server's (it may have been changed on another device).
 */
export function settingsForSession(
  device: DeviceUserSettings | null,
  userID: number,
  server: UserSettings,
): DeviceUserSettings {
  if (device && device.userID === userID && device.pending) return device;
  return { userID, chosen: server, serverHas: server, pending: false };
}

/** At start, before the configuration arrives (main.tsx, a signed-in device): the device's copy. */
export function applyDeviceUserSettings(): void {
  const device = deviceCopy.get();
  if (device) applyUserSettings(device.chosen);
}
