// Staff administration's calls (issue 29): the list (cursor pages), the form's choices, a member and its
// changes, the invitation's resend; and the e-mail outbox #/settings/device lists.
import { routes } from '@nursery/domain/common';
import type {
  archiveStaffMember,
  createStaffMember,
  getStaffMember,
  getStaffOptions,
  listEmailOutbox,
  listStaffAdmin,
  renameStaffMember,
  resendStaffInvitation,
  restoreStaffMember,
  StaffMemberInput,
  StaffNameInput,
  updateStaffMember,
} from '@nursery/domain/settings';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api';

export interface StaffFilters {
  search: string;
  siteID?: number;
  roleID?: number;
  archived: boolean;
}

export const staffAdminApi = {
  page: (f: StaffFilters, cursor: string | null, signal?: AbortSignal) =>
    callRoute<typeof listStaffAdmin>(routes.listStaffAdmin, {
      query: {
        ...(f.search.trim() ? { search: f.search.trim() } : {}),
        ...(f.siteID !== undefined ? { siteID: f.siteID } : {}),
        ...(f.roleID !== undefined ? { roleID: f.roleID } : {}),
        ...(f.archived ? { archived: 'true' } : {}),
        ...(cursor ? { cursor } : {}),
      },
      signal,
    }),
  options: (signal?: AbortSignal) => callRoute<typeof getStaffOptions>(routes.getStaffOptions, { signal }),
  member: (staffID: number, signal?: AbortSignal) =>
    callRoute<typeof getStaffMember>(routes.getStaffMember, { params: { staffID }, signal }),
  create: (body: StaffMemberInput) => callRoute<typeof createStaffMember>(routes.createStaffMember, { body }),
  update: (staffID: number, body: StaffMemberInput) =>
    callRoute<typeof updateStaffMember>(routes.updateStaffMember, { params: { staffID }, body }),
  rename: (staffID: number, body: StaffNameInput) =>
    callRoute<typeof renameStaffMember>(routes.renameStaffMember, { params: { staffID }, body }),
  archive: (staffID: number) =>
    callRoute<typeof archiveStaffMember>(routes.archiveStaffMember, { params: { staffID }, body: {} }),
  restore: (staffID: number) =>
    callRoute<typeof restoreStaffMember>(routes.restoreStaffMember, { params: { staffID } }),
  resend: (staffID: number) =>
    callRoute<typeof resendStaffInvitation>(routes.resendStaffInvitation, { params: { staffID } }),
  outbox: (cursor: string | null, signal?: AbortSignal) =>
    callRoute<typeof listEmailOutbox>(routes.listEmailOutbox, { query: cursor ? { cursor } : {}, signal }),
};

/** Not kept on the device: administrators' screens, read online. */
export const staffListQuery = (filters: StaffFilters) =>
  infiniteQueryOptions({
    queryKey: ['settings-staff', 'list', filters] as const,
    queryFn: ({ pageParam, signal }) => staffAdminApi.page(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const staffOptionsQuery = () =>
  queryOptions({
    queryKey: ['settings-staff', 'options'] as const,
    queryFn: ({ signal }) => staffAdminApi.options(signal),
  });

export const staffMemberQuery = (staffID: number) =>
  queryOptions({
    queryKey: ['settings-staff', 'member', staffID] as const,
    queryFn: ({ signal }) => staffAdminApi.member(staffID, signal),
  });

export const outboxQuery = () =>
  infiniteQueryOptions({
    queryKey: ['settings-outbox'] as const,
    queryFn: ({ pageParam, signal }) => staffAdminApi.outbox(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
