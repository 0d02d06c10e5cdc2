// Who may see and decide which requests (spec 002 §6): markOff sees booking requests, editChildContacts
// and editStaff see change requests (of contacts and of staff members), approveGDPR erasure requests.
// Answers carry `permittedActions` from the domain's requestActions; the commands apply the same rules.
import type { Permission, PermissionMap } from '@nursery/domain/common';
import { type RequestPermittedActions, requestActions } from '@nursery/domain/home';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { forbidden } from '../../lib/errors.ts';
import { type AuthContext, authOf, mayUseSite, requireSession } from '../../plugins/auth.ts';
import type { BookingRequestRow, ChangeRequestRow, GdprRequestRow } from './queries.ts';

function requireAny(...any: readonly Permission[]): preHandlerAsyncHookHandler[] {
  return [
    requireSession,
    async (request) => {
      const { permissions } = authOf(request);
      if (!any.some((p) => permissions[p])) throw forbidden();
    },
  ];
}

export const requireMarkOff = requireAny('markOff');
export const requireChangeRequestAccess = requireAny('editChildContacts', 'editStaff');
export const requireApproveGdpr = requireAny('approveGDPR');

type Table = ChangeRequestRow['tableName'];
const TABLE_PERMISSION: Record<Table, Permission> = {
  Contacts: 'editChildContacts',
  StaffMember: 'editStaff',
};

/** The change-request tables the user sees: contacts' with editChildContacts, staff members' with editStaff. */
export const changeRequestTables = (permissions: PermissionMap): Table[] =>
  (Object.keys(TABLE_PERMISSION) as Table[]).filter((t) => permissions[TABLE_PERMISSION[t]]);

export const mayDecideTable = (auth: AuthContext, table: Table) => auth.permissions[TABLE_PERMISSION[table]];

export const bookingActions = (auth: AuthContext, row: BookingRequestRow): RequestPermittedActions =>
  requestActions({ own: row.personId === auth.personId });

/**
 * A change request: one's own (asked by the user, or of the user's own details) is refused; approving
 * needs every site of the person's children (a staff member: their sites) to be one of the user's, and
 * details not managed by a third-party integration.
 */
export const changeActions = (auth: AuthContext, row: ChangeRequestRow): RequestPermittedActions =>
  requestActions({
    own: row.requestedByUserId === auth.userId || row.personId === auth.personId,
    integrationManaged: row.externallyManaged === true,
    otherSites: (row.siteIds ?? []).some((siteId) => !mayUseSite(auth, siteId)),
  });

export const gdprActions = (auth: AuthContext, row: GdprRequestRow): RequestPermittedActions =>
  requestActions({ own: row.creatorUserId === auth.userId });
