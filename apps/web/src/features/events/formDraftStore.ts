/**
 * The form drafts' rows in the device's database (lib/offline/db.ts `formDrafts`): one per user and
 * form route. Reading drops rows older than FORM_DRAFT_MAX_AGE_MS (of every user: nobody is offered
 * them any more). A failing database (private mode, storage full) never stops the form: the calls
 * resolve and the form works as before.
 */
import { FORM_DRAFT_MAX_AGE_MS, type FormDraftRow, offlineDB } from '../../lib/offline/db';
import type { EventForm } from './form/eventsPart';
import { type DraftableForm, type FormDraft, formDraftID, storableForm } from './formDraft';

export async function readFormDraft<F extends DraftableForm = EventForm>(
  userID: number,
  route: string,
  nowMs: number,
): Promise<FormDraft<F> | null> {
  try {
    const db = offlineDB();
    await db.formDrafts
      .where('savedAt')
      .below(nowMs - FORM_DRAFT_MAX_AGE_MS)
      .delete();
    const row = await db.formDrafts.get(formDraftID(userID, route));
    if (!row || row.userID !== userID || typeof row.form !== 'object' || row.form === null) return null;
    return {
      route: row.route,
      baseVersion: row.baseVersion,
      form: row.form as F,
      waitingMediaIDs: Array.isArray(row.waitingMediaIDs) ? row.waitingMediaIDs : [],
      savedAt: row.savedAt,
    };
  } catch {
    return null;
  }
}

export async function writeFormDraft<F extends DraftableForm>(
  userID: number,
  draft: FormDraft<F>,
): Promise<void> {
  const row: FormDraftRow = {
    id: formDraftID(userID, draft.route),
    userID,
    route: draft.route,
    baseVersion: draft.baseVersion,
    form: storableForm(draft.form),
    waitingMediaIDs: draft.waitingMediaIDs,
    savedAt: draft.savedAt,
  };
  try {
    await offlineDB().formDrafts.put(row);
  } catch {
    // Nothing to do: the form is still on screen.
  }
}

export async function deleteFormDraft(userID: number, route: string): Promise<void> {
  try {
    await offlineDB().formDrafts.delete(formDraftID(userID, route));
  } catch {
    // A row left behind expires.
  }
}
