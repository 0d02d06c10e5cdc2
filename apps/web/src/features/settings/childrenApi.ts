// The settings' Children page and the Bookings page (issue 29): api/v1/settings/children and the
// booking patterns. Not kept on the device: an administrator's pages, read online.
import { routes } from '@nursery/domain/common';
import type {
  archiveChildRecord,
  BookingPatternInput,
  ChildListStatus,
  ChildRecordInput,
  childRecordOptions,
  createBookingPattern,
  createChildRecord,
  deleteBookingPattern,
  getChildRecord,
  listChildRecords,
  restoreChildRecord,
  updateBookingPattern,
  updateChildRecord,
} from '@nursery/domain/settings';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api';
import { eventKeys } from '../events';

export interface ChildListFilters {
  siteID?: number;
  roomID?: number;
  status: ChildListStatus;
  search?: string;
}

export const childrenAdminApi = {
  page: (f: ChildListFilters, cursor: string | null, signal?: AbortSignal) =>
    callRoute<typeof listChildRecords>(routes.listChildRecords, {
      query: {
        status: f.status,
        ...(f.siteID !== undefined ? { siteID: f.siteID } : {}),
        ...(f.roomID !== undefined ? { roomID: f.roomID } : {}),
        ...(f.search ? { search: f.search } : {}),
        ...(cursor ? { cursor } : {}),
      },
      signal,
    }),
  options: (signal?: AbortSignal) =>
    callRoute<typeof childRecordOptions>(routes.childRecordOptions, { signal }),
  get: (childID: number, signal?: AbortSignal) =>
    callRoute<typeof getChildRecord>(routes.getChildRecord, { params: { childID }, signal }),
  create: (body: ChildRecordInput) => callRoute<typeof createChildRecord>(routes.createChildRecord, { body }),
  update: (childID: number, body: ChildRecordInput) =>
    callRoute<typeof updateChildRecord>(routes.updateChildRecord, { params: { childID }, body }),
  archive: (childID: number) =>
    callRoute<typeof archiveChildRecord>(routes.archiveChildRecord, { params: { childID } }),
  restore: (childID: number) =>
    callRoute<typeof restoreChildRecord>(routes.restoreChildRecord, { params: { childID } }),
  addPattern: (childID: number, body: BookingPatternInput) =>
    callRoute<typeof createBookingPattern>(routes.createBookingPattern, { params: { childID }, body }),
  updatePattern: (patternID: number, body: BookingPatternInput) =>
    callRoute<typeof updateBookingPattern>(routes.updateBookingPattern, { params: { patternID }, body }),
  removePattern: (patternID: number) =>
    callRoute<typeof deleteBookingPattern>(routes.deleteBookingPattern, { params: { patternID } }),
};

export const childListQuery = (f: ChildListFilters) =>
  infiniteQueryOptions({
    queryKey: ['settings-children', f] as const,
    queryFn: ({ pageParam, signal }) => childrenAdminApi.page(f, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export const childOptionsQuery = () =>
  queryOptions({
    queryKey: ['settings-children-options'] as const,
    queryFn: ({ signal }) => childrenAdminApi.options(signal),
  });

export const childRecordQuery = (childID: number) =>
  queryOptions({
    queryKey: ['settings-child', childID] as const,
    queryFn: ({ signal }) => childrenAdminApi.get(childID, signal),
  });

/**
 * What a child's change (added, changed, archived, restored) makes read again: the settings' child
 * lists, and every site's list of children on the floor, which the Add screen's child picker keeps
 * fresh for 5 minutes; without it a child just added could not be chosen there for those minutes
 * (found by the empty-install walk, issue 29).
 */
export const refreshAfterChildChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['settings-children'] }),
    queryClient.invalidateQueries({ queryKey: eventKeys.allChildren }),
  ]);
