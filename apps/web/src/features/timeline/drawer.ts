/**
 * The events drawer's pure rules (issue 31): the ids of #/events/{ids}, which view an event opens in,
 * and the signature roles' order. No React: drawer.test.ts covers them.
 */
import type { EventTag } from '@nursery/domain/events';

/** As many events as one GET api/v3/events/{ids} answers. */
export const DRAWER_IDS_MAX = 20;

/**
 * The ids of `#/events/{ids}` (comma-separated, each once, in the order given), or null when the
 * list is not a list of event ids (the drawer then says it found nothing).
 */
export function parseEventIDs(raw: string | undefined): number[] | null {
  if (!raw || !/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/.test(raw)) return null;
  const ids = [...new Set(raw.split(',').map(Number))];
  if (ids.some((id) => id > 2_147_483_647) || ids.length > DRAWER_IDS_MAX) return null;
  return ids;
}

export type DrawerView = 'medication' | 'spotlight' | 'form';

/** Snapshots and learning stories show in their Spotlight view, a medication in its record, others in their form. */
export function drawerView(tag: EventTag | undefined): DrawerView {
  if (tag === 'medication') return 'medication';
  if (tag === 'snapshot' || tag === 'learningStory') return 'spotlight';
  return 'form';
}

/** Where Edit goes: Spotlight's editor for its types, the add/edit screen for the others. */
export function editPath(tag: EventTag | undefined, id: number): string {
  return drawerView(tag) === 'spotlight' ? `/spotlight/${id}` : `/edit/${id}`;
}

/** #/conversations/new about the event (spec 000 §2: childID, eventID). */
export function conversationPath(eventID: number, childID: number | null): string {
  const q = new URLSearchParams();
  if (childID !== null) q.set('childID', String(childID));
  q.set('eventID', String(eventID));
  return `/conversations/new?${q.toString()}`;
}

/** A medication record's signatures in the order they are given (spec 002 §4); others after. */
const SIGNATURE_ORDER = ['AdministeredBy', 'Witness', 'Consent', 'Parent'];

export function inSignatureOrder<S extends { signatureType: string }>(signatures: readonly S[]): S[] {
  const rank = (s: S) => {
    const i = SIGNATURE_ORDER.indexOf(s.signatureType);
    return i === -1 ? SIGNATURE_ORDER.length : i;
  };
  return [...signatures].sort((a, b) => rank(a) - rank(b));
}
