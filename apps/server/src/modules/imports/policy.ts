// Who may import (issue 29 "Moving in"): a children file needs settingsChildren (it adds children, their
// contacts and bookings), a staff file addStaff. The kind is in the body, so the check runs after
// validation; a site outside the user's sites is 404, as an unknown id.
import type { ImportKind } from '@nursery/domain/settings';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors.ts';
import { assertSite, authOf } from '../../plugins/auth.ts';

const PERMISSION_OF: Record<ImportKind, 'settingsChildren' | 'addStaff'> = {
  children: 'settingsChildren',
  staff: 'addStaff',
};

export async function requireImportAccess(request: FastifyRequest) {
  const auth = authOf(request);
  const { kind, siteID } = request.body as { kind: ImportKind; siteID: number };
  if (!auth.permissions[PERMISSION_OF[kind]]) throw forbidden();
  assertSite(auth, siteID);
}
