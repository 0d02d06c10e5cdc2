/**
 * A comment being written is kept on the device per user and event (issue 31): a reload, a lost
 * connection or closing the drawer keeps what was typed until it is sent. localStorage: a few short
 * texts, read once when the thread opens.
 */
const PREFIX = 'nursery.commentDraft';

export function commentDraftKey(userID: number, eventID: number): string {
  return `${PREFIX}.${userID}.${eventID}`;
}

export function readCommentDraft(
  key: string,
  storage: Pick<Storage, 'getItem'> = window.localStorage,
): string {
  try {
    return storage.getItem(key) ?? '';
  } catch {
    return ''; // storage switched off: nothing kept
  }
}

/** Keeps the text; an empty (or blank) text removes the key. */
export function writeCommentDraft(
  key: string,
  text: string,
  storage: Pick<Storage, 'setItem' | 'removeItem'> = window.localStorage,
): void {
  try {
    if (text.trim() === '') storage.removeItem(key);
    else storage.setItem(key, text);
  } catch {
    // Full or switched off: the text box still holds it for this visit.
  }
}
