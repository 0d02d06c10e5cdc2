// What is typed in a message box stays on the device (localStorage, per user and per thread or event)
// until it is sent: a reload, a lost connection or a closed tab loses nothing (issue 31).
type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Where a draft is kept: a reply in a thread, or the first message about an event. */
export type DraftPlace = { threadID: number } | { eventID: number; childID: number };

export function messageDraftKey(userID: number, place: DraftPlace): string {
  const where = 'threadID' in place ? `thread-${place.threadID}` : `event-${place.eventID}-${place.childID}`;
  return `nursery.conversation-draft.${userID}.${where}`;
}

const browserStore = (): KeyValueStore | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

export function readMessageDraft(key: string, store: KeyValueStore | null = browserStore()): string {
  try {
    return store?.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** Keeps the text (an empty text removes the draft). */
export function writeMessageDraft(
  key: string,
  text: string,
  store: KeyValueStore | null = browserStore(),
): void {
  try {
    if (text === '') store?.removeItem(key);
    else store?.setItem(key, text);
  } catch {
    // A full or refused storage keeps only the screen's copy: nothing to do here.
  }
}
