// The one place that shapes notification rows into answers (typed by the answer schemas).
import { NOTIFICATION_METHODS } from '@nursery/domain/common';
import type { Notification, NotificationConfigAnswer, NotificationMethodId } from '@nursery/domain/home';
import { deliveryMethods, methodChoices, type SettingsContext } from './policy.ts';
import type { NotificationRow, NotificationTypeRow } from './queries.ts';

const blobObject = (blob: unknown): Record<string, unknown> =>
  blob && typeof blob === 'object' && !Array.isArray(blob) ? (blob as Record<string, unknown>) : {};

const positiveInt = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;

export function notificationOf(row: NotificationRow): Notification {
  const blob = blobObject(row.jsonBlob);
  return {
    id: row.id,
    name: row.name,
    // A record whose type the provider no longer has keeps its own name as the label.
    typeName: row.typeName ?? row.name,
    jsonBlob: JSON.stringify(blob),
    timestamp: row.timestamp.toISOString(),
    read: row.readAt !== null,
    eventID: positiveInt(blob.eventID),
    message: typeof blob.message === 'string' ? blob.message : null,
  };
}

export function configAnswer(
  types: NotificationTypeRow[],
  saved: ReadonlyMap<number, number[]>,
  ctx: SettingsContext,
): NotificationConfigAnswer {
  return {
    notificationMethods: NOTIFICATION_METHODS.map((m) => ({ id: m.id, name: m.name })),
    types: types.map((t) => ({
      id: t.id,
      code: t.code,
      name: t.name,
      enabled: t.enabled,
      group: t.category,
      allowedMethodIDs: t.allowedMethodIds as NotificationMethodId[],
      // What the user receives now: a method chosen once and no longer allowed is not shown as on.
      methodIDs: deliveryMethods(t, saved.get(t.id), ctx) as NotificationMethodId[],
      methods: methodChoices(t, ctx),
    })),
  };
}
