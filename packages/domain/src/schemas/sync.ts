/** The sync service's answers (issue 6): other devices' reports of work not uploaded. */
import { z } from 'zod';

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
