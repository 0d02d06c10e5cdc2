import type { SiteChild } from '@nursery/domain/children';
import type { EventForm } from '../form/eventsPart';

/** The sync screen's line for a queued save: the children, then the first words of the notes. */
export function outboxTitle(
  form: Pick<EventForm, 'childIDs' | 'notes'>,
  children: SiteChild[],
  fallback: string,
): string {
  const names = form.childIDs
    .map((id) => children.find((c) => c.id === id))
    .filter((c): c is SiteChild => c !== undefined)
    .map((c) => `${c.forename} ${c.surname}`);
  const who = names.length > 3 ? `${names.slice(0, 3).join(', ')} +${names.length - 3}` : names.join(', ');
  const notes = form.notes.trim().replace(/\s+/g, ' ');
  const words = notes.length > 60 ? `${notes.slice(0, 57)}…` : notes;
  return [who, words].filter(Boolean).join(': ') || fallback;
}
