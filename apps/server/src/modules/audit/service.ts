// The record audit trail for a manager (issue 26): a page of 50 newest first, and the CSV export of
// the same filters, read page by page so a long trail never sits in memory at once.
import { AUDIT_PAGE_SIZE, type AuditFilters, type AuditPage, type AuditQuery } from '@nursery/domain/account';
import type { Db } from '../../db/client.ts';
import { keysetPage } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import { type AuthContext, mayUseSite } from '../../plugins/auth.ts';
import { assertMayReadAuditTrail, auditActions } from './policy.ts';
import { auditEntry, CSV_HEADER, csvLine } from './presenter.ts';
import { type AuditFilter, auditPage, childSite, staffExists } from './queries.ts';

type Runner = Pick<Db, 'execute' | 'select'>;

/** Rows per database read of the CSV export. */
const CSV_BATCH = 1000;

/** The filters checked: another provider's child or staff member, or a child of another site, is 404. */
async function filterOf(db: Runner, auth: AuthContext, q: AuditFilters): Promise<AuditFilter> {
  assertMayReadAuditTrail(auth);
  const [site, staffKnown] = await Promise.all([
    q.childID === undefined ? undefined : childSite(db, auth.providerId, q.childID),
    q.staffID === undefined ? true : staffExists(db, auth.providerId, q.staffID),
  ]);
  if (q.childID !== undefined && (site === undefined || !mayUseSite(auth, site)))
    throw notFound('Child not found.');
  if (!staffKnown) throw notFound('Staff member not found.');
  return { childId: q.childID, staffId: q.staffID, from: q.from, to: q.to, siteIds: auth.siteIds };
}

export async function auditTrailPage(db: Runner, auth: AuthContext, q: AuditQuery): Promise<AuditPage> {
  const filter = await filterOf(db, auth, q);
  const rows = await auditPage(
    db,
    auth.providerId,
    filter,
    q.cursor === undefined ? null : Number(q.cursor),
    AUDIT_PAGE_SIZE + 1,
  );
  const { page, next } = keysetPage(rows, AUDIT_PAGE_SIZE, (last) => String(last.id));
  return {
    entries: page.map(auditEntry),
    next,
    permittedActions: auditActions(auth),
  };
}

/**
 * The CSV's lines, header first. The filters are checked before the first line (a refusal is still a
 * 4xx answer); the rows are then read 1,000 at a time.
 */
export async function auditCsv(db: Runner, auth: AuthContext, q: AuditFilters) {
  const filter = await filterOf(db, auth, q);
  async function* lines() {
    yield CSV_HEADER;
    let before: number | null = null;
    for (;;) {
      const rows = await auditPage(db, auth.providerId, filter, before, CSV_BATCH);
      if (rows.length > 0) yield rows.map((r) => csvLine(auditEntry(r))).join('');
      if (rows.length < CSV_BATCH) return;
      before = Number(rows.at(-1)!.id);
    }
  }
  return lines();
}
