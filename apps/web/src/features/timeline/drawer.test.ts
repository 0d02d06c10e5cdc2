import { describe, expect, it } from 'vitest';
import { conversationPath, drawerView, editPath, inSignatureOrder, parseEventIDs } from './drawer';

describe('parseEventIDs', () => {
  it('reads a comma list of ids, each once, in order', () => {
    expect(parseEventIDs('5')).toEqual([5]);
    expect(parseEventIDs('7,3,7,9')).toEqual([7, 3, 9]);
  });

  it('refuses what is not a list of ids, or more than 20', () => {
    for (const raw of [undefined, '', 'x', '1,', ',1', '0', '1,-2', '99999999999'])
      expect(parseEventIDs(raw)).toBeNull();
    expect(parseEventIDs(Array.from({ length: 21 }, (_, i) => i + 1).join(','))).toBeNull();
    expect(parseEventIDs(Array.from({ length: 20 }, (_, i) => i + 1).join(','))).toHaveLength(20);
  });
});

describe('the view an event opens in', () => {
  it('shows Spotlight types in their Spotlight view, a medication in its record, others in their form', () => {
    expect(drawerView('snapshot')).toBe('spotlight');
    expect(drawerView('learningStory')).toBe('spotlight');
    expect(drawerView('medication')).toBe('medication');
    expect(drawerView('observation')).toBe('form');
    expect(drawerView(undefined)).toBe('form');
  });

  it('edits Spotlight types in Spotlight and the others on the edit screen', () => {
    expect(editPath('snapshot', 4)).toBe('/spotlight/4');
    expect(editPath('accident', 4)).toBe('/edit/4');
  });

  it('starts a conversation about the event and its child', () => {
    expect(conversationPath(12, 3)).toBe('/conversations/new?childID=3&eventID=12');
    expect(conversationPath(12, null)).toBe('/conversations/new?eventID=12');
  });
});

describe('inSignatureOrder', () => {
  it('puts the staff member first, then the witness, then the parent', () => {
    const order = inSignatureOrder([
      { signatureType: 'Consent' },
      { signatureType: 'Other' },
      { signatureType: 'AdministeredBy' },
      { signatureType: 'Witness' },
    ]).map((s) => s.signatureType);
    expect(order).toEqual(['AdministeredBy', 'Witness', 'Consent', 'Other']);
  });
});
