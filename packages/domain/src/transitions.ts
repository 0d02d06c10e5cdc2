/**
 * Event statuses, roles and transitions (spec 000 §4 and §6).
 *
 * An event type carries two lists of event-role ids: `ownRoleIDs` (used when the user is the
 * author, or for a new event) and `othersRoleIDs`. A role lists the statuses it may view, the
 * statuses in which it may edit, and the ids of the transitions it may make. The user's rights on
 * an event are the union of the rights of the roles that apply.
 */
import { isSpotlightTag } from './eventTypes.ts';
import { EventRoleID } from './permissions.ts';
import { EventStatus } from './statuses.ts';

export interface EventRole {
  id: number;
  /** Optional display name (the seeded roles carry the names of spec 000 §6). */
  name?: string;
  viewStatusIDs: number[];
  editStatusIDs: number[];
  transitionIDs: number[];
}

export interface EventTransition {
  id: number;
  /** null = a new event, which has no current status. */
  fromStatusID: number | null;
  toStatusID: number;
}

export interface EventTypeAccess {
  ownRoleIDs: number[];
  othersRoleIDs: number[];
}

/* ------------------------------------------------------------------------------------------------
 * Default dataset (our choice: spec 000 §6 names the roles, not their contents).
 *
 * Transitions (id: from -> to):
 *   1 new -> Draft       2 new -> Pending      3 new -> Published    4 new -> Archived
 *   5 Draft -> Pending   6 Draft -> Deleted    7 Pending -> Draft    8 Pending -> Deleted
 *   9 Draft -> Published 10 Draft -> Archived  11 Pending -> Published 12 Pending -> Archived
 *  13 Published -> Archived 14 Archived -> Published
 *  15 Published -> Draft 16 Published -> Pending 17 Archived -> Draft 18 Archived -> Pending
 *  19 Published -> Deleted 20 Archived -> Deleted 21 Deleted -> Draft 22 Deleted -> Pending
 *
 * Roles (view / edit / transitions):
 *   ViewPublished  view Published;                   edit none;            no transitions
 *   CreateDrafts   view Draft, Pending, Archived, Published; edit Draft; 1, 2, 5, 6
 *                  (practitioner: create as draft or pending, edit drafts, send own drafts to
 *                  pending or delete them; pending events wait for a manager and are locked)
 *   Publish        view Draft, Pending, Archived, Published; edit Draft, Pending;
 *                  5-14 (review: return to draft, delete, publish or archive drafts and pending,
 *                  and move between published and archived)
 *   EditPublished  view and edit Archived, Published; no transitions
 *   Unpublish      view Archived, Published; 15-20 (take back to draft/pending, or delete)
 *   Undelete       view Deleted; 21, 22 (restore to draft or pending)
 *   InstantPublish view Archived, Published; 3, 4 (create straight to published or archived)
 *
 * Typical assignment per event type (DEFAULT_EVENT_TYPE_ACCESS):
 *   practitioner  own: ViewPublished, CreateDrafts                others: ViewPublished
 *   roomLeader    own: ViewPublished, CreateDrafts, Publish, InstantPublish
 *                 others: ViewPublished, Publish
 *   manager       own: all seven                                 others: all but CreateDrafts and
 *                 InstantPublish (these only apply to one's own or new events)
 * ---------------------------------------------------------------------------------------------- */

const { Draft, Pending, Archived, Published, Deleted } = EventStatus;

export const DEFAULT_TRANSITIONS: readonly EventTransition[] = [
  { id: 1, fromStatusID: null, toStatusID: Draft },
  { id: 2, fromStatusID: null, toStatusID: Pending },
  { id: 3, fromStatusID: null, toStatusID: Published },
  { id: 4, fromStatusID: null, toStatusID: Archived },
  { id: 5, fromStatusID: Draft, toStatusID: Pending },
  { id: 6, fromStatusID: Draft, toStatusID: Deleted },
  { id: 7, fromStatusID: Pending, toStatusID: Draft },
  { id: 8, fromStatusID: Pending, toStatusID: Deleted },
  { id: 9, fromStatusID: Draft, toStatusID: Published },
  { id: 10, fromStatusID: Draft, toStatusID: Archived },
  { id: 11, fromStatusID: Pending, toStatusID: Published },
  { id: 12, fromStatusID: Pending, toStatusID: Archived },
  { id: 13, fromStatusID: Published, toStatusID: Archived },
  { id: 14, fromStatusID: Archived, toStatusID: Published },
  { id: 15, fromStatusID: Published, toStatusID: Draft },
  { id: 16, fromStatusID: Published, toStatusID: Pending },
  { id: 17, fromStatusID: Archived, toStatusID: Draft },
  { id: 18, fromStatusID: Archived, toStatusID: Pending },
  { id: 19, fromStatusID: Published, toStatusID: Deleted },
  { id: 20, fromStatusID: Archived, toStatusID: Deleted },
  { id: 21, fromStatusID: Deleted, toStatusID: Draft },
  { id: 22, fromStatusID: Deleted, toStatusID: Pending },
];

export const DEFAULT_EVENT_ROLES: readonly EventRole[] = [
  {
    id: EventRoleID.ViewPublished,
    name: 'ViewPublished',
    viewStatusIDs: [Published],
    editStatusIDs: [],
    transitionIDs: [],
  },
  {
    id: EventRoleID.CreateDrafts,
    name: 'CreateDrafts',
    viewStatusIDs: [Draft, Pending, Archived, Published],
    editStatusIDs: [Draft],
    transitionIDs: [1, 2, 5, 6],
  },
  {
    id: EventRoleID.Publish,
    name: 'Publish',
    viewStatusIDs: [Draft, Pending, Archived, Published],
    editStatusIDs: [Draft, Pending],
    transitionIDs: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
  },
  {
    id: EventRoleID.EditPublished,
    name: 'EditPublished',
    viewStatusIDs: [Archived, Published],
    editStatusIDs: [Archived, Published],
    transitionIDs: [],
  },
  {
    id: EventRoleID.Unpublish,
    name: 'Unpublish',
    viewStatusIDs: [Archived, Published],
    editStatusIDs: [],
    transitionIDs: [15, 16, 17, 18, 19, 20],
  },
  {
    id: EventRoleID.Undelete,
    name: 'Undelete',
    viewStatusIDs: [Deleted],
    editStatusIDs: [],
    transitionIDs: [21, 22],
  },
  {
    id: EventRoleID.InstantPublish,
    name: 'InstantPublish',
    viewStatusIDs: [Archived, Published],
    editStatusIDs: [],
    transitionIDs: [3, 4],
  },
];

const R = EventRoleID;
export const DEFAULT_EVENT_TYPE_ACCESS = {
  practitioner: { ownRoleIDs: [R.ViewPublished, R.CreateDrafts], othersRoleIDs: [R.ViewPublished] },
  roomLeader: {
    ownRoleIDs: [R.ViewPublished, R.CreateDrafts, R.Publish, R.InstantPublish],
    othersRoleIDs: [R.ViewPublished, R.Publish],
  },
  manager: {
    ownRoleIDs: [
      R.ViewPublished,
      R.CreateDrafts,
      R.Publish,
      R.EditPublished,
      R.Unpublish,
      R.Undelete,
      R.InstantPublish,
    ],
    othersRoleIDs: [R.ViewPublished, R.Publish, R.EditPublished, R.Unpublish, R.Undelete],
  },
} as const satisfies Record<string, EventTypeAccess>;

/* ---------------------------------------------------------------------------------------------- */

/**
 * The role ids that apply: own-event roles when the user is the author, otherwise others' roles.
 * `isAuthor` null means a new event (no author yet), which counts as own.
 */
export function roleIDsFor(access: EventTypeAccess, isAuthor: boolean | null): number[] {
  return isAuthor === false ? [...access.othersRoleIDs] : [...access.ownRoleIDs];
}

/** The roles that apply (see roleIDsFor), looked up in the given catalogue; unknown ids are skipped. */
export function rolesFor(
  access: EventTypeAccess,
  isAuthor: boolean | null,
  catalogue: readonly EventRole[] = DEFAULT_EVENT_ROLES,
): EventRole[] {
  const ids = new Set(roleIDsFor(access, isAuthor));
  return catalogue.filter((r) => ids.has(r.id));
}

function transitionIDsOf(roles: readonly EventRole[]): Set<number> {
  return new Set(roles.flatMap((r) => r.transitionIDs));
}

/** True when one of the roles lists a transition from the current status (null = new) to the target. */
export function canTransition(
  roles: readonly EventRole[],
  transitions: readonly EventTransition[],
  currentStatusID: number | null,
  targetStatusID: number,
): boolean {
  const ids = transitionIDsOf(roles);
  return transitions.some(
    (t) => ids.has(t.id) && t.fromStatusID === currentStatusID && t.toStatusID === targetStatusID,
  );
}

/** The statuses the event may move to from its current status (null = new), ascending, no repeats. */
export function allowedTargetStatuses(
  roles: readonly EventRole[],
  transitions: readonly EventTransition[],
  currentStatusID: number | null,
): number[] {
  const ids = transitionIDsOf(roles);
  const targets = new Set(
    transitions.filter((t) => ids.has(t.id) && t.fromStatusID === currentStatusID).map((t) => t.toStatusID),
  );
  return [...targets].sort((a, b) => a - b);
}

/** Editable when a role's edit-status list contains the current status; a new event is editable. */
export function isEditable(roles: readonly EventRole[], currentStatusID: number | null): boolean {
  if (currentStatusID === null) return true;
  return roles.some((r) => r.editStatusIDs.includes(currentStatusID));
}

/** Visible when a role's view-status list contains the status. */
export function canView(roles: readonly EventRole[], statusID: number): boolean {
  return roles.some((r) => r.viewStatusIDs.includes(statusID));
}

export interface BulkEventRights {
  roles: readonly EventRole[];
  statusID: number | null;
}

/** Bulk actions: only target statuses allowed for every selected event (none when nothing is selected). */
export function transitionsAllowedForAll(
  events: readonly BulkEventRights[],
  transitions: readonly EventTransition[],
): number[] {
  if (events.length === 0) return [];
  const [first, ...rest] = events;
  return allowedTargetStatuses(first.roles, transitions, first.statusID).filter((target) =>
    rest.every((e) => canTransition(e.roles, transitions, e.statusID, target)),
  );
}

export interface BulkEditCandidate {
  editable: boolean;
  /** The event type's tag (snapshot, learningStory, observation, ...). */
  tag: string | null;
}

/**
 * Bulk edit is allowed only if something is selected, every event is editable and the selection
 * does not mix snapshots/learning stories with other types.
 */
export function canBulkEdit(events: readonly BulkEditCandidate[]): boolean {
  if (events.length === 0) return false;
  if (!events.every((e) => e.editable)) return false;
  const spotlight = events.filter((e) => isSpotlightTag(e.tag)).length;
  return spotlight === 0 || spotlight === events.length;
}
