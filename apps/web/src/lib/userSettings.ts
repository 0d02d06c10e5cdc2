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
