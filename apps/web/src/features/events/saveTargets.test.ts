import type { EventTypeConfig } from '@nursery/domain/account';
import { EVENT_STATUSES, EventStatus } from '@nursery/domain/common';
import { DEFAULT_EVENT_ROLES, DEFAULT_EVENT_TYPE_ACCESS, DEFAULT_TRANSITIONS } from '@nursery/domain/events';
import { describe, expect, it } from 'vitest';
import { deleteTarget, saveTargets } from './saveTargets';

const statuses = EVENT_STATUSES.map((s) => ({ ...s, value: s.value }));
const type = (access: { ownRoleIDs: number[]; othersRoleIDs: number[] }): EventTypeConfig => ({
  id: 1,
  value: 'Observation',
  tag: 'observation',
  canView: true,
  enabled: true,
  addMedia: true,
  addPhoto: true,
  addVideo: true,
  canTag: true,
  autoTag: false,
  codes: [],
  ...access,
});
const base = {
  statuses,
  roles: DEFAULT_EVENT_ROLES,
  transitions: DEFAULT_TRANSITIONS,
  hasStaffID: true,
};

describe('save buttons', () => {
  it('a practitioner creates drafts or sends for approval, and cannot publish', () => {
    const targets = saveTargets({
      ...base,
      type: type(DEFAULT_EVENT_TYPE_ACCESS.practitioner),
      current: null,
    });
    expect(targets.map((t) => t.statusID)).toEqual([EventStatus.Draft, EventStatus.Pending]);
    expect(targets.find((t) => t.primary)?.label.key).toBe('save-to-drafts');
    expect(targets.some((t) => t.statusID === EventStatus.Published)).toBe(false);
  });

  it('a manager may publish a new event', () => {
    const targets = saveTargets({ ...base, type: type(DEFAULT_EVENT_TYPE_ACCESS.manager), current: null });
    expect(targets.map((t) => t.label.key)).toContain('save-publish');
  });

  it('a user without a staff id sends to the nursery', () => {
    const targets = saveTargets({
      ...base,
      hasStaffID: false,
      type: type(DEFAULT_EVENT_TYPE_ACCESS.practitioner),
      current: null,
    });
    expect(targets.map((t) => t.label.key)).toContain('save-send-to-nursery');
  });

  it('a stored editable event saves in place first and never offers delete as a save', () => {
    const targets = saveTargets({
      ...base,
      type: type(DEFAULT_EVENT_TYPE_ACCESS.manager),
      current: {
        statusID: EventStatus.Draft,
        editable: true,
        permittedActions: [EventStatus.Pending, EventStatus.Published, EventStatus.Deleted],
      },
    });
    expect(targets[0]).toMatchObject({
      statusID: EventStatus.Draft,
      label: { key: 'save-keep-status' },
      primary: true,
    });
    expect(targets.map((t) => t.statusID)).not.toContain(EventStatus.Deleted);
    expect(deleteTarget(statuses, [EventStatus.Pending, EventStatus.Deleted])).toBe(EventStatus.Deleted);
    expect(deleteTarget(statuses, [EventStatus.Pending])).toBeNull();
  });

  it('a locked event offers no save buttons', () => {
    const targets = saveTargets({
      ...base,
      type: type(DEFAULT_EVENT_TYPE_ACCESS.practitioner),
      current: { statusID: EventStatus.Pending, editable: false, permittedActions: [EventStatus.Draft] },
    });
    expect(targets).toEqual([]);
  });
});
