// The one place staff-administration rows become answers (schemas/staffAdmin.ts).
import {
  type Invitation,
  invitationState,
  type OutboxMessage,
  type StaffListRow,
  type StaffMember,
} from '@nursery/domain/settings';
import { addressOf } from '../../lib/person-address.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { memberActions } from './policy.ts';
import type { MemberRow, OutboxRow, StaffListDbRow } from './queries.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function invitationOf(row: StaffListDbRow, now: Date): Invitation {
  return {
    state: invitationState(
      { activatedAt: row.activatedAt, invitedAt: row.invitedAt, expiresAt: row.activationExpiresAt },
      now,
    ),
    sentAt: iso(row.invitedAt),
    expiresAt: iso(row.activationExpiresAt),
  };
}

const isArchived = (row: StaffListDbRow) => row.endDate !== null || row.disabled === true;

/** Who the member of staff is: the fields the list row and the member's page open with. */
const identityOf = (row: StaffListDbRow | MemberRow) => ({
  id: row.id,
  title: row.title,
  forename: row.forename,
  surname: row.surname,
  email: row.email,
  jobTitle: row.jobTitle,
  siteID: row.siteId,
});

export function presentListRow(row: StaffListDbRow, now: Date): StaffListRow {
  return {
    ...identityOf(row),
    roles: row.roles,
    archived: isArchived(row),
    invitation: invitationOf(row, now),
  };
}

export function presentMember(row: MemberRow, auth: AuthContext, now: Date): StaffMember {
  const invitation = invitationOf({ ...row, roles: [] }, now);
  const archived = isArchived({ ...row, roles: [] });
  const editorSites = new Set<number>(auth.siteIds);
  return {
    ...identityOf(row),
    // Only the sites the editor may see are named (the rest stay as they are on a change).
    otherSiteIDs: row.otherSiteIds.map(Number).filter((id) => editorSites.has(id)),
    roleIDs: row.roleIds.map(Number),
    roomID: row.roomId,
    keyChildIDs: row.keyChildIds.map(Number),
    telhome: row.telhome,
    telmob: row.telmob,
    telwork: row.telwork,
    ...addressOf(row),
    startDate: row.startDate,
    endDate: row.endDate,
    archived,
    invitation,
    permittedActions: memberActions(auth, { id: row.id, archived, invitation: invitation.state }),
  };
}

/** Never the text: it carries the activation code. */
export function presentOutboxRow(row: OutboxRow): OutboxMessage {
  // A send that failed is retried with backoff: until one succeeds, its last attempt failed.
  const failed = row.sentAt === null && row.lastError !== null;
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    status: row.sentAt ? 'sent' : failed ? 'failed' : 'queued',
    queuedAt: row.created.toISOString(),
    sentAt: iso(row.sentAt),
  };
}
