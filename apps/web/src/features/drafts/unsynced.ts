/**
 * Counts behind the drafts list's unsynced alerts (spec 000 §2 "Alerts"): events saved on this device
 * that are not uploaded yet, and other staff's observations waiting on this device.
 *
 * PLACEHOLDER: the offline outbox does not exist yet. The outbox issue fills this hook from its store;
 * until then both counts are zero, so neither alert shows.
 */
export interface UnsyncedCounts {
  /** The user's own events waiting in the outbox. */
  mine: number;
  /** Other staff's observations waiting on this device. */
  others: number;
}

const NONE: UnsyncedCounts = { mine: 0, others: 0 };

export function useUnsyncedCounts(): UnsyncedCounts {
  return NONE;
}
