// The home screen's calls: the server's health (its version), the overview (agenda, today's bookings,
// due in) and the reminder saves.
import type { getHealth, RouteBody } from '@nursery/domain/common';
import { routes } from '@nursery/domain/common';
import type { getHomeOverview, postReminder, putReminder } from '@nursery/domain/home';
import { callRoute } from '../../lib/api';

export const healthApi = {
  get: (signal?: AbortSignal) => callRoute<typeof getHealth>(routes.getHealth, { signal }),
};

export const homeApi = {
  /** GET api/v1/home/overview?siteID=: today to 2 days ahead (agenda), today's bookings, due in. */
  overview: (siteID: number, signal?: AbortSignal) =>
    callRoute<typeof getHomeOverview>(routes.getHomeOverview, { query: { siteID }, signal }),
  /** POST api/v1/events: a new reminder (uuid: a retry is not saved twice). */
  addReminder: (body: RouteBody<typeof postReminder>) =>
    callRoute<typeof postReminder>(routes.postReminder, { body }),
  /** PUT api/v1/events/{id}: a reminder's subjects, due day and notes at its version. */
  editReminder: (id: number, body: RouteBody<typeof putReminder>) =>
    callRoute<typeof putReminder>(routes.putReminder, { params: { id }, body }),
};
