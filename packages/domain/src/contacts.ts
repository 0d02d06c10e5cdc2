/**
 * Contacts (issue 29, the settings hub's contacts): parents, carers and emergency contacts and their
 * links to children. The limits are spec 002 §9's (names 50, phones 30, address lines 50, postcode 20);
 * the rules below are the ones the server enforces and the page warns about before it asks.
 */

export const CONTACT_NAME_MAX = 50;
export const CONTACT_TITLE_MAX = 20;
export const CONTACT_PHONE_MAX = 30;
export const CONTACT_ADDRESS_LINE_MAX = 50;
export const CONTACT_POSTCODE_MAX = 20;
export const CONTACT_EMAIL_MAX = 254;
export const COLLECTION_PASSWORD_MAX = 50;
export const CONTACT_RELATIONSHIP_MAX = 50;
/** A link's priority: 1 is called first. */
export const CONTACT_PRIORITY_MAX = 99;
/** The spec does not give the search's minimum length: shorter terms list everyone (decisions.md). */
export const CONTACT_SEARCH_MIN = 2;
export const CONTACT_SEARCH_MAX = 100;
export const CONTACTS_PAGE_SIZE = 25;

/** The relationship types a contact is recorded with (contacts.type), in the order the form offers them. */
export const CONTACT_TYPES = [
  'Mother',
  'Father',
  'Parent',
  'Grandparent',
  'Guardian',
  'Carer',
  'Foster carer',
  'Sibling',
  'Aunt or uncle',
  'Childminder',
  'Family friend',
  'Other',
] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** The address lines of a person, in order (people.address1..address5). */
export const CONTACT_ADDRESS_FIELDS = ['address1', 'address2', 'address3', 'address4', 'address5'] as const;
export const CONTACT_PHONE_FIELDS = ['telmob', 'telhome', 'telwork'] as const;

/** The search term the list filters by, or null (no filter) when it is too short to mean anything. */
export function contactSearchTerm(raw: string | undefined): string | null {
  const term = (raw ?? '').trim().replace(/\s+/g, ' ');
  return term.length >= CONTACT_SEARCH_MIN ? term : null;
}

/** A LIKE pattern matching the term anywhere, with LIKE's own characters taken literally. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What the other links of one child say about removing this contact's link to it. */
export interface ChildLinkContext {
  /** The child has not left (no leave date, or one today or later). */
  readonly current: boolean;
  /** The child's other contacts (not this one) that are not archived. */
  readonly otherContacts: number;
  /** Of those, how many hold parental responsibility. */
  readonly otherParentalResponsibility: number;
  /** This contact's link holds parental responsibility. */
  readonly parentalResponsibility: boolean;
}

/**
 * Removing a link: a current child must keep at least one contact ('last-contact', refused); removing
 * the last contact with parental responsibility is allowed but warned about ('last-parental-responsibility').
 */
export type LinkRemoval = 'allowed' | 'last-contact' | 'last-parental-responsibility';

export function linkRemoval(link: ChildLinkContext): LinkRemoval {
  if (!link.current) return 'allowed';
  if (link.otherContacts === 0) return 'last-contact';
  if (link.parentalResponsibility && link.otherParentalResponsibility === 0)
    return 'last-parental-responsibility';
  return 'allowed';
}

/** Archiving takes the contact off its current children: refused while it is the only contact of one. */
export const archiveBlockedBy = <T extends ChildLinkContext>(links: readonly T[]): T[] =>
  links.filter((l) => linkRemoval(l) === 'last-contact');

/** A contact's name as lists show it: "Surname, Forename". */
export const contactSortName = (c: { forename: string; surname: string }) => `${c.surname}, ${c.forename}`;
