// Register signatures, accident signatures, attendance requests and a child's today (spec 002 §7):
// POST signatures, POST events/{id}/signatures, GET sites/{siteID}/attendance/{date}/requests,
// PUT attendance/requests/{id}, GET children/{childID}/today, the image path.

import { routes } from '@nursery/domain/common';
import type {
  AttendanceDecisionBody,
  EventSignatureBody,
  getAttendanceRequests,
  getChildToday,
  postEventSignature,
  postSignature,
  putAttendanceRequest,
  SignatureBody,
} from '@nursery/domain/events';
import { callRoute } from '../../lib/api';

export const signatureApi = {
  /** POST api/v1/signatures */
  post: (body: SignatureBody) => callRoute<typeof postSignature>(routes.postSignature, { body }),
  /** POST api/v1/events/{id}/signatures: an accident's parent signature. */
  postEvent: (eventID: number, body: EventSignatureBody) =>
    callRoute<typeof postEventSignature>(routes.postEventSignature, { params: { id: eventID }, body }),
  /** GET api/v1/sites/{siteID}/attendance/{date}/requests */
  requests: (siteID: number, date: string, signal?: AbortSignal) =>
    callRoute<typeof getAttendanceRequests>(routes.getAttendanceRequests, {
      params: { siteID, date },
      signal,
    }),
  /** PUT api/v1/attendance/requests/{id}: approve (check in/out at the time) or decline. */
  decide: (id: number, body: AttendanceDecisionBody) =>
    callRoute<typeof putAttendanceRequest>(routes.putAttendanceRequest, { params: { id }, body }),
  /** GET api/v1/children/{childID}/today */
  childToday: (childID: number, signal?: AbortSignal) =>
    callRoute<typeof getChildToday>(routes.getChildToday, { params: { childID }, signal }),
};

export const signatureKeys = {
  requests: (siteID: number, date: string) => ['register', 'attendance-requests', siteID, date] as const,
  childToday: (childID: number) => ['child-today', childID] as const,
};
