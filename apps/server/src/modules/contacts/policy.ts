// Who may do what with contacts (issue 29). The contacts card needs settingsContacts (list, read,
// change, archive, link); the add-contact card addContact. The collection password is read at the door:
// settingsContacts or viewChildContacts (the emergency contacts' permission). Without: 403 before any id
// is read; a contact outside the user's provider or sites is 404, as an unknown id.
import type { PermissionMap } from '@nursery/domain/common';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { forbidden } from '../../lib/errors.ts';
import { authOf, requirePermission } from '../../plugins/auth.ts';

export const requireContactsAdmin = requirePermission('settingsContacts');
export const requireAddContact = requirePermission('addContact');

const mayReadCollectionPassword = (p: Partial<PermissionMap>) =>
  Boolean(p.settingsContacts || p.viewChildContacts);

export const requireCollectionPasswordReader: preHandlerAsyncHookHandler = async (request) => {
  if (!mayReadCollectionPassword(authOf(request).permissions)) throw forbidden();
};

/** The detail's actions: an externally managed contact's details are the integration's to change. */
export function contactActions(
  permissions: Partial<PermissionMap>,
  c: { archived: boolean; externallyManaged: boolean; hasCollectionPassword: boolean },
) {
  const admin = Boolean(permissions.settingsContacts);
  return {
    edit: admin && !c.archived && !c.externallyManaged,
    archive: admin && !c.archived,
    restore: admin && c.archived,
    showCollectionPassword: c.hasCollectionPassword && mayReadCollectionPassword(permissions),
  };
}
