// The one place that shapes one's own change request into its answer (typed by the answer schema).
import { type OwnChangeRequest, PROFILE_DETAIL_FIELDS } from '@nursery/domain/account';
import type { PendingStaffRequest } from './queries.ts';

/** The requested details only (the stored `tablename` and any unknown key left out). */
export function ownChangeRequest(row: PendingStaffRequest): OwnChangeRequest {
  const fields: OwnChangeRequest['fields'] = {};
  for (const field of PROFILE_DETAIL_FIELDS)
    if (Object.hasOwn(row.fields, field)) fields[field] = row.fields[field] ?? null;
  return { id: row.id, fields, created: new Date(row.createdAt).toISOString() };
}
