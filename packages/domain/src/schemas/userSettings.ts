/**
 * The user's accessibility settings (spec 002 §2 Profile "accessibility (input box colour, line height)",
 * §3 "User settings: newColour, savedColour, newLineHeight, savedLineHeight", §7 PUT userSettings, §9 the
 * colours and line heights). The saved* pair is what the device believed was stored when the user chose:
 * the server keeps the last write (docs/decisions.md "Issue 30: accessibility, About and links") and
 * says whether it replaced a choice made elsewhere meanwhile.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { InputBoxColour, UserSettings } from './me.ts';

const LineHeight = UserSettings.shape.lineHeight;

/** PUT api/v1/userSettings body (spec 002 §7: newColour, savedColour, savedLineHeight, newLineHeight). */
export const UserSettingsBody = z.object({
  newColour: InputBoxColour,
  savedColour: InputBoxColour,
  newLineHeight: LineHeight,
  savedLineHeight: LineHeight,
});
export type UserSettingsBody = z.infer<typeof UserSettingsBody>;

export const UserSettingsAnswer = z.object({
  userSettings: UserSettings,
  /** The stored settings were not the body's saved* pair: another device changed them meanwhile. */
  replacedOtherChange: z.boolean(),
});
export type UserSettingsAnswer = z.infer<typeof UserSettingsAnswer>;

export const putUserSettings = defineRoute({
  ...routes.putUserSettings,
  summary: "Save the user's input box colour and line height (last write wins)",
  tags: ['account'],
  body: UserSettingsBody,
  response: { 200: UserSettingsAnswer },
});

/** The settings a body asks for. */
export function requestedSettings(body: UserSettingsBody): UserSettings {
  return { inputBoxColour: body.newColour, lineHeight: body.newLineHeight };
}

/** Whether the stored settings differ from what the device believed was stored (the saved* pair). */
export function changedElsewhere(stored: UserSettings, body: UserSettingsBody): boolean {
  return stored.inputBoxColour !== body.savedColour || stored.lineHeight !== body.savedLineHeight;
}
