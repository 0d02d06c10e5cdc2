/**
 * Form drafts (issue 13 "nothing typed is ever lost"): the add/edit form kept on the device as it is
 * typed, per user and form route, and offered back when the form is opened again. Pure helpers here;
 * formDraftStore.ts reads and writes the Dexie rows and formDraftHook.ts ties them to the form.
 */
import type { EventForm } from './form/eventsPart';

/**
 * What a kept form must hold (the event editor's EventForm, the Spotlight editor's form): its type,
 * its media ids and the uploads running (never stored). `uuid`, when present, is the save id.
 */
export interface DraftableForm {
  typeID: number | null;
  mediaIDs: string[];
  uploading: string[];
}

/** A write waits this long after the last change (each keystroke would otherwise write). */
export const FORM_DRAFT_DEBOUNCE_MS = 400;

/**
 * The form's route key: one add form per user (the draft remembers its tab, as the form itself keeps
 * notes and children across tabs) and one per edited event (multi mode steps are events too).
 */
export function formDraftRoute(eventID: number | null): string {
  return eventID === null ? 'add' : `edit/${eventID}`;
}

export function formDraftID(userID: number, route: string): string {
  return `${userID}:${route}`;
}

/** A kept form as the editor reads it back. */
export interface FormDraft<F extends DraftableForm = EventForm> {
  route: string;
  baseVersion: number | null;
  form: F;
  /** Media ids that were photos waiting on the device (picked offline) when the draft was written. */
  waitingMediaIDs: string[];
  savedAt: number;
}

/** JSON with object keys sorted at every level, so two equal forms give one string. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What is compared to tell a changed form: everything the user can change (not the save id). */
function comparable(form: DraftableForm & { uuid?: string }): string {
  const { uuid: _uuid, uploading: _uploading, ...rest } = form;
  return stableJson(rest);
}

/** The form differs from how it opened (a keystroke, a child, a photo, a code). */
export function isFormDirty<F extends DraftableForm>(form: F, initial: F): boolean {
  if (form.uploading.length > 0) return true;
  return comparable(form) !== comparable(initial);
}

/** The form as stored: uploads still running are not (they end with the page). */
export function storableForm<F extends DraftableForm>(form: F): F {
  return { ...form, uploading: [] };
}

/**
 * The form to continue from a draft: the draft's values over the freshly opened form (a draft of an
 * older build may lack a field), without photos that were waiting in this page's memory and are gone
 * now (after a reload): saving would point at files that exist nowhere.
 */
export function restoredForm<F extends DraftableForm>(
  draft: Pick<FormDraft<F>, 'form' | 'waitingMediaIDs'>,
  initial: F,
  stillWaiting: (mediaID: string) => boolean,
): F {
  const kept = draft.form as Partial<F>;
  const lost = new Set(draft.waitingMediaIDs.filter((id) => !stillWaiting(id)));
  const mediaIDs = Array.isArray(kept.mediaIDs) ? kept.mediaIDs.filter((id) => !lost.has(id)) : [];
  return { ...initial, ...kept, typeID: kept.typeID ?? initial.typeID, mediaIDs, uploading: [] };
}

/** A draft worth offering: it holds something other than what the form opens with. */
export function isWorthOffering<F extends DraftableForm>(
  draft: Pick<FormDraft<F>, 'form'>,
  initial: F,
): boolean {
  return isFormDirty(
    restoredForm({ form: draft.form, waitingMediaIDs: [] }, initial, () => true),
    initial,
  );
}

/** Photos lost with the page's memory, for the restore message. */
export function lostMediaCount<F extends DraftableForm>(
  draft: Pick<FormDraft<F>, 'form' | 'waitingMediaIDs'>,
  stillWaiting: (mediaID: string) => boolean,
): number {
  const ids = new Set((draft.form as Partial<F>).mediaIDs ?? []);
  return draft.waitingMediaIDs.filter((id) => ids.has(id) && !stillWaiting(id)).length;
}
