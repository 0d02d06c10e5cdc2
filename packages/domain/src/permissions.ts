/**
 * Every permission named in the three specs' §6, as data. A role holds a list of these names;
 * the server answers `permissions` (name -> boolean) in the config and the UI never re-derives them.
 */
export const PERMISSIONS = [
  // spec 000 §6 (events)
  'enableSpotlight',
  'enableEvents',
  'tagEventsForDocuments',
  'addLearningStyles',
  'sendMessages',
  'viewEventHistory',
  'publishPhotos',
  'publishVideo',
  'publishConsiderations',
  // spec 001 §6 (Spotlight)
  'selectStaff',
  'createDraftsForOthers',
  // spec 002 §6 (registers, dashboard, account, settings)
  'viewRegister',
  'checkIn',
  'checkOut',
  'markOff',
  'addEvents',
  'editChildContacts',
  'editStaff',
  'approveGDPR',
  'lastPublishedObservation',
  'viewChildContacts',
  'checkInSelf',
  'checkInOtherStaff',
  'markOffStaff',
  'updateShiftCheckInOutTime',
  'receiveEmails',
  'viewTimeline',
  'integrateHubSpot',
  // settings hub cards (spec 002 §6 "Settings cards appear only with the matching permission")
  'settingsProvider',
  'settingsMeals',
  'settingsFrameworks',
  'settingsPayment',
  'settingsSites',
  'settingsPermissions',
  'settingsParentzone',
  'settingsDocuments',
  'settingsActivities',
  'settingsOpenapi',
  'settingsChildren',
  'settingsContacts',
  'addStaff',
  'addContact',
  // ours (decisions.md "Offline (issue 6)"): the sync service's access check for other devices' reports
  'viewDeviceSync',
  // ours (decisions.md "Issue 26: the audit trail"): the manager's record audit trail (#/audit)
  'viewAuditTrail',
] as const;

export type Permission = (typeof PERMISSIONS)[number];
export type PermissionMap = Record<Permission, boolean>;

export function isPermission(name: string): name is Permission {
  return (PERMISSIONS as readonly string[]).includes(name);
}

/** The union of the permissions of the given roles, as a full name -> boolean map. */
export function permissionMap(roles: ReadonlyArray<{ permissions: readonly string[] }>): PermissionMap {
  const granted = new Set(roles.flatMap((r) => r.permissions));
  return Object.fromEntries(PERMISSIONS.map((p) => [p, granted.has(p)])) as PermissionMap;
}

/**
 * Event-role ids the spec names (spec 000 §6). These are the ids of the seeded event roles
 * (role rows of table event_roles), the same for every provider.
 */
export const EventRoleID = {
  ViewPublished: 1,
  CreateDrafts: 2,
  Publish: 3,
  EditPublished: 4,
  Unpublish: 5,
  Undelete: 6,
  InstantPublish: 7,
} as const;
export type EventRoleIDValue = (typeof EventRoleID)[keyof typeof EventRoleID];
