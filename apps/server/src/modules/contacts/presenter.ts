// The one place contact rows become answers (typed by the contracts in @nursery/domain/settings).
import type { PermissionMap } from '@nursery/domain/common';
import { type ContactDetail, type ContactListItem, linkRemoval } from '@nursery/domain/settings';
import { addressOf } from '../../lib/person-address.ts';
import { contactActions } from './policy.ts';
import type { ContactDetailRow, ContactLinkRow, ContactRow } from './queries.ts';

type ChildRef = ContactListItem['children'][number];

const listFields = (row: ContactRow) => ({
  id: row.id,
  title: row.title,
  forename: row.forename,
  surname: row.surname,
  type: row.type,
  email: row.email,
  telmob: row.telmob,
  telhome: row.telhome,
  telwork: row.telwork,
  archived: row.archivedAt !== null,
});

export const presentContactListItem = (row: ContactRow, children: ChildRef[]): ContactListItem => ({
  ...listFields(row),
  children,
});

export function presentContactLink(row: ContactLinkRow): ContactDetail['children'][number] {
  return {
    childID: row.childId,
    forename: row.forename,
    surname: row.surname,
    siteName: row.siteName,
    left: !row.current,
    relationship: row.relationship,
    priority: row.priority,
    parentalResponsibility: row.parentalResponsibility,
    emergency: row.emergency,
    canCollect: row.canCollect,
    canAddNotes: row.canAddNotes,
    removal: linkRemoval(row),
  };
}

export function presentContact(
  row: ContactDetailRow,
  links: ContactLinkRow[],
  permissions: Partial<PermissionMap>,
): ContactDetail {
  const base = listFields(row);
  return {
    ...base,
    ...addressOf(row),
    hasCollectionPassword: row.hasCollectionPassword,
    externallyManaged: row.externallyManaged,
    children: links.map(presentContactLink),
    permittedActions: contactActions(permissions, {
      archived: base.archived,
      externallyManaged: row.externallyManaged,
      hasCollectionPassword: row.hasCollectionPassword,
    }),
  };
}
