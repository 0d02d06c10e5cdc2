// The record audit trail's reads: every statement filters by provider_id first, reads newest first by
// id (the keyset: `id < cursor`) through record_audit's (provider, id), (provider, child, id) and
// (provider, staff, id) indexes. Names are joined at read time (the rows hold ids only), so an erased
// child reads as erased.
import { AUDIT_TIME_ZONE, type AuditOperation, type AuditRecordType } from '@nursery/domain/account';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

type Runner = Pick<Db, 'execute'>;

export interface AuditFilter {
  childId?: number;
  staffId?: number;
  /** First and last day, both included, as the nurseries' calendar days. */
  from?: string;
  to?: string;
  /** Only rows of children at these sites (or of no child, or of a child no longer stored). */
  siteIds: readonly number[];
}

export interface AuditRow {
  id: number | string;
  at: Date | string;
  user_id: number;
  staff_id: number | null;
  operation: AuditOperation;
  record_type: AuditRecordType;
  record_id: string;
  child_id: number | null;
  staff_name: string | null;
  child_name: string | null;
}

function whereOf(providerId: number, f: AuditFilter, beforeId: number | null): SQL {
  const parts: SQL[] = [sql`r.provider_id = ${providerId}`];
  if (f.childId !== undefined) parts.push(sql`r.child_id = ${f.childId}`);
  if (f.staffId !== undefined) parts.push(sql`r.staff_id = ${f.staffId}`);
  // A day's bounds are local midnights (23 or 25 hours apart on the clock-change days).
  if (f.from !== undefined)
    parts.push(sql`r.at >= (${f.from}::date)::timestamp at time zone ${AUDIT_TIME_ZONE}`);
  if (f.to !== undefined)
    parts.push(sql`r.at < (${f.to}::date + 1)::timestamp at time zone ${AUDIT_TIME_ZONE}`);
  if (beforeId !== null) parts.push(sql`r.id < ${beforeId}`);
  parts.push(sql`(c.site_id is null or c.site_id = any(${sql.param([...f.siteIds])}::int[]))`);
  return sql.join(parts, sql` and `);
}

/** One page, newest first: `limit` rows after the cursor (the id of the last row of the page before). */
export async function auditPage(
  db: Runner,
  providerId: number,
  filter: AuditFilter,
  beforeId: number | null,
  limit: number,
): Promise<AuditRow[]> {
  const r = await db.execute<AuditRow & Record<string, unknown>>(sql`
    select r.id, r.at, r.user_id, r.staff_id, r.operation, r.record_type, r.record_id, r.child_id,
      case when p.id is null then null else p.forename || ' ' || p.surname end as staff_name,
      case when c.id is null then null else c.forename || ' ' || c.surname end as child_name
    from record_audit r
    left join children c on c.provider_id = r.provider_id and c.id = r.child_id
    left join staff s on s.provider_id = r.provider_id and s.id = r.staff_id
    left join people p on p.provider_id = s.provider_id and p.id = s.person_id
    where ${whereOf(providerId, filter, beforeId)}
    order by r.id desc
    limit ${limit}`);
  return r.rows;
}

/** The child's site when the child is the provider's (the filter's 404 check). */
export async function childSite(db: Runner, providerId: number, childId: number) {
  const r = await db.execute<{ site_id: number }>(
    sql`select site_id from children where provider_id = ${providerId} and id = ${childId}`,
  );
  return r.rows[0]?.site_id;
}

export async function staffExists(db: Runner, providerId: number, staffId: number) {
  const r = await db.execute(sql`select 1 from staff where provider_id = ${providerId} and id = ${staffId}`);
  return r.rows.length > 0;
}
