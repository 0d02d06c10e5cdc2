// The emergency contacts list's call (spec 002 §2): GET api/v1/sites/{siteID}/emergency-contacts.
import type { getEmergencyContacts } from '@nursery/domain/children';
import { routes } from '@nursery/domain/common';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api';

export const emergencyApi = {
  get: (siteID: number, signal?: AbortSignal) =>
    callRoute<typeof getEmergencyContacts>(routes.getEmergencyContacts, { params: { siteID }, signal }),
};

/** Query keys: `['emergency', siteID]` is kept on the device (lib/offline/persistRules.ts). */
export const emergencyKeys = {
  all: ['emergency'] as const,
  site: (siteID: number) => ['emergency', siteID] as const,
};

/** The site's list as a query: the screen and the device's preparation at login (features/sync). */
export const emergencyListQuery = (siteID: number) =>
  queryOptions({
    queryKey: emergencyKeys.site(siteID),
    queryFn: ({ signal }) => emergencyApi.get(siteID, signal),
  });
