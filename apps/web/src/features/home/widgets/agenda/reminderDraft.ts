/**
 * The reminder form's state, kept outside the modal (issue 15: nothing typed is lost): closing the
 * modal by accident (Escape, a tap outside, leaving Home) keeps what was chosen and typed; only a save
 * or "Clear the form" drops it. One draft for a new reminder and one per reminder being edited.
 */
import { createStore } from '../../../../lib/store';
import { useStore } from '../../../../lib/useStore';
import { randomUuid } from '../../../../lib/uuid';

export interface ReminderDraft {
  childIDs: number[];
  staffIDs: number[];
  /** YYYY-MM-DD. */
  due: string;
  notes: string;
  search: string;
  /** The save's id: a retry of the same save is not stored twice. */
  uuid: string;
}

export type DraftKey = 'add' | `edit:${number}`;

const drafts = new Map<DraftKey, ReminderDraft>();
/** Counts the changes of any draft: what a component re-renders on. */
const version = createStore(0);

function emit() {
  version.update((v) => v + 1);
}

/** The draft under `key`, started from `initial` when there is none. */
export function draftFor(
  key: DraftKey,
  initial: () => Omit<ReminderDraft, 'uuid' | 'search'>,
): ReminderDraft {
  let draft = drafts.get(key);
  if (!draft) {
    draft = { ...initial(), search: '', uuid: randomUuid() };
    drafts.set(key, draft);
  }
  return draft;
}

export function updateDraft(key: DraftKey, change: Partial<ReminderDraft>): void {
  const draft = drafts.get(key);
  if (!draft) return;
  drafts.set(key, { ...draft, ...change });
  emit();
}

export function dropDraft(key: DraftKey): void {
  drafts.delete(key);
  emit();
}

/** Re-renders when any draft changes; read the draft itself with draftFor. */
export function useDraftVersion(): number {
  return useStore(version);
}
