/**
 * The settings hub's contacts (issue 29): parents, carers and emergency contacts, their links to
 * children and the collection password. Reading and changing need settingsContacts, adding one
 * addContact; the collection password is read on its own call (settingsContacts or viewChildContacts).
 */
import { z } from 'zod';
import {
  COLLECTION_PASSWORD_MAX,
  CONTACT_ADDRESS_LINE_MAX,
  CONTACT_EMAIL_MAX,
  CONTACT_NAME_MAX,
  CONTACT_PHONE_MAX,
  CONTACT_POSTCODE_MAX,
  CONTACT_PRIORITY_MAX,
  CONTACT_RELATIONSHIP_MAX,
  CONTACT_SEARCH_MAX,
  CONTACT_TITLE_MAX,
  CONTACT_TYPES,
} from '../contacts.ts';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { addressFields, personNameFields } from './personFields.ts';
import { Id, IdParam, SafeText } from './primitives.ts';

export const ContactParams = z.object({ contactID: IdParam });
export const ContactChildParams = z.object({ contactID: IdParam, childID: IdParam });

const MAX = 'this-field-has-max-length-of';

/** A required name: trimmed, 1..max characters. */
const requiredText = (max: number) =>
  SafeText.transform((s) => s.trim()).pipe(z.string().min(1, 'this-field-is-required').max(max, MAX));

/** An optional text: trimmed; empty (or null) is stored as nothing. */
const optionalText = (max: number) =>
  SafeText.transform((s) => s.trim())
    .pipe(z.string().max(max, MAX))
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .transform((s) => s ?? null);

const optionalEmail = SafeText.transform((s) => s.trim())
  .pipe(z.union([z.literal(''), z.string().max(CONTACT_EMAIL_MAX, MAX).pipe(z.email('err-invalid-email'))]))
  .transform((s) => (s === '' ? null : s))
  .nullable()
  .transform((s) => s ?? null);

/** A contact's details (spec 002 §5 Contact: title, names, type, phones, e-mail, address lines 1-5, postcode). */
export const ContactDetailsInput = z.object({
  title: optionalText(CONTACT_TITLE_MAX).optional(),
  forename: requiredText(CONTACT_NAME_MAX),
  surname: requiredText(CONTACT_NAME_MAX),
  type: z.enum(CONTACT_TYPES).nullable().optional(),
  email: optionalEmail.optional(),
  telmob: optionalText(CONTACT_PHONE_MAX).optional(),
  telhome: optionalText(CONTACT_PHONE_MAX).optional(),
  telwork: optionalText(CONTACT_PHONE_MAX).optional(),
  address1: optionalText(CONTACT_ADDRESS_LINE_MAX).optional(),
  address2: optionalText(CONTACT_ADDRESS_LINE_MAX).optional(),
  address3: optionalText(CONTACT_ADDRESS_LINE_MAX).optional(),
  address4: optionalText(CONTACT_ADDRESS_LINE_MAX).optional(),
  address5: optionalText(CONTACT_ADDRESS_LINE_MAX).optional(),
  postCode: optionalText(CONTACT_POSTCODE_MAX).optional(),
  /** Absent: unchanged; null or '': none; text: the new password (never answered in lists or logs). */
  collectionPassword: optionalText(COLLECTION_PASSWORD_MAX).optional(),
});
export type ContactDetailsInput = z.input<typeof ContactDetailsInput>;
export type ContactDetailsValues = z.output<typeof ContactDetailsInput>;

/** One link of a contact to a child (child_contacts). */
export const ContactLinkInput = z.object({
  relationship: optionalText(CONTACT_RELATIONSHIP_MAX).optional(),
  priority: z.number().int().min(1).max(CONTACT_PRIORITY_MAX),
  parentalResponsibility: z.boolean(),
  emergency: z.boolean(),
  canCollect: z.boolean(),
  canAddNotes: z.boolean(),
});
export type ContactLinkInput = z.input<typeof ContactLinkInput>;

export const ContactListQuery = z.object({
  q: z.string().max(CONTACT_SEARCH_MAX).optional(),
  archived: z.enum(['true', 'false']).optional(),
  cursor: z.string().max(400).optional(),
});

const ChildRef = z.object({ id: Id, forename: z.string(), surname: z.string() });

export const ContactListItem = z.object({
  id: Id,
  ...personNameFields,
  type: z.string().nullable(),
  email: z.string().nullable(),
  telmob: z.string().nullable(),
  telhome: z.string().nullable(),
  telwork: z.string().nullable(),
  archived: z.boolean(),
  /** The contact's children at the user's sites. */
  children: z.array(ChildRef),
});
export type ContactListItem = z.infer<typeof ContactListItem>;

export const ContactList = z.object({
  contacts: z.array(ContactListItem),
  nextCursor: z.string().nullable(),
  permittedActions: z.object({ add: z.boolean() }),
});
export type ContactList = z.infer<typeof ContactList>;

export const ContactChildLink = z.object({
  childID: Id,
  forename: z.string(),
  surname: z.string(),
  siteName: z.string(),
  /** The child has left (a leave date before today): kept as history. */
  left: z.boolean(),
  relationship: z.string().nullable(),
  priority: z.number().int(),
  parentalResponsibility: z.boolean(),
  emergency: z.boolean(),
  canCollect: z.boolean(),
  canAddNotes: z.boolean(),
  /** What removing the link would do: refused for a current child's last contact, warned for its last PR. */
  removal: z.enum(['allowed', 'last-contact', 'last-parental-responsibility']),
});
export type ContactChildLink = z.infer<typeof ContactChildLink>;

export const ContactDetail = ContactListItem.omit({ children: true }).extend({
  ...addressFields,
  /** Whether a collection password is set; the password itself only on getCollectionPassword. */
  hasCollectionPassword: z.boolean(),
  externallyManaged: z.boolean(),
  children: z.array(ContactChildLink),
  permittedActions: z.object({
    edit: z.boolean(),
    archive: z.boolean(),
    restore: z.boolean(),
    showCollectionPassword: z.boolean(),
  }),
});
export type ContactDetail = z.infer<typeof ContactDetail>;

export const ContactArchiveInput = z.object({ archived: z.boolean() });

export const CollectionPassword = z.object({ collectionPassword: z.string().nullable() });

export const ContactChildChoicesQuery = z.object({ q: z.string().max(CONTACT_SEARCH_MAX).optional() });
export const ContactChildChoices = z.object({
  children: z.array(ChildRef.extend({ siteName: z.string() })),
});
export type ContactChildChoices = z.infer<typeof ContactChildChoices>;

export const listContacts = defineRoute({
  ...routes.listContacts,
  summary:
    "Contacts of the children of the user's sites and contacts of no child, by name; search by name, e-mail or phone (settingsContacts)",
  tags: ['settings'],
  querystring: ContactListQuery,
  response: { 200: ContactList },
});

export const createContact = defineRoute({
  ...routes.createContact,
  summary: 'Add a contact (addContact)',
  tags: ['settings'],
  body: ContactDetailsInput,
  response: { 201: ContactDetail },
});

export const getContact = defineRoute({
  ...routes.getContact,
  summary: "A contact with its links to the user's sites' children (settingsContacts)",
  tags: ['settings'],
  params: ContactParams,
  response: { 200: ContactDetail },
});

export const updateContact = defineRoute({
  ...routes.updateContact,
  summary: "Change a contact's details (settingsContacts)",
  tags: ['settings'],
  params: ContactParams,
  body: ContactDetailsInput,
  response: { 200: ContactDetail },
});

export const setContactArchived = defineRoute({
  ...routes.setContactArchived,
  summary:
    'Archive a contact (its links to current children end; 409 err-only-contact-of-child) or restore it (settingsContacts)',
  tags: ['settings'],
  params: ContactParams,
  body: ContactArchiveInput,
  response: { 200: ContactDetail },
});

export const getCollectionPassword = defineRoute({
  ...routes.getCollectionPassword,
  summary:
    "A contact's collection password, read at the door (settingsContacts or viewChildContacts; audited)",
  tags: ['settings'],
  params: ContactParams,
  response: { 200: CollectionPassword },
});

export const putContactChild = defineRoute({
  ...routes.putContactChild,
  summary: "Link a contact to a child of the user's sites, or change the link (settingsContacts)",
  tags: ['settings'],
  params: ContactChildParams,
  body: ContactLinkInput,
  response: { 200: ContactDetail },
});

export const deleteContactChild = defineRoute({
  ...routes.deleteContactChild,
  summary: "Remove a contact's link to a child (settingsContacts); 409 err-last-contact-of-child",
  tags: ['settings'],
  params: ContactChildParams,
  response: { 200: ContactDetail },
});

export const listContactChildChoices = defineRoute({
  ...routes.listContactChildChoices,
  summary: "Children of the user's sites who have not left, by name, to link a contact to (settingsContacts)",
  tags: ['settings'],
  querystring: ContactChildChoicesQuery,
  response: { 200: ContactChildChoices },
});
