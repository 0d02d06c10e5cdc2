// The sync service's calls (issue 6): this device's report after each sync, and the other devices at
// the site that hold unsynced work.
import type { SyncDevicesAnswer } from '@nursery/domain';
import { api } from '../../lib/api';
import type { DeviceReport } from '../../lib/offline/sync';

export const syncApi = {
  /** POST api/v1/sync/report: this device's unsynced counts (the latest report wins). */
  report: (report: DeviceReport) => api.post<{ ok: true }>('/api/v1/sync/report', report),
  /** GET api/v1/sync/others: how many other devices at the site hold unsynced events. */
  others: (query: { siteID: number; deviceID: string }, signal?: AbortSignal) =>
    api.get<{ otherDevicesUnsynced: number }>('/api/v1/sync/others', { query, signal }),
  /** GET api/v1/sync/devices (viewDeviceSync): those devices, with whose work. */
  devices: (query: { siteID: number; deviceID: string }, signal?: AbortSignal) =>
    api.get<SyncDevicesAnswer>('/api/v1/sync/devices', { query, signal }),
};
