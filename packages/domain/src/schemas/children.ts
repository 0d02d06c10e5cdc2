/**
 * The answer of GraphQL `children(siteID, ids)` (GetChildren, spec 000 §7): the children of a site
 * with their contacts. The GraphQL types Child and ChildContact are generated from these schemas
 * (apps/server/src/modules/graphql/zod-to-graphql.ts), so a field added here is a field there.
 */
import { z } from 'zod';
import { PHOTO_CONSENTS } from '../children.ts';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { personCardFields } from './personFields.ts';
import { Id, IdParam } from './primitives.ts';

/** A contact of a child (a parent or carer), in the child's priority order. */
export const ChildContact = z.object({
  ...personCardFields,
});
export type ChildContact = z.infer<typeof ChildContact>;

/** A child of a site, as the child picker lists it. Dates are calendar dates ('YYYY-MM-DD'). */
export const SiteChild = z.object({
  ...personCardFields,
  gender: z.string().nullable(),
  dob: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  siteID: Id,
  roomID: Id.nullable(),
  /** The parents' consent to photos of the child (issue 13): yes, no, or not asked yet. */
  photoConsent: z.enum(PHOTO_CONSENTS),
});
export type SiteChild = z.infer<typeof SiteChild>;

/** A child with its contacts: one item of the `children` query's answer. */
export const ChildWithContacts = SiteChild.extend({ contacts: z.array(ChildContact) });
export type ChildWithContacts = z.infer<typeof ChildWithContacts>;

/** The `children` query's answer: the site's children ordered by surname, forename and id. */
export const ChildrenAnswer = z.array(ChildWithContacts);
export type ChildrenAnswer = z.infer<typeof ChildrenAnswer>;

export const ChildPhotoParams = z.object({ childID: IdParam });

/** The photo's bytes (SVG for the demo's generated portraits); documents the answer, never serialised. */
export const ChildPhotoFile = z.string().meta({ format: 'binary', description: 'The photo' });

/**
 * A child's photo (issue 13: the child picker's tiles). 404 when the child has none, belongs to another
 * provider or to a site the user may not work at.
 */
export const getChildPhoto = defineRoute({
  ...routes.getChildPhoto,
  summary: "The child's photo (for the child picker's tiles)",
  tags: ['children'],
  params: ChildPhotoParams,
  response: { 200: ChildPhotoFile },
});
