import { describe, expect, it } from 'vitest';
import {
  appliedUserSettings,
  applyUserSettings,
  DEFAULT_USER_SETTINGS,
  parseDeviceUserSettings,
  settingsForSession,
  userSettingsCssVariables,
} from './userSettings';

describe('the accessibility settings on the page', () => {
  it('gives global.css the colour, a dark text, the placeholder and the line height', () => {
    expect(userSettingsCssVariables({ inputBoxColour: 'AFD3E1', lineHeight: 2.5 })).toEqual({
      '--nursery-input-bg': '#AFD3E1',
      '--nursery-input-color': '#000000',
      '--nursery-input-placeholder': '#343A40',
      '--nursery-line-height': '2.5',
    });
    // White keeps Mantine's own placeholder grey.
    expect(userSettingsCssVariables(DEFAULT_USER_SETTINGS)['--nursery-input-placeholder']).toBe(
      'var(--mantine-color-placeholder)',
    );
  });

  it('defaults to White and 2 (spec 002 §9), and remembers what it applied', () => {
    expect(DEFAULT_USER_SETTINGS).toEqual({ inputBoxColour: 'FFFFFF', lineHeight: 2 });
    applyUserSettings({ inputBoxColour: 'EEE8AA', lineHeight: 3 });
    expect(appliedUserSettings()).toEqual({ inputBoxColour: 'EEE8AA', lineHeight: 3 });
  });
});

describe("the device's copy", () => {
  const aqua = { inputBoxColour: 'AFD3E1', lineHeight: 2.5 } as const;
  const white = { inputBoxColour: 'FFFFFF', lineHeight: 2 } as const;
  const grey = { inputBoxColour: 'B3B3B3', lineHeight: 3 } as const;

  it('reads back only a whole, valid record', () => {
    const record = { userID: 4, chosen: aqua, serverHas: white, pending: true };
    expect(parseDeviceUserSettings(JSON.stringify(record))).toEqual(record);
    expect(parseDeviceUserSettings(null)).toBeNull();
    expect(parseDeviceUserSettings('{not json')).toBeNull();
    expect(
      parseDeviceUserSettings(
        JSON.stringify({ ...record, chosen: { inputBoxColour: '000000', lineHeight: 2 } }),
      ),
    ).toBeNull();
    expect(
      parseDeviceUserSettings(
        JSON.stringify({ ...record, serverHas: { inputBoxColour: 'FFFFFF', lineHeight: 7 } }),
      ),
    ).toBeNull();
    expect(parseDeviceUserSettings(JSON.stringify({ chosen: aqua, serverHas: white }))).toBeNull();
  });

  it("keeps the user's unsent choice over the server's, and otherwise takes the server's", () => {
    const unsent = { userID: 4, chosen: aqua, serverHas: white, pending: true };
    expect(settingsForSession(unsent, 4, white)).toEqual(unsent);
    // Sent already: the server's (another device may have changed it since).
    expect(settingsForSession({ ...unsent, pending: false }, 4, grey)).toEqual({
      userID: 4,
      chosen: grey,
      serverHas: grey,
      pending: false,
    });
    // Another user's copy (a shared tablet) gives way, unsent or not.
    expect(settingsForSession(unsent, 5, grey)).toEqual({
      userID: 5,
      chosen: grey,
      serverHas: grey,
      pending: false,
    });
    expect(settingsForSession(null, 5, white)).toEqual({
      userID: 5,
      chosen: white,
      serverHas: white,
      pending: false,
    });
  });
});
