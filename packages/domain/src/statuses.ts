/** Event statuses (spec 000 §3, 002 §3). Ids are fixed across every provider. */
export const EventStatus = {
  Draft: 1,
  Pending: 3,
  Archived: 4,
  Published: 5,
  Deleted: 6,
} as const;
export type EventStatusID = (typeof EventStatus)[keyof typeof EventStatus];

export interface EventStatusDef {
  id: EventStatusID;
  value: string;
  incomplete: boolean;
  awaitingApproval: boolean;
  deleted: boolean;
  published: boolean;
}

export const EVENT_STATUSES: readonly EventStatusDef[] = [
  { id: 1, value: 'Draft', incomplete: true, awaitingApproval: false, deleted: false, published: false },
  { id: 3, value: 'Pending', incomplete: true, awaitingApproval: true, deleted: false, published: false },
  { id: 4, value: 'Archived', incomplete: false, awaitingApproval: false, deleted: false, published: false },
  { id: 5, value: 'Published', incomplete: false, awaitingApproval: false, deleted: false, published: true },
  { id: 6, value: 'Deleted', incomplete: false, awaitingApproval: false, deleted: true, published: false },
];

export const EVENT_STATUS_IDS = EVENT_STATUSES.map((s) => s.id);

export function statusById(id: number): EventStatusDef | undefined {
  return EVENT_STATUSES.find((s) => s.id === id);
}

/** The draft status is the incomplete one not awaiting approval. */
export function isDraftStatus(s: EventStatusDef): boolean {
  return s.incomplete && !s.awaitingApproval;
}
