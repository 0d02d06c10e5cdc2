/**
 * Every REST call's method and path, stated once (issue 28). The contracts (schemas/*.ts) spread their
 * entry (`defineRoute({ ...routes.getConfig, summary, ... })`), the server registers each route from
 * its contract, and the web passes the same entry to its one client (`callRoute<typeof getConfig>(
 * routes.getConfig, args)`, apps/web/src/lib/api.ts), which the compiler checks against the contract.
 * No zod here: the web bundle takes this table and never a schema. Keys are the contracts' names.
 */
import type { HttpMethod } from './contract.ts';

/** Where a call goes: Fastify's path syntax (`/api/v2/events/:id`). */
export interface RouteAddress {
  readonly method: HttpMethod;
  readonly path: string;
}

export const routes = {
  // schemas/accountAnonymous.ts
  getActivation: { method: 'GET', path: '/api/v1/activate' },
  activateAccount: { method: 'POST', path: '/api/v1/activate' },
  getResetQuestion: { method: 'GET', path: '/api/v1/resetPassword' },
  resetPassword: { method: 'POST', path: '/api/v2/resetPassword' },
  requestResetLink: { method: 'POST', path: '/api/v1/resetPassword/link' },
  resetPasswordByLink: { method: 'POST', path: '/api/v1/resetPassword/code' },
  // schemas/accountSecurity.ts
  changePassword: { method: 'POST', path: '/api/v1/account/password' },
  changeSecurityQuestion: { method: 'POST', path: '/api/v1/account/security-question' },
  logOutEverywhere: { method: 'POST', path: '/api/v1/logout/everywhere' },
  // schemas/userSettings.ts
  putUserSettings: { method: 'PUT', path: '/api/v1/userSettings' },
  // schemas/audit.ts
  getAuditTrail: { method: 'GET', path: '/api/v1/audit' },
  getAuditCsv: { method: 'GET', path: '/api/v1/audit.csv' },
  // schemas/auth.ts
  logIn: { method: 'POST', path: '/api/v1/login' },
  logOut: { method: 'POST', path: '/api/v1/logout' },
  chooseSessionSite: { method: 'POST', path: '/api/v1/session/site' },
  // schemas/sessionLock.ts (issue 30: the session timeout and the lock screen's unlock)
  setSessionTimeout: { method: 'POST', path: '/api/v1/timeout' },
  unlockSession: { method: 'POST', path: '/api/v1/session/unlock' },
  // schemas/bigPicture.ts
  exportBigPicture: { method: 'POST', path: '/api/v1/big-picture/export' },
  // schemas/children.ts
  getChildPhoto: { method: 'GET', path: '/api/v1/children/:childID/photo' },
  // schemas/config.ts
  getConfig: { method: 'GET', path: '/api/v1/config' },
  // schemas/emergency.ts
  getEmergencyContacts: { method: 'GET', path: '/api/v1/sites/:siteID/emergency-contacts' },
  // schemas/eventChecker.ts
  getEventChecker: { method: 'GET', path: '/api/v1/event-checker' },
  // schemas/eventHistory.ts
  getEventHistory: { method: 'GET', path: '/api/v2/events/:id/history' },
  // schemas/eventSearch.ts
  searchEvents: { method: 'GET', path: '/api/v2/events' },
  countEvents: { method: 'GET', path: '/api/v2/events/counts' },
  // schemas/eventStatusChanges.ts
  transitionEvents: { method: 'POST', path: '/api/v1/transition' },
  closeSleepEvents: { method: 'PUT', path: '/api/v2/events' },
  closeSleepEventsByPost: { method: 'POST', path: '/api/v2/events' },
  // schemas/events.ts
  createEvent: { method: 'POST', path: '/api/v2/events' },
  postEvents: { method: 'POST', path: '/api/v2/events' },
  getEvent: { method: 'GET', path: '/api/v2/events/:id' },
  updateEvent: { method: 'PUT', path: '/api/v2/events/:id' },
  closeSleepEvent: { method: 'PUT', path: '/api/v2/events/:id' },
  putEvent: { method: 'PUT', path: '/api/v2/events/:id' },
  getLastEvent: { method: 'GET', path: '/api/v1/lastEvent' },
  // schemas/eventsV3.ts (issue 31)
  getEventsV3: { method: 'GET', path: '/api/v3/events/:ids' },
  // schemas/frameworks.ts
  getFrameworks: { method: 'GET', path: '/api/v1/frameworks' },
  getFavouriteFrameworks: { method: 'GET', path: '/api/v1/favourite-frameworks' },
  putFavouriteFrameworks: { method: 'PUT', path: '/api/v1/favourite-frameworks' },
  // schemas/health.ts
  getHealth: { method: 'GET', path: '/api/health' },
  // schemas/home.ts
  getHomeOverview: { method: 'GET', path: '/api/v1/home/overview' },
  postReminder: { method: 'POST', path: '/api/v1/events' },
  putReminder: { method: 'PUT', path: '/api/v1/events/:id' },
  // schemas/imports.ts
  previewImport: { method: 'POST', path: '/api/v1/imports/preview' },
  runImport: { method: 'POST', path: '/api/v1/imports' },
  // schemas/keyChildren.ts
  getKeyChildren: { method: 'GET', path: '/api/v1/key-children' },
  getLastPublishedObservations: { method: 'GET', path: '/api/v1/reports/last-published-observation' },
  // schemas/meals.ts
  getMeals: { method: 'GET', path: '/api/v1/meals' },
  // schemas/media.ts
  uploadMediaFile: { method: 'POST', path: '/api/v1/media' },
  getMediaFile: { method: 'GET', path: '/api/v1/media/:id' },
  // schemas/nextSteps.ts
  getOutstandingNextSteps: { method: 'GET', path: '/api/v1/outstanding-next-steps' },
  getNextStepCounts: { method: 'GET', path: '/api/v1/next-step-counts' },
  // schemas/conversations.ts
  startConversation: { method: 'POST', path: '/api/v1/conversations' },
  listConversations: { method: 'GET', path: '/api/v1/conversations' },
  getConversation: { method: 'GET', path: '/api/v1/conversations/:threadID' },
  replyToConversation: { method: 'POST', path: '/api/v1/conversations/:threadID/messages' },
  markConversationRead: { method: 'PUT', path: '/api/v1/conversations/:threadID/read' },
  // schemas/notifications.ts
  getNotificationConfig: { method: 'GET', path: '/api/v1/notifications/config' },
  putNotificationSettings: { method: 'PUT', path: '/api/v1/notifications' },
  putEventNotificationSettings: { method: 'PUT', path: '/api/v1/eventNotifications' },
  postEventComment: { method: 'POST', path: '/api/v1/events/:id/comments' },
  // schemas/registers.ts
  getRegister: { method: 'GET', path: '/api/v1/sites/:siteID/registers' },
  putBookings: { method: 'PUT', path: '/api/v1/bookings' },
  postMarkOff: { method: 'POST', path: '/api/v1/children/:childID/markOff' },
  // schemas/requests.ts
  getBookingRequests: { method: 'GET', path: '/api/v1/booking-requests' },
  putBookingRequest: { method: 'PUT', path: '/api/v1/booking-requests/:id' },
  getChangeRequests: { method: 'GET', path: '/api/v1/change-requests' },
  approveChangeRequest: { method: 'POST', path: '/api/v1/change-requests/approve/:id' },
  declineChangeRequest: { method: 'DELETE', path: '/api/v1/change-requests/:id' },
  getGdprErasureRequests: { method: 'GET', path: '/api/v1/gdpr-erasure-requests' },
  postGdprErasureRequest: { method: 'POST', path: '/api/v1/gdpr-erasure-requests' },
  putGdprErasureRequest: { method: 'PUT', path: '/api/v1/gdpr-erasure-requests/:id' },
  // schemas/profileDetails.ts (issue 30: one's own details on #/profile)
  raiseChangeRequest: { method: 'POST', path: '/api/v1/change-requests' },
  getOwnChangeRequest: { method: 'GET', path: '/api/v1/change-requests/mine' },
  uploadProfilePhoto: { method: 'POST', path: '/api/v1/people/:personID/image.jpg' },
  getProfilePhoto: { method: 'GET', path: '/api/v1/people/:personID/image.jpg' },
  // schemas/roles.ts
  listRoles: { method: 'GET', path: '/api/v1/roles' },
  createRole: { method: 'POST', path: '/api/v1/roles' },
  updateRole: { method: 'PUT', path: '/api/v1/roles/:roleID' },
  deleteRole: { method: 'DELETE', path: '/api/v1/roles/:roleID' },
  // schemas/sites.ts
  listSites: { method: 'GET', path: '/api/v1/settings/sites' },
  createSite: { method: 'POST', path: '/api/v1/settings/sites' },
  getSite: { method: 'GET', path: '/api/v1/settings/sites/:siteID' },
  updateSite: { method: 'PUT', path: '/api/v1/settings/sites/:siteID' },
  createRoom: { method: 'POST', path: '/api/v1/settings/sites/:siteID/rooms' },
  updateRoom: { method: 'PUT', path: '/api/v1/settings/sites/:siteID/rooms/:roomID' },
  createClosure: { method: 'POST', path: '/api/v1/settings/sites/:siteID/closures' },
  deleteClosure: { method: 'DELETE', path: '/api/v1/settings/sites/:siteID/closures/:closureID' },
  createSession: { method: 'POST', path: '/api/v1/settings/sites/:siteID/sessions' },
  updateSession: { method: 'PUT', path: '/api/v1/settings/sites/:siteID/sessions/:sessionID' },
  // schemas/contacts.ts
  listContacts: { method: 'GET', path: '/api/v1/contacts' },
  createContact: { method: 'POST', path: '/api/v1/contacts' },
  listContactChildChoices: { method: 'GET', path: '/api/v1/contact-child-choices' },
  getContact: { method: 'GET', path: '/api/v1/contacts/:contactID' },
  updateContact: { method: 'PUT', path: '/api/v1/contacts/:contactID' },
  setContactArchived: { method: 'PUT', path: '/api/v1/contacts/:contactID/archived' },
  getCollectionPassword: { method: 'GET', path: '/api/v1/contacts/:contactID/collection-password' },
  putContactChild: { method: 'PUT', path: '/api/v1/contacts/:contactID/children/:childID' },
  deleteContactChild: { method: 'DELETE', path: '/api/v1/contacts/:contactID/children/:childID' },
  // schemas/settingsCatalogue.ts
  getSettingsOverview: { method: 'GET', path: '/api/v1/settings/overview/:card' },
  listSiteFrameworks: { method: 'GET', path: '/api/v1/settings/frameworks' },
  switchSiteFramework: { method: 'PUT', path: '/api/v1/settings/frameworks/:frameworkID/sites/:siteID' },
  listMealTypes: { method: 'GET', path: '/api/v1/settings/meal-types' },
  createMealType: { method: 'POST', path: '/api/v1/settings/meal-types' },
  updateMealType: { method: 'PUT', path: '/api/v1/settings/meal-types/:mealTypeID' },
  // schemas/staffAdmin.ts
  listStaffAdmin: { method: 'GET', path: '/api/v1/settings/staff' },
  getStaffOptions: { method: 'GET', path: '/api/v1/settings/staff-options' },
  getStaffMember: { method: 'GET', path: '/api/v1/settings/staff/:staffID' },
  createStaffMember: { method: 'POST', path: '/api/v1/settings/staff' },
  updateStaffMember: { method: 'PUT', path: '/api/v1/settings/staff/:staffID' },
  renameStaffMember: { method: 'PUT', path: '/api/v1/settings/staff/:staffID/name' },
  archiveStaffMember: { method: 'POST', path: '/api/v1/settings/staff/:staffID/archive' },
  restoreStaffMember: { method: 'POST', path: '/api/v1/settings/staff/:staffID/restore' },
  resendStaffInvitation: { method: 'POST', path: '/api/v1/settings/staff/:staffID/invitation' },
  listEmailOutbox: { method: 'GET', path: '/api/v1/settings/email-outbox' },
  // schemas/signatures.ts
  postSignature: { method: 'POST', path: '/api/v1/signatures' },
  getSignature: { method: 'GET', path: '/api/v1/signatures/:id' },
  getSignatureImage: { method: 'GET', path: '/api/v1/providers/:providerID/signature/:id/:key' },
  postEventSignature: { method: 'POST', path: '/api/v1/events/:id/signatures' },
  getAttendanceRequests: { method: 'GET', path: '/api/v1/sites/:siteID/attendance/:date/requests' },
  putAttendanceRequest: { method: 'PUT', path: '/api/v1/attendance/requests/:id' },
  getChildToday: { method: 'GET', path: '/api/v1/children/:childID/today' },
  // schemas/staff.ts
  listStaff: { method: 'GET', path: '/api/v1/staff' },
  getStaff: { method: 'GET', path: '/api/v1/staff/:staffID' },
  setStaffPin: { method: 'PUT', path: '/api/v1/staff/:staffID' },
  // schemas/staffRegister.ts
  getStaffRegister: { method: 'GET', path: '/api/v1/sites/:siteID/staff-register' },
  getShift: { method: 'GET', path: '/api/v1/shifts/:shiftID' },
  postShiftAction: { method: 'POST', path: '/api/v1/shifts/:shiftID/actions' },
  postBulkShifts: { method: 'POST', path: '/api/v1/sites/:siteID/staff-register/bulk' },
  getShiftSignature: { method: 'GET', path: '/api/v1/shifts/:shiftID/signatures/:which' },
  getBreakSignature: { method: 'GET', path: '/api/v1/shifts/:shiftID/breaks/:breakID/signatures/:which' },
  // schemas/sync.ts
  reportSync: { method: 'POST', path: '/api/v1/sync/report' },
  getSyncOthers: { method: 'GET', path: '/api/v1/sync/others' },
  listSyncDevices: { method: 'GET', path: '/api/v1/sync/devices' },
  // schemas/childrenAdmin.ts (issue 29: the settings' Children page and the Bookings page)
  listChildRecords: { method: 'GET', path: '/api/v1/settings/children' },
  createChildRecord: { method: 'POST', path: '/api/v1/settings/children' },
  childRecordOptions: { method: 'GET', path: '/api/v1/settings/children/options' },
  getChildRecord: { method: 'GET', path: '/api/v1/settings/children/:childID' },
  updateChildRecord: { method: 'PUT', path: '/api/v1/settings/children/:childID' },
  archiveChildRecord: { method: 'POST', path: '/api/v1/settings/children/:childID/archive' },
  restoreChildRecord: { method: 'POST', path: '/api/v1/settings/children/:childID/restore' },
  createBookingPattern: { method: 'POST', path: '/api/v1/settings/children/:childID/booking-patterns' },
  updateBookingPattern: { method: 'PUT', path: '/api/v1/settings/booking-patterns/:patternID' },
  deleteBookingPattern: { method: 'DELETE', path: '/api/v1/settings/booking-patterns/:patternID' },
  // schemas/tokenLogin.ts (issue 30: token login's links and the CRM page)
  createLoginToken: { method: 'POST', path: '/api/v1/loginTokens' },
  integrateHubSpot: { method: 'POST', path: '/api/v1/integrations/hubspot' },
  // schemas/backgroundJobs.ts (issue 32: the dead letters on #/settings/device)
  listDeadLetters: { method: 'GET', path: '/api/v1/settings/background-jobs/dead-letters' },
  retryDeadLetter: { method: 'POST', path: '/api/v1/settings/background-jobs/dead-letters/:id/retry' },
  deleteDeadLetter: { method: 'DELETE', path: '/api/v1/settings/background-jobs/dead-letters/:id' },
} as const satisfies Record<string, RouteAddress>;
