/**
 * What stays refused while offline (issue 6; spec 000 §5 two-year check, spec 002 §2/§8 reminders,
 * profile photo, future registers): the device cannot queue these, because the server must judge them
 * at the moment they happen (one check per child, a reminder's recipients, a photo's moderation, a
 * register that has not begun). Each screen asks here and shows the message.
 */
import type { MessageKey } from './messages.ts';

export type OfflineRefusedAction =
  | { kind: 'two-year-check' }
  | { kind: 'create-reminder' }
  | { kind: 'edit-reminder' }
  | { kind: 'profile-photo' }
  /** Viewing or changing the register of `date` (YYYY-MM-DD) when the site's today is `today`. */
  | { kind: 'register'; date: string; today: string };

/** The message that refuses the action while offline, or null when it may go ahead (or be queued). */
export function offlineRefusal(action: Exclude<OfflineRefusedAction, { kind: 'register' }>): MessageKey;
export function offlineRefusal(action: OfflineRefusedAction): MessageKey | null;
export function offlineRefusal(action: OfflineRefusedAction): MessageKey | null {
  switch (action.kind) {
    case 'two-year-check':
      return 'err-twoyear-offline';
    case 'create-reminder':
      return 'create-reminder-offline';
    case 'edit-reminder':
      return 'edit-reminder-offline';
    case 'profile-photo':
      return 'profile-photo-offline';
    case 'register':
      // ISO dates compare as strings; today's and past registers work offline from the cache.
      return action.date > action.today ? 'registers-future-date-offline' : null;
  }
}
