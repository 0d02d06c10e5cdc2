/**
 * The fields answers repeat wherever they show a person: spread into an answer's z.object in the same
 * place and order as before, so each answer's type and JSON stay as they were. Input fields are not
 * here: their limits and messages differ by form.
 */
import { z } from 'zod';
import { Id, IsoDate } from './primitives.ts';

/** Whom an avatar shows: the id, the names and whether a photo is on file (else initials). */
export const personCardFields = {
  id: Id,
  forename: z.string(),
  surname: z.string(),
  hasImage: z.boolean(),
};

/** A child as ChildAvatar shows one: photo or initials, name, age (from the date of birth) and room. */
export const childAvatarFields = {
  ...personCardFields,
  dob: IsoDate,
  roomID: Id.nullable(),
};

/** A person's name as answers give it (the title may be unset). */
export const personNameFields = {
  title: z.string().nullable(),
  forename: z.string(),
  surname: z.string(),
};

/** A postal address as answers give it: five lines and the postcode, each may be unset. */
export const addressFields = {
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  address3: z.string().nullable(),
  address4: z.string().nullable(),
  address5: z.string().nullable(),
  postCode: z.string().nullable(),
};
