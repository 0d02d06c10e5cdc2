// The child register's calls (spec 002 §7): the register of a site on a date, the bookings' new
// actual times (check-in, check-out and their undo) and a mark-off (or its request).

import { routes } from '@nursery/domain/common';
import type {
  getRegister,
  MarkOffBody,
  postMarkOff,
  putBookings,
  RegisterUpdate,
} from '@nursery/domain/registers';
import { callRoute } from '../../lib/api';

export const registerApi = {
  /** GET api/v1/sites/{siteID}/registers?date=&background= */
  get: (siteID: number, date: string, background: boolean, signal?: AbortSignal) =>
    callRoute<typeof getRegister>(routes.getRegister, {
      params: { siteID },
      query: { date, ...(background ? { background: 'true' as const } : {}) },
      signal,
    }),
  /** PUT api/v1/bookings: applied sessions, or the conflicts (someone changed the booking meanwhile). */
  putBookings: (siteID: number, updates: RegisterUpdate[]) =>
    callRoute<typeof putBookings>(routes.putBookings, { body: { siteID, updates } }),
  /** POST api/v1/children/{childID}/markOff */
  markOff: (childID: number, body: MarkOffBody) =>
    callRoute<typeof postMarkOff>(routes.postMarkOff, { params: { childID }, body }),
};
