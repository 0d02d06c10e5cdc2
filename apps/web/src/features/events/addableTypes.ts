import type { EventTypeConfig } from '@nursery/domain/account';
import { ADD_SCREEN_TAGS } from '@nursery/domain/events';
import type { Session } from '../auth';
import { saveTargets } from './saveTargets';

/** Types with a tab on the add screen that the user may create (spec 000 §2), in tab order. */
export function addableTypes(session: Pick<Session, 'config' | 'me'>): EventTypeConfig[] {
  const { config, me } = session;
  const order = (tag: string) => (ADD_SCREEN_TAGS as readonly string[]).indexOf(tag);
  return config.eventTypes
    .filter((t) => t.enabled && order(t.tag) >= 0)
    .filter(
      (t) =>
        saveTargets({
          type: t,
          statuses: config.eventStatuses,
          roles: config.eventRoles,
          transitions: config.eventTransitions,
          hasStaffID: me.staffID !== null,
          current: null,
        }).length > 0,
    )
    .sort((a, b) => order(a.tag) - order(b.tag));
}

/**
 * Medication records have their own form in the events drawer (issue 31): the add/edit screen sends a
 * medication type or event there (#/events/new/medication, #/events/{id}); null for any other type.
 * Medication stays off the add screen's tabs (spec 000 §2); this catches a link that names it.
 */
export function medicationRecordPath(tag: string | undefined, eventID: number | null): string | null {
  if (tag !== 'medication') return null;
  return eventID === null ? '/events/new/medication' : `/events/${eventID}`;
}
