// The sync service's calls (issue 6): this device's report after each sync, and the other devices at
// the site that hold unsynced work. Typed by the domain's contracts (imported as types only).

import { routes } from '@nursery/domain/common';
import type { getSyncOthers, listSyncDevices, reportSync, SyncReportRequest } from '@nursery/domain/offline';
import { callRoute } from '../../lib/api';

interface OtherDevicesQuery {
  siteID: number;
  /** This device, left out of the answer. */
  deviceID: string;
}

export const syncApi = {
  /** POST api/v1/sync/report: this device's unsynced counts (the latest report wins). */
  report: (body: SyncReportRequest) => callRoute<typeof reportSync>(routes.reportSync, { body }),
  /** GET api/v1/sync/others: how many other devices at the site hold unsynced events. */
  others: (query: OtherDevicesQuery, signal?: AbortSignal) =>
    callRoute<typeof getSyncOthers>(routes.getSyncOthers, { query, signal }),
  /** GET api/v1/sync/devices (viewDeviceSync): those devices, with whose work. */
  devices: (query: OtherDevicesQuery, signal?: AbortSignal) =>
    callRoute<typeof listSyncDevices>(routes.listSyncDevices, { query, signal }),
};
