import { describe, expect, it } from 'vitest';
import {
  appliedUserSettings,
  applyUserSettings,
  DEFAULT_USER_SETTINGS,
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
