/** The signed-in user and their settings. */
import { z } from 'zod';
import { INPUT_COLOUR_HEXES } from '../limits.ts';
import { Id } from './primitives.ts';

const id = () => Id;
const optionalText = () => z.string().nullable();

export const Me = z.object({
  personID: id(),
  staffID: id().nullable(),
  userID: id(),
  email: z.string(),
  forename: z.string(),
  surname: z.string(),
  telmob: optionalText(),
  telwork: optionalText(),
  telhome: optionalText(),
  address1: optionalText(),
  address2: optionalText(),
  address3: optionalText(),
  address4: optionalText(),
  address5: optionalText(),
  postCode: optionalText(),
  biography: optionalText(),
  hasImage: z.boolean(),
  hasPin: z.boolean(),
  pinDeclined: z.boolean(),
  /** A security question with its answer is set (the reset by question works; else 'security-question-required'). */
  hasSecurityQuestion: z.boolean(),
});
export type Me = z.infer<typeof Me>;

/** Input box colour: one of the allowed hex values without '#', upper-cased. */
export const InputBoxColour = z.string().toUpperCase().pipe(z.enum(INPUT_COLOUR_HEXES));

export const UserSettings = z.object({
  inputBoxColour: InputBoxColour,
  lineHeight: z.union([z.literal(2), z.literal(2.5), z.literal(3)]),
});
export type UserSettings = z.infer<typeof UserSettings>;
