// The Sites page's calls (issue 29): api/v1/settings/sites and a site's rooms, closures and sessions.
import { routes } from '@nursery/domain/common';
import type {
  ClosureInput,
  createClosure,
  createRoom,
  createSession,
  createSite,
  deleteClosure,
  getSite,
  listSites,
  RoomInput,
  SessionInput,
  SiteInput,
  updateRoom,
  updateSession,
  updateSite,
} from '@nursery/domain/settings';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api';

export interface SiteFilters {
  q: string;
  archived: boolean;
}

export const sitesApi = {
  page: (filters: SiteFilters, cursor: string | null, signal?: AbortSignal) =>
    callRoute<typeof listSites>(routes.listSites, {
      query: {
        ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
        ...(filters.archived ? { archived: 'true' as const } : {}),
        ...(cursor ? { cursor } : {}),
      },
      signal,
    }),
  get: (siteID: number, signal?: AbortSignal) =>
    callRoute<typeof getSite>(routes.getSite, { params: { siteID }, signal }),
  create: (body: SiteInput) => callRoute<typeof createSite>(routes.createSite, { body }),
  update: (siteID: number, body: SiteInput) =>
    callRoute<typeof updateSite>(routes.updateSite, { params: { siteID }, body }),
  createRoom: (siteID: number, body: RoomInput) =>
    callRoute<typeof createRoom>(routes.createRoom, { params: { siteID }, body }),
  updateRoom: (siteID: number, roomID: number, body: RoomInput) =>
    callRoute<typeof updateRoom>(routes.updateRoom, { params: { siteID, roomID }, body }),
  createClosure: (siteID: number, body: ClosureInput) =>
    callRoute<typeof createClosure>(routes.createClosure, { params: { siteID }, body }),
  deleteClosure: (siteID: number, closureID: number) =>
    callRoute<typeof deleteClosure>(routes.deleteClosure, { params: { siteID, closureID } }),
  createSession: (siteID: number, body: SessionInput) =>
    callRoute<typeof createSession>(routes.createSession, { params: { siteID }, body }),
  updateSession: (siteID: number, sessionID: number, body: SessionInput) =>
    callRoute<typeof updateSession>(routes.updateSession, { params: { siteID, sessionID }, body }),
};

/** Not kept on the device: an administrator's pages, read online. */
export const sitesQuery = (filters: SiteFilters) =>
  infiniteQueryOptions({
    queryKey: ['settings-sites', filters] as const,
    queryFn: ({ pageParam, signal }) => sitesApi.page(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const siteQuery = (siteID: number) =>
  queryOptions({
    queryKey: ['settings-sites', 'site', siteID] as const,
    queryFn: ({ signal }) => sitesApi.get(siteID, signal),
  });
