import { describe, expect, it } from 'vitest';
import { commentDraftKey, readCommentDraft, writeCommentDraft } from './commentDraft';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('comment drafts', () => {
  it('keeps a text per user and event, and removes it once blank', () => {
    const storage = memoryStorage();
    const mine = commentDraftKey(1, 42);
    expect(mine).not.toBe(commentDraftKey(2, 42));
    expect(mine).not.toBe(commentDraftKey(1, 43));
    writeCommentDraft(mine, 'Mum says he slept badly', storage);
    expect(readCommentDraft(mine, storage)).toBe('Mum says he slept badly');
    expect(readCommentDraft(commentDraftKey(2, 42), storage)).toBe('');
    writeCommentDraft(mine, '  ', storage);
    expect(storage.map.size).toBe(0);
  });

  it('reads nothing and keeps going when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('off');
      },
      setItem: () => {
        throw new Error('off');
      },
      removeItem: () => {
        throw new Error('off');
      },
    };
    expect(readCommentDraft('k', broken)).toBe('');
    expect(() => writeCommentDraft('k', 'x', broken)).not.toThrow();
  });
});
