// The contacts pages' calls (issue 29): api/v1/contacts and its links, password and archive calls.
import { routes } from '@nursery/domain/common';
import type {
  ContactDetailsInput,
  ContactLinkInput,
  createContact,
  deleteContactChild,
  getCollectionPassword,
  getContact,
  listContactChildChoices,
  listContacts,
  putContactChild,
  setContactArchived,
  updateContact,
} from '@nursery/domain/settings';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api';

export interface ContactListFilter {
  q: string;
  archived: boolean;
}

export const contactsApi = {
  page: (f: ContactListFilter, cursor: string | null, signal?: AbortSignal) =>
    callRoute<typeof listContacts>(routes.listContacts, {
      query: {
        ...(f.q.trim() ? { q: f.q.trim() } : {}),
        ...(f.archived ? { archived: 'true' as const } : {}),
        ...(cursor ? { cursor } : {}),
      },
      signal,
    }),
  get: (contactID: number, signal?: AbortSignal) =>
    callRoute<typeof getContact>(routes.getContact, { params: { contactID }, signal }),
  create: (body: ContactDetailsInput) => callRoute<typeof createContact>(routes.createContact, { body }),
  update: (contactID: number, body: ContactDetailsInput) =>
    callRoute<typeof updateContact>(routes.updateContact, { params: { contactID }, body }),
  setArchived: (contactID: number, archived: boolean) =>
    callRoute<typeof setContactArchived>(routes.setContactArchived, {
      params: { contactID },
      body: { archived },
    }),
  password: (contactID: number) =>
    callRoute<typeof getCollectionPassword>(routes.getCollectionPassword, { params: { contactID } }),
  putLink: (contactID: number, childID: number, body: ContactLinkInput) =>
    callRoute<typeof putContactChild>(routes.putContactChild, { params: { contactID, childID }, body }),
  removeLink: (contactID: number, childID: number) =>
    callRoute<typeof deleteContactChild>(routes.deleteContactChild, { params: { contactID, childID } }),
  childChoices: (q: string, signal?: AbortSignal) =>
    callRoute<typeof listContactChildChoices>(routes.listContactChildChoices, { query: { q }, signal }),
};

/** Not kept on the device: an administrator's pages, read online. */
export const contactsListQuery = (f: ContactListFilter) =>
  infiniteQueryOptions({
    queryKey: ['contacts', 'list', f] as const,
    queryFn: ({ pageParam, signal }) => contactsApi.page(f, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const contactQuery = (contactID: number) =>
  queryOptions({
    queryKey: ['contacts', 'one', contactID] as const,
    queryFn: ({ signal }) => contactsApi.get(contactID, signal),
  });

export const contactChildChoicesQuery = (q: string) =>
  queryOptions({
    queryKey: ['contacts', 'child-choices', q] as const,
    queryFn: ({ signal }) => contactsApi.childChoices(q, signal),
  });
