/** The sync service's calls (issue 6): each device's report of work not uploaded, and the others'. */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { Id, IdParam, SafeText } from './primitives.ts';

/** The device id is a random id the web app keeps in localStorage (a UUID today). */
export const DeviceID = SafeText.trim().min(8).max(64);
const Count = z.number().int().min(0).max(1_000_000);

export const SyncReportRequest = z.object({
  deviceID: DeviceID,
  /** Default: the session's site. */
  siteID: Id.optional(),
  unsyncedEvents: Count,
  unsyncedMedia: Count,
});
export type SyncReportRequest = z.infer<typeof SyncReportRequest>;

export const SyncReportAnswer = z.object({ ok: z.literal(true) });
export type SyncReportAnswer = z.infer<typeof SyncReportAnswer>;

export const reportSync = defineRoute({
  ...routes.reportSync,
  summary: "Report this device's unsynced counts (one row per device, the latest wins)",
  tags: ['sync'],
  body: SyncReportRequest,
  response: { 200: SyncReportAnswer },
});

/** Other devices than this one (deviceID) at the site. */
export const OtherDevicesQuery = z.object({
  siteID: IdParam,
  deviceID: DeviceID.optional(),
});
export type OtherDevicesQuery = z.infer<typeof OtherDevicesQuery>;

export const SyncOthersAnswer = z.object({ otherDevicesUnsynced: z.number().int() });
export type SyncOthersAnswer = z.infer<typeof SyncOthersAnswer>;

export const getSyncOthers = defineRoute({
  ...routes.getSyncOthers,
  summary: 'How many other devices at the site hold unsynced events (reported in the last 7 days)',
  tags: ['sync'],
  querystring: OtherDevicesQuery,
  response: { 200: SyncOthersAnswer },
});

/** A device at the site whose latest report (within 7 days) holds unsynced events. */
export const OtherDevice = z.object({
  deviceID: z.string(),
  userID: z.number().int(),
  /** The reporting user's name ('' when the account is gone). */
  staffName: z.string(),
  unsyncedEvents: z.number().int(),
  unsyncedMedia: z.number().int(),
  /** ISO date-time of the report. */
  reportedAt: z.string(),
});
export type OtherDevice = z.infer<typeof OtherDevice>;

export const SyncDevicesAnswer = z.object({ devices: z.array(OtherDevice) });
export type SyncDevicesAnswer = z.infer<typeof SyncDevicesAnswer>;

export const listSyncDevices = defineRoute({
  ...routes.listSyncDevices,
  summary: 'Other devices at the site holding unsynced events (reported in the last 7 days), with whose work',
  tags: ['sync'],
  querystring: OtherDevicesQuery,
  response: { 200: SyncDevicesAnswer },
});
