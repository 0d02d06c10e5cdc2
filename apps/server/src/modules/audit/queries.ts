// The record audit trail's reads: every statement filters by provider_id first, reads newest first by
// id (the keyset: `id < cursor`) through record_audit's (provider, id), (provider, child, id) and
// (provider, staff, id) indexes. Names are joined at read time (the rows hold ids only), so an erased
// child reads as erased.
import { AUDIT_TIME_ZONE } from '@nursery/domain/account';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { children, people, recordAudit, staff } from '../../db/schema/index.ts';

type Runner = Pick<Db, 'execute' | 'select'>;

export interface AuditFilter {
  childId?: number;
  staffId?: number;
  /** First and last day, both included, as the nurseries' calendar days. */
  from?: string;
  to?: string;
  /** Only rows of children at these sites (or of no child, or of a child no longer stored). */
  siteIds: readonly number[];
}

const r = recordAudit;

function whereOf(providerId: number, f: AuditFilter, beforeId: number | null): SQL {
  const parts: SQL[] = [sql`${r.providerId} = ${providerId}`];
  if (f.childId !== undefined) parts.push(sql`${r.childId} = ${f.childId}`);
  if (f.staffId !== undefined) parts.push(sql`${r.staffId} = ${f.staffId}`);
  // A day's bounds are local midnights (23 or 25 hours apart on the clock-change days).
  if (f.from !== undefined)
    parts.push(sql`${r.at} >= (${f.from}::date)::timestamp at time zone ${AUDIT_TIME_ZONE}`);
  if (f.to !== undefined)
    parts.push(sql`${r.at} < (${f.to}::date + 1)::timestamp at time zone ${AUDIT_TIME_ZONE}`);
  if (beforeId !== null) parts.push(sql`${r.id} < ${beforeId}`);
  parts.push(
    sql`(${children.siteId} is null or ${children.siteId} = any(${sql.param([...f.siteIds])}::int[]))`,
  );
  return sql.join(parts, sql` and `);
}

/** "Forename Surname" of the joined row, null when the left join found none. */
const fullName = (t: typeof people | typeof children) =>
  sql<string | null>`case when ${t.id} is null then null else ${t.forename} || ' ' || ${t.surname} end`;

/** One page, newest first: `limit` rows after the cursor (the id of the last row of the page before). */
export async function auditPage(
  db: Runner,
  providerId: number,
  filter: AuditFilter,
  beforeId: number | null,
  limit: number,
) {
  return db
    .select({
      id: r.id,
      at: r.at,
      userId: r.userId,
      staffId: r.staffId,
      operation: r.operation,
      recordType: r.recordType,
      recordId: r.recordId,
      childId: r.childId,
      staffName: fullName(people),
      childName: fullName(children),
    })
    .from(r)
    .leftJoin(children, and(eq(children.providerId, r.providerId), eq(children.id, r.childId)))
    .leftJoin(staff, and(eq(staff.providerId, r.providerId), eq(staff.id, r.staffId)))
    .leftJoin(people, and(eq(people.providerId, staff.providerId), eq(people.id, staff.personId)))
    .where(whereOf(providerId, filter, beforeId))
    .orderBy(desc(r.id))
    .limit(limit);
}

/** A row of auditPage, as Drizzle infers it from the select. */
export type AuditRow = Awaited<ReturnType<typeof auditPage>>[number];

/** The child's site when the child is the provider's (the filter's 404 check). */
export async function childSite(db: Runner, providerId: number, childId: number) {
  const [row] = await db
    .select({ siteId: children.siteId })
    .from(children)
    .where(and(eq(children.providerId, providerId), eq(children.id, childId)));
  return row?.siteId;
}

export async function staffExists(db: Runner, providerId: number, staffId: number) {
  const r = await db.execute(sql`select 1 from staff where provider_id = ${providerId} and id = ${staffId}`);
  return r.rows.length > 0;
}
