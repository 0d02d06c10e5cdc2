import { describe, expect, it } from 'vitest';
import { messageDraftKey, readMessageDraft, writeMessageDraft } from './messageDraft';

const memory = () => {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
};

describe('message drafts', () => {
  it('are kept per user and per thread or event', () => {
    expect(messageDraftKey(7, { threadID: 3 })).toBe('nursery.conversation-draft.7.thread-3');
    expect(messageDraftKey(7, { eventID: 12, childID: 4 })).toBe('nursery.conversation-draft.7.event-12-4');
    expect(messageDraftKey(8, { threadID: 3 })).not.toBe(messageDraftKey(7, { threadID: 3 }));
  });
  it('are read back, and removed when emptied', () => {
    const store = memory();
    const key = messageDraftKey(7, { threadID: 3 });
    expect(readMessageDraft(key, store)).toBe('');
    writeMessageDraft(key, 'Half a reply', store);
    expect(readMessageDraft(key, store)).toBe('Half a reply');
    writeMessageDraft(key, '', store);
    expect(store.map.has(key)).toBe(false);
  });
  it('survive a storage that refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    expect(readMessageDraft('k', refusing)).toBe('');
    expect(() => writeMessageDraft('k', 'x', refusing)).not.toThrow();
  });
});
