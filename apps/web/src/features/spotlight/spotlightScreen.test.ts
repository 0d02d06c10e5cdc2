import { EVENT_STATUSES, EventStatus } from '@nursery/domain/common';
import { describe, expect, it } from 'vitest';
import { canSelectAll, effectiveType, spotlightSaveTargets } from './spotlightScreen';

// effectiveType reads only a type's tag and codes.
const snapshot = { type: 'snapshot' as const, codes: [{ id: 101 }] };
const story = { type: 'learningStory' as const, codes: [{ id: 111 }, { id: 112 }] };

describe('type tabs and switching', () => {
  it('switches a snapshot to a learning story when snapshots are off', () => {
    expect(effectiveType('snapshot', [story])?.type).toBe('learningStory');
    expect(effectiveType('learningStory', [snapshot])?.type).toBe('snapshot');
    expect(effectiveType(null, [snapshot, story])?.type).toBe('snapshot');
    expect(effectiveType('snapshot', [])).toBeNull();
  });
  it('offers select-all for a new snapshot only', () => {
    expect(canSelectAll('snapshot', true)).toBe(true);
    expect(canSelectAll('learningStory', true)).toBe(false);
    expect(canSelectAll('snapshot', false)).toBe(false);
  });
});

describe('considerations and save buttons', () => {
  const statuses = EVENT_STATUSES.map((s) => ({ ...s }));
  const allowed = [EventStatus.Draft, EventStatus.Pending, EventStatus.Published, EventStatus.Archived];
  it('refuses archived and published with an Intervention, pending stays offered', () => {
    const consideration = { status: 'Intervention', notes: 'Speech', visibleToParents: true };
    const targets = spotlightSaveTargets({
      allowedStatusIDs: allowed,
      statuses,
      consideration,
      canPublishConsiderations: false,
    });
    expect(targets.map((t) => [t.statusID, t.refusedKey])).toEqual([
      [EventStatus.Draft, null],
      [EventStatus.Pending, null],
      [EventStatus.Published, 'restricted-consideration-publish'],
      [EventStatus.Archived, 'restricted-consideration-publish'],
    ]);
    const manager = spotlightSaveTargets({
      allowedStatusIDs: allowed,
      statuses,
      consideration,
      canPublishConsiderations: true,
    });
    expect(manager.every((t) => t.refusedKey === null)).toBe(true);
    const monitor = spotlightSaveTargets({
      allowedStatusIDs: allowed,
      statuses,
      consideration: { ...consideration, status: 'Monitor' },
      canPublishConsiderations: false,
    });
    expect(monitor.every((t) => t.refusedKey === null)).toBe(true);
  });
  it('makes the edited event status the primary button, else the first incomplete one', () => {
    const base = { allowedStatusIDs: allowed, statuses, consideration: null, canPublishConsiderations: true };
    expect(spotlightSaveTargets(base).find((t) => t.primary)?.statusID).toBe(EventStatus.Draft);
    expect(
      spotlightSaveTargets({ ...base, currentStatusID: EventStatus.Pending }).find((t) => t.primary)
        ?.statusID,
    ).toBe(EventStatus.Pending);
  });
});
