import { describe, expect, it } from 'vitest';
import { createdUrl, multiStepUrl, parseEditorRoute, parseIdList, safeReturn } from './routeParams';

const q = (s: string) => new URLSearchParams(s);

describe('editor routes', () => {
  it('reads #/add with the optional identifiers', () => {
    const r = parseEditorRoute(undefined, q('typeID=3&codeID=9&childID=4,5'));
    expect(r).toMatchObject({ mode: 'add', ids: [], typeID: 3, codeID: 9, childIDs: [4, 5], created: null });
  });

  it('reads a single edit, an id list and multi mode with index and return URL', () => {
    expect(parseEditorRoute('12', q('')).ids).toEqual([12]);
    expect(parseEditorRoute('1,2,3', q('i=2')).index).toBe(2);
    const multi = parseEditorRoute('multi', q('multi=7,8&i=1&return=/draft'));
    expect(multi).toMatchObject({ mode: 'edit', ids: [7, 8], index: 1, returnTo: '/draft' });
  });

  it('ignores a bad index, bad ids and outside return URLs', () => {
    expect(parseEditorRoute('1,2', q('i=5')).index).toBe(0);
    expect(parseIdList('3,x,3,-1,4')).toEqual([3, 4]);
    expect(safeReturn('//evil.example')).toBeNull();
    expect(safeReturn('https://evil.example')).toBeNull();
    expect(safeReturn('/draft')).toBe('/draft');
  });

  it('keeps the list in multi step URLs', () => {
    expect(multiStepUrl({ ids: [7, 8], returnTo: '/draft' }, 1)).toBe(
      '/edit/multi?multi=7%2C8&i=1&return=%2Fdraft',
    );
  });

  it('sends a new save back to add with the created flag, and the draft id only for one event', () => {
    const one = parseEditorRoute(
      undefined,
      new URLSearchParams(
        createdUrl({ typeID: 2, message: 'saved-to-drafts', eventIDs: [40] }).split('?')[1],
      ),
    );
    expect(one.created).toEqual({ message: 'saved-to-drafts', draftID: 40, count: 1 });
    const three = parseEditorRoute(
      undefined,
      new URLSearchParams(
        createdUrl({ typeID: 2, message: 'saved-to-drafts', eventIDs: [1, 2, 3] }).split('?')[1],
      ),
    );
    expect(three.created).toEqual({ message: 'saved-to-drafts', draftID: null, count: 3 });
    expect(three.typeID).toBe(2);
  });
});
