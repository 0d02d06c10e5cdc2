import { describe, expect, it } from 'vitest';
import { EventRoleID } from './permissions.ts';
import { EventStatus } from './statuses.ts';
import {
  allowedTargetStatuses,
  canBulkEdit,
  canTransition,
  canView,
  DEFAULT_EVENT_ROLES,
  DEFAULT_EVENT_TYPE_ACCESS,
  DEFAULT_TRANSITIONS,
  type EventRole,
  isEditable,
  roleIDsFor,
  rolesFor,
  transitionsAllowedForAll,
} from './transitions.ts';

const { Draft, Pending, Archived, Published, Deleted } = EventStatus;
const T = DEFAULT_TRANSITIONS;
const practitionerOwn = rolesFor(DEFAULT_EVENT_TYPE_ACCESS.practitioner, true);
const practitionerOthers = rolesFor(DEFAULT_EVENT_TYPE_ACCESS.practitioner, false);
const managerOwn = rolesFor(DEFAULT_EVENT_TYPE_ACCESS.manager, true);
const managerOthers = rolesFor(DEFAULT_EVENT_TYPE_ACCESS.manager, false);

describe('rolesFor', () => {
  const access = { ownRoleIDs: [1, 2], othersRoleIDs: [1] };
  it('uses own roles for the author and others roles otherwise', () => {
    expect(roleIDsFor(access, true)).toEqual([1, 2]);
    expect(roleIDsFor(access, false)).toEqual([1]);
  });
  it('counts a new event (no author) as own', () => {
    expect(roleIDsFor(access, null)).toEqual([1, 2]);
  });
  it('looks roles up in the catalogue, skipping unknown ids', () => {
    const roles = rolesFor({ ownRoleIDs: [EventRoleID.CreateDrafts, 99], othersRoleIDs: [] }, true);
    expect(roles.map((r) => r.name)).toEqual(['CreateDrafts']);
  });
});

describe('canTransition', () => {
  it('allows a practitioner to create as draft or pending, not published', () => {
    expect(canTransition(practitionerOwn, T, null, Draft)).toBe(true);
    expect(canTransition(practitionerOwn, T, null, Pending)).toBe(true);
    expect(canTransition(practitionerOwn, T, null, Published)).toBe(false);
  });
  it('lets a practitioner move own drafts to pending or deleted only', () => {
    expect(allowedTargetStatuses(practitionerOwn, T, Draft)).toEqual([Pending, Deleted]);
    expect(allowedTargetStatuses(practitionerOwn, T, Pending)).toEqual([]);
  });
  it("gives a practitioner no transitions on other people's events", () => {
    expect(allowedTargetStatuses(practitionerOthers, T, Draft)).toEqual([]);
  });
  it('lets a manager instant publish on creation and publish pending events of others', () => {
    expect(allowedTargetStatuses(managerOwn, T, null)).toEqual([Draft, Pending, Archived, Published]);
    expect(canTransition(managerOthers, T, Pending, Published)).toBe(true);
    expect(canTransition(managerOthers, T, null, Published)).toBe(false);
  });
  it('lets a manager undelete and unpublish', () => {
    expect(allowedTargetStatuses(managerOwn, T, Deleted)).toEqual([Draft, Pending]);
    expect(allowedTargetStatuses(managerOthers, T, Published)).toEqual([Draft, Pending, Archived, Deleted]);
  });
  it('needs the transition listed by a role, not merely present in the table', () => {
    const role: EventRole = { id: 9, viewStatusIDs: [], editStatusIDs: [], transitionIDs: [5] };
    expect(canTransition([role], T, Draft, Pending)).toBe(true);
    expect(canTransition([role], T, Draft, Deleted)).toBe(false);
    expect(canTransition([], T, Draft, Pending)).toBe(false);
  });
  it('treats null as "new" and not as any status', () => {
    const role: EventRole = { id: 9, viewStatusIDs: [], editStatusIDs: [], transitionIDs: [1] };
    expect(canTransition([role], T, Draft, Draft)).toBe(false);
    expect(canTransition([role], T, null, Draft)).toBe(true);
  });
});

describe('isEditable and canView', () => {
  it('edits when the edit list contains the status', () => {
    expect(isEditable(practitionerOwn, Draft)).toBe(true);
    expect(isEditable(practitionerOwn, Pending)).toBe(false);
    expect(isEditable(managerOthers, Published)).toBe(true);
    expect(isEditable(practitionerOthers, Published)).toBe(false);
  });
  it('a new event is editable', () => {
    expect(isEditable([], null)).toBe(true);
  });
  it('views by view-status list', () => {
    expect(canView(practitionerOthers, Published)).toBe(true);
    expect(canView(practitionerOthers, Draft)).toBe(false);
    expect(canView(managerOwn, Deleted)).toBe(true);
    expect(canView(practitionerOwn, Deleted)).toBe(false);
  });
});

describe('transitionsAllowedForAll', () => {
  it('keeps only targets allowed for every selected event', () => {
    const events = [
      { roles: managerOwn, statusID: Draft },
      { roles: managerOthers, statusID: Pending },
    ];
    expect(transitionsAllowedForAll(events, T)).toEqual([Archived, Published, Deleted]);
  });
  it('returns nothing when one event allows nothing', () => {
    expect(
      transitionsAllowedForAll(
        [
          { roles: managerOwn, statusID: Draft },
          { roles: practitionerOthers, statusID: Draft },
        ],
        T,
      ),
    ).toEqual([]);
  });
  it('returns nothing for an empty selection', () => {
    expect(transitionsAllowedForAll([], T)).toEqual([]);
  });
});

describe('canBulkEdit', () => {
  it('needs every event editable', () => {
    expect(
      canBulkEdit([
        { editable: true, tag: 'observation' },
        { editable: false, tag: 'observation' },
      ]),
    ).toBe(false);
    expect(
      canBulkEdit([
        { editable: true, tag: 'observation' },
        { editable: true, tag: 'sleep' },
      ]),
    ).toBe(true);
  });
  it('refuses a mix of spotlight and other types, allows all spotlight', () => {
    expect(
      canBulkEdit([
        { editable: true, tag: 'snapshot' },
        { editable: true, tag: 'observation' },
      ]),
    ).toBe(false);
    expect(
      canBulkEdit([
        { editable: true, tag: 'snapshot' },
        { editable: true, tag: 'learningStory' },
      ]),
    ).toBe(true);
  });
  it('refuses an empty selection', () => {
    expect(canBulkEdit([])).toBe(false);
  });
});

describe('default dataset', () => {
  it('has the seven named roles with the ids of EventRoleID', () => {
    expect(DEFAULT_EVENT_ROLES.map((r) => [r.name, r.id])).toEqual(Object.entries(EventRoleID));
  });
  it('only references existing transitions', () => {
    const ids = new Set(T.map((t) => t.id));
    for (const role of DEFAULT_EVENT_ROLES) for (const t of role.transitionIDs) expect(ids.has(t)).toBe(true);
    expect(ids.size).toBe(T.length);
  });
  it('has no duplicate from/to pairs', () => {
    const pairs = new Set(T.map((t) => `${t.fromStatusID}>${t.toStatusID}`));
    expect(pairs.size).toBe(T.length);
  });
});
