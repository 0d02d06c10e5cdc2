// The requests widget's calls (spec 002 §7): booking requests GET and PUT {id}, change requests GET,
// POST approve/{id} and DELETE {id}, GDPR erasure requests GET and PUT {id}. Online only: the widget
// says so offline instead of showing a stale list someone else may have decided.

import { routes } from '@nursery/domain/common';
import type {
  approveChangeRequest,
  BookingRequestDecisionBody,
  ChangeRequestApproveBody,
  declineChangeRequest,
  getBookingRequests,
  getChangeRequests,
  getGdprErasureRequests,
  putBookingRequest,
  putGdprErasureRequest,
} from '@nursery/domain/home';
import { callRoute } from '../../../../lib/api';

export const requestKeys = {
  bookings: (siteID: number) => ['requests', 'bookings', siteID] as const,
  changes: ['requests', 'changes'] as const,
  gdpr: ['requests', 'gdpr'] as const,
};

export const requestsApi = {
  bookings: (siteID: number, signal?: AbortSignal) =>
    callRoute<typeof getBookingRequests>(routes.getBookingRequests, { query: { siteID }, signal }),
  decideBooking: (id: number, body: BookingRequestDecisionBody) =>
    callRoute<typeof putBookingRequest>(routes.putBookingRequest, { params: { id }, body }),
  changes: (signal?: AbortSignal) =>
    callRoute<typeof getChangeRequests>(routes.getChangeRequests, { signal }),
  approveChange: (id: number, fields: ChangeRequestApproveBody['fields']) =>
    callRoute<typeof approveChangeRequest>(routes.approveChangeRequest, { params: { id }, body: { fields } }),
  declineChange: (id: number) =>
    callRoute<typeof declineChangeRequest>(routes.declineChangeRequest, { params: { id } }),
  gdpr: (signal?: AbortSignal) =>
    callRoute<typeof getGdprErasureRequests>(routes.getGdprErasureRequests, { signal }),
  decideGdpr: (id: number, approved: boolean) =>
    callRoute<typeof putGdprErasureRequest>(routes.putGdprErasureRequest, {
      params: { id },
      body: { approved },
    }),
};
