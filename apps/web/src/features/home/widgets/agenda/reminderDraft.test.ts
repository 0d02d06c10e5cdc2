import { describe, expect, it } from 'vitest';
import { draftFor, dropDraft, updateDraft } from './reminderDraft';

describe('reminder drafts', () => {
  const empty = () => ({ childIDs: [], staffIDs: [], due: '2026-11-26', notes: '' });

  it('keep what was typed until saved or cleared, one per reminder', () => {
    const first = draftFor('add', empty);
    updateDraft('add', { childIDs: [4, 7], notes: 'Wellies' });
    // The modal closed and opened again: the same draft, same save id.
    const again = draftFor('add', empty);
    expect(again).toMatchObject({ childIDs: [4, 7], notes: 'Wellies', uuid: first.uuid });
    // Editing a reminder has its own draft, started from the reminder.
    expect(draftFor('edit:12', () => ({ ...empty(), notes: 'Stored' })).notes).toBe('Stored');
    expect(draftFor('add', empty).notes).toBe('Wellies');
    dropDraft('add');
    const fresh = draftFor('add', empty);
    expect(fresh).toMatchObject({ childIDs: [], notes: '' });
    expect(fresh.uuid).not.toBe(first.uuid);
  });
});
