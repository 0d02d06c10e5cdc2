import type { SpotlightTag } from '@nursery/domain/events';

/** `#/spotlight/{eventID or add}`: 'add', a stored event's id, or nothing usable. */
export type SpotlightRoute = { mode: 'add' } | { mode: 'edit'; id: number } | { mode: 'invalid' };

export function parseSpotlightRoute(eventID: string | undefined): SpotlightRoute {
  if (eventID === 'add') return { mode: 'add' };
  if (eventID && /^[1-9]\d{0,9}$/.test(eventID) && Number(eventID) <= 2_147_483_647) {
    return { mode: 'edit', id: Number(eventID) };
  }
  return { mode: 'invalid' };
}

/** The add form's type from `?type=` (the Event Checker and Big Picture tabs link back with it). */
export function parseTypeParam(value: string | null): SpotlightTag | null {
  return value === 'snapshot' || value === 'learningStory' ? value : null;
}

/** `#/events/{ids}` (spec 000 §2: where the drafts list sends Spotlight events): the first event's editor. */
export function eventsRedirect(ids: string | undefined): string {
  const first = ids?.split(',')[0];
  const route = parseSpotlightRoute(first);
  return route.mode === 'edit' ? `/spotlight/${route.id}` : '/spotlight/add';
}
