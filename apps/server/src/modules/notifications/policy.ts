// Which notification methods a user may choose, and receives (spec 002 §6): e-mail needs
// receiveEmails; the event types need viewTimeline, key children and one viewable event type. The
// same rules answer the settings screen (choosable + reason), check a save, and filter a delivery.
import {
  EMAIL_METHOD,
  NOTIFICATION_METHOD_IDS,
  type NotificationMethodChoice,
  type NotificationMethodId,
  type NotificationRefusal,
} from '@nursery/domain/home';
import { AppError } from '../../lib/errors.ts';

/** The facts about the user the rules read. */
export interface SettingsContext {
  receiveEmails: boolean;
  /** viewTimeline, at least one key child and at least one event type the user can view. */
  eventNotifications: boolean;
}

/** The type's fields the rules read. */
export interface RuleType {
  id: number;
  enabled: boolean;
  category: 'general' | 'event';
  allowedMethodIds: number[];
  defaultMethodIds: number[];
}

export function settingsContext(facts: {
  permissions: readonly string[];
  hasKeyChildren: boolean;
  canViewSomeEventType: boolean;
}): SettingsContext {
  return {
    receiveEmails: facts.permissions.includes('receiveEmails'),
    eventNotifications:
      facts.permissions.includes('viewTimeline') && facts.hasKeyChildren && facts.canViewSomeEventType,
  };
}

/** Why the user may not use this method for this type; null when they may. */
export function methodRefusal(
  type: RuleType,
  methodId: number,
  ctx: SettingsContext,
): NotificationRefusal | null {
  if (!type.enabled) return 'type-disabled';
  if (type.category === 'event' && !ctx.eventNotifications) return 'no-event-access';
  if (!type.allowedMethodIds.includes(methodId)) return 'not-offered';
  if (methodId === EMAIL_METHOD && !ctx.receiveEmails) return 'no-receive-emails';
  return null;
}

/** Every method of a type for the settings screen: choosable or not, and why not. */
export function methodChoices(type: RuleType, ctx: SettingsContext): NotificationMethodChoice[] {
  return NOTIFICATION_METHOD_IDS.map((id) => {
    const reason = methodRefusal(type, id, ctx);
    return { id, choosable: reason === null, reason };
  });
}

/** The user's methods as saved, or the type's defaults before they chose (what the screen shows). */
export const chosenMethods = (type: RuleType, saved: number[] | undefined): NotificationMethodId[] =>
  (saved ?? type.defaultMethodIds).filter((m): m is NotificationMethodId =>
    (NOTIFICATION_METHOD_IDS as readonly number[]).includes(m),
  );

/** The methods a notification of this type reaches the user by: chosen and allowed now. */
export const deliveryMethods = (
  type: RuleType,
  saved: number[] | undefined,
  ctx: SettingsContext,
): number[] => chosenMethods(type, saved).filter((m) => methodRefusal(type, m, ctx) === null);

const badSettings = (message: string) => new AppError(400, 'err-invalid-notification-settings', message);

/**
 * Checks a PUT notifications / eventNotifications body: every type exists in the call's group, and
 * every method is one the user may choose for it (400 err-invalid-notification-settings otherwise).
 */
export function checkSettings(
  group: 'general' | 'event',
  body: { id: number; methodIDs: number[] }[],
  types: ReadonlyMap<number, RuleType>,
  ctx: SettingsContext,
): void {
  for (const entry of body) {
    const type = types.get(entry.id);
    if (!type) throw badSettings(`types: notification type ${entry.id} does not exist.`);
    if (type.category !== group) {
      const call = type.category === 'event' ? 'eventNotifications' : 'notifications';
      throw badSettings(`types: notification type ${entry.id} is saved with PUT ${call}.`);
    }
    for (const methodId of entry.methodIDs) {
      const reason = methodRefusal(type, methodId, ctx);
      if (reason)
        throw badSettings(`types: method ${methodId} of type ${entry.id} is not allowed (${reason}).`);
    }
  }
}
