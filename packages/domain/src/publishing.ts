/**
 * Save messages, bulk-action results and publishing warnings (spec 000 §4, §5; spec 001 §4, §6).
 */
import { formatMessage, type MessageKey } from './messages.ts';
import type { PermissionMap } from './permissions.ts';
import { EVENT_STATUSES, EventStatus, type EventStatusDef, isDraftStatus } from './statuses.ts';

/** Accepts a status definition or an id looked up in `statuses`; throws on an unknown id. */
export function resolveStatus(
  status: EventStatusDef | number,
  statuses: readonly EventStatusDef[] = EVENT_STATUSES,
): EventStatusDef {
  if (typeof status !== 'number') return status;
  const found = statuses.find((s) => s.id === status);
  if (!found) throw new RangeError(`Unknown event status: ${status}`);
  return found;
}

export type SaveMessageKey = Extract<
  MessageKey,
  | 'saved-to-drafts'
  | 'saved-to-drafts-offline'
  | 'sent-to-nursery'
  | 'sent-to-nursery-offline'
  | 'saved-to-deleted'
  | 'saved-to-deleted-offline'
  | 'saved-to-published'
  | 'saved-to-published-offline'
  | 'saved-to-status'
  | 'saved-to-status-offline'
>;

export interface SaveMessage {
  key: SaveMessageKey;
  /** Present for the named-status messages. */
  params?: { status: string };
}

export interface SaveMessageInput {
  status: EventStatusDef | number;
  /** False for a user without a staff id (e.g. a parent account). */
  hasStaffID: boolean;
  offline?: boolean;
  statuses?: readonly EventStatusDef[];
}

/**
 * The message after saving: saved to drafts; sent to nursery (a user without a staff id saving to
 * an awaiting-approval status); saved to deleted; saved to published; else saved to the named
 * status. Each has an offline variant (key suffix '-offline').
 */
export function saveMessage(input: SaveMessageInput): SaveMessage {
  const status = resolveStatus(input.status, input.statuses);
  const suffix = input.offline ? '-offline' : '';
  let base:
    | 'saved-to-drafts'
    | 'sent-to-nursery'
    | 'saved-to-deleted'
    | 'saved-to-published'
    | 'saved-to-status';
  if (isDraftStatus(status)) base = 'saved-to-drafts';
  else if (status.awaitingApproval && !input.hasStaffID) base = 'sent-to-nursery';
  else if (status.deleted) base = 'saved-to-deleted';
  else if (status.published) base = 'saved-to-published';
  else base = 'saved-to-status';
  const key = `${base}${suffix}` as SaveMessageKey;
  return base === 'saved-to-status' ? { key, params: { status: status.value } } : { key };
}

/** The en-GB text of a save message. */
export function saveMessageText(message: SaveMessage): string {
  return formatMessage(message.key, message.params);
}

/** "N event(s) published", "N event(s) deleted", otherwise "N event(s) moved to {status}". */
export function bulkResultMessage(
  count: number,
  target: EventStatusDef | number,
  statuses: readonly EventStatusDef[] = EVENT_STATUSES,
): string {
  const status = resolveStatus(target, statuses);
  if (status.published) return formatMessage('bulk-published', { count });
  if (status.deleted) return formatMessage('bulk-deleted', { count });
  return formatMessage('bulk-moved', { count, status: status.value });
}

export type PublishWarningKey = Extract<
  MessageKey,
  'publish-photos-not-permitted' | 'publish-videos-not-permitted' | 'restricted-consideration-publish'
>;

export interface PublishWarning {
  key: PublishWarningKey;
  message: string;
}

export interface PublishCheckInput {
  hasPhotos: boolean;
  hasVideos: boolean;
  /** An Intervention or Staff Support consideration is attached (see isRestrictedConsideration). */
  hasRestrictedConsiderations: boolean;
  permissions: Partial<Pick<PermissionMap, 'publishPhotos' | 'publishVideo' | 'publishConsiderations'>>;
  targetStatus: EventStatusDef | number;
  statuses?: readonly EventStatusDef[];
}

/** True for the statuses that make content final (published or archived). */
export function isPublishOrArchive(status: EventStatusDef): boolean {
  return status.published || status.id === EventStatus.Archived;
}

/**
 * Publishing or archiving is blocked, with every warning collected, when photos exist without
 * publishPhotos, videos without publishVideo, or an Intervention/Staff Support consideration
 * without publishConsiderations. Other target statuses never warn. An empty list means allowed.
 */
export function publishWarnings(input: PublishCheckInput): PublishWarning[] {
  const status = resolveStatus(input.targetStatus, input.statuses);
  if (!isPublishOrArchive(status)) return [];
  const keys: PublishWarningKey[] = [];
  if (input.hasPhotos && !input.permissions.publishPhotos) keys.push('publish-photos-not-permitted');
  if (input.hasVideos && !input.permissions.publishVideo) keys.push('publish-videos-not-permitted');
  if (input.hasRestrictedConsiderations && !input.permissions.publishConsiderations) {
    keys.push('restricted-consideration-publish');
  }
  return keys.map((key) => ({ key, message: formatMessage(key) }));
}

/** Spec 001 §8, word for word. */
export const RESTRICTED_CONSIDERATION_MESSAGE = formatMessage('restricted-consideration-publish');
