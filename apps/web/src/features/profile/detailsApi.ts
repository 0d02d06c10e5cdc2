// One's own change of details (issue 30): the pending request and raising one (online only: a change
// request is the server's to hold, the profile says so offline rather than queueing it).
import type {
  ChangeRequestRaiseBody,
  getOwnChangeRequest,
  raiseChangeRequest,
} from '@nursery/domain/account';
import { routes } from '@nursery/domain/common';
import { callRoute } from '../../lib/api';

export const OWN_CHANGE_REQUEST_KEY = ['profile', 'own-change-request'] as const;

export const detailsApi = {
  pending: (signal?: AbortSignal) =>
    callRoute<typeof getOwnChangeRequest>(routes.getOwnChangeRequest, { signal }),
  raise: (fields: ChangeRequestRaiseBody['fields']) =>
    callRoute<typeof raiseChangeRequest>(routes.raiseChangeRequest, { body: { fields } }),
};
