/**
 * Roles as sets of permissions (issue 29, the settings hub's Permissions page). A role is a name and a
 * list of the permission names config delivers (permissions.ts); what a user may do is the union of
 * their roles' lists, read again on every request, so a change applies to the next request of every
 * session of that role. The groups are the permissions page's sections, in the spec's order.
 */
import { PERMISSIONS, type Permission } from './permissions.ts';

export const PERMISSION_GROUPS = [
  {
    id: 'events',
    permissions: [
      'enableEvents',
      'enableSpotlight',
      'addEvents',
      'tagEventsForDocuments',
      'addLearningStyles',
      'sendMessages',
      'viewEventHistory',
      'viewTimeline',
      'publishPhotos',
      'publishVideo',
      'publishConsiderations',
      'selectStaff',
      'createDraftsForOthers',
      'lastPublishedObservation',
    ],
  },
  {
    id: 'registers',
    permissions: [
      'viewRegister',
      'checkIn',
      'checkOut',
      'markOff',
      'checkInSelf',
      'checkInOtherStaff',
      'markOffStaff',
      'updateShiftCheckInOutTime',
    ],
  },
  {
    id: 'people',
    permissions: [
      'viewChildContacts',
      'editChildContacts',
      'editStaff',
      'approveGDPR',
      'receiveEmails',
      'integrateHubSpot',
    ],
  },
  {
    id: 'settings',
    permissions: [
      'settingsProvider',
      'settingsSites',
      'settingsPayment',
      'settingsParentzone',
      'settingsOpenapi',
      'settingsChildren',
      'settingsContacts',
      'addStaff',
      'addContact',
      'settingsPermissions',
      'settingsMeals',
      'settingsFrameworks',
      'settingsDocuments',
      'settingsActivities',
    ],
  },
  { id: 'oversight', permissions: ['viewAuditTrail', 'viewDeviceSync'] },
] as const satisfies ReadonlyArray<{ id: string; permissions: readonly Permission[] }>;

export type PermissionGroupId = (typeof PERMISSION_GROUPS)[number]['id'];

/** A role's name: required, at most 50 characters (the spec's limit for names, §9). */
export const ROLE_NAME_MAX = 50;

/** The permission a provider may never be left without: whoever holds it can give back the others. */
export const PERMISSIONS_ADMIN: Permission = 'settingsPermissions';

/** The list as stored: known names only, each once, in PERMISSIONS order (so a save compares equal). */
export function normalisePermissions(names: readonly string[]): Permission[] {
  const wanted = new Set(names);
  return PERMISSIONS.filter((p) => wanted.has(p));
}

/** Name comparison for uniqueness: 'Room Lead' and ' room lead ' are the same role. */
export function roleNameKey(name: string): string {
  return name.trim().toLocaleLowerCase('en-GB');
}
