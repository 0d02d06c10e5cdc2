// The audit trail's calls: GET api/v1/audit (cursor pages of 50) and the CSV's address (same filters).
import type { AuditFilters, getAuditCsv, getAuditTrail } from '@nursery/domain/account';
import { routes } from '@nursery/domain/common';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { callRoute, routeUrl } from '../../lib/api';

/** The filters as query-string values (only those set). */
const queryOf = (f: AuditFilters) => ({
  ...(f.childID !== undefined ? { childID: f.childID } : {}),
  ...(f.staffID !== undefined ? { staffID: f.staffID } : {}),
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
});

export const auditApi = {
  page: (filters: AuditFilters, cursor: string | null, signal?: AbortSignal) =>
    callRoute<typeof getAuditTrail>(routes.getAuditTrail, {
      query: { ...queryOf(filters), ...(cursor ? { cursor } : {}) },
      signal,
    }),
};

/** The CSV export's address: a plain link (a GET with the session cookie) downloads it. */
export function auditCsvHref(filters: AuditFilters): string {
  return routeUrl<typeof getAuditCsv>(routes.getAuditCsv, { query: queryOf(filters) });
}

/** Not kept on the device: a manager's screen, read online. */
export const auditTrailQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['audit', filters] as const,
    queryFn: ({ pageParam, signal }) => auditApi.page(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
