// The catalogue of the site-and-status probe (site-status-probe.test.ts): for every route the server
// registered and every GraphQL root field, what the demo practitioner of Oak Tree sends naming objects
// she may not see (Willow's, and other people's drafts, pending and archived events at Oak Tree), and
// what she must get. A route or field with nothing of a child, event or member of staff to name has
// an entry saying why it is not probed.
import { EventStatus, todayInZone } from '@nursery/domain/common';
import { newSave } from '../modules/events/event-fixtures.ts';
import { multipart, PROBE_PNG } from './probe-kit.ts';

/** What the Oak Tree practitioner must get. */
export type Expect =
  /** This status (and code): the id is refused. */
  | { status: number; code?: string }
  /** 200 `{ results }` with every id answered err-not-found (the per-event outcome calls). */
  | { outcomes: 'err-not-found' }
  /** GraphQL: an err-not-found error and null for the field. */
  | { gql: 'err-not-found' }
  /** The answer she got before the hidden events existed (her view of an Oak Tree child is unmoved). */
  | { same: true }
  /**
   * The answer to the same call naming an id that does not exist (`missing` in place of `real`): a
   * filter or a per-item outcome that says nothing more of a Willow object than of no object at all.
   */
  | { likeMissing: { real: number; missing: number } };

export interface RestProbe {
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  multipart?: { payload: Buffer; contentType: string };
  expect: Expect;
}

export interface GqlProbe {
  label: string;
  query: string;
  expect: Expect;
}

/** The objects the probes name (set up by the test). */
export interface Ctx {
  providerId: number;
  oak: number;
  willow: number;
  /** Oak Tree's observation type and code. */
  obs: { typeID: number; codeID: number };
  snapshotType: number;
  snapshotCode: number;
  learningStoryType: number;
  /** An Oak Tree child the hidden events are about (the practitioner's view of it must not move). */
  quietChild: number;
  /** A member of staff of Willow only. */
  willowStaff: number;
  willowChild: number;
  /** A contact of Willow children only (issue 29). */
  willowContact: number;
  willowChildWithPhoto: number;
  /** Willow: the manager's published observation with a photo, its photo, an open sleep, a reminder. */
  willowPublished: number;
  willowMedia: string;
  willowSleep: number;
  willowReminder: { id: number; version: number; due: string };
  willowAccident: { id: number; personID: number };
  willowSnapshot: { id: number; version: number };
  /** Issue 31: the medication type's code, and a Willow medication record of the demo. */
  medicationCode: number;
  willowMedication: { id: number; version: number };
  willowShift: { id: number; version: number; breakID: number };
  willowRegisterSignature: { id: number; key: string };
  willowBooking: { childID: number; comboID: number; date: string; version: number };
  willowFutureBooking: { childID: number; comboID: number; date: string; category: number };
  willowSigning: { childID: number; comboID: number; personID: number; typeID: number };
  willowAttendanceRequest: number;
  willowBookingRequest: number;
  changeRequest: number;
  erasureRequest: number;
  /** A shift status to mark off with (Training). */
  shiftMarkOffStatus: number;
  /** The current version of every event the probes name by id (a stale one would be a 409). */
  versionOf: Record<number, number>;
  /** Another user's notification (the manager's). */
  othersNotification: number;
  /** Issue 31: a thread about the Willow child and its first message (made once her view is recorded). */
  willowThread: { id: number; messageID: number };
  /** At Oak Tree, about the quiet child, not the practitioner's: statuses she may not view. */
  hidden: {
    draft: number;
    draftUuid: string;
    draftMedia: string;
    pending: number;
    archived: number;
    sleep: number;
    reminder: { id: number; version: number; due: string };
    story: { id: number; version: number };
    snapshotPending: { id: number; version: number };
  };
}

const NOT_FOUND: Expect = { status: 404 };
const GQL_NOT_FOUND: Expect = { gql: 'err-not-found' };
const SAME: Expect = { same: true };
/** The practitioner's role has no permission for the operation at all: refused before any id is read. */
const NO_PERMISSION: Expect = { status: 403 };
/** An id no object of any kind has (ids are int4, per provider sequences far below it). */
export const MISSING_ID = 987_654_321;
const likeMissing = (real: number): Expect => ({ likeMissing: { real, missing: MISSING_ID } });

export type RestEntry = ((c: Ctx) => RestProbe[]) | { skip: string };

/** The hidden Oak Tree events, labelled, for the by-id operations. */
const hiddenEvents = (c: Ctx) =>
  [
    ["another's draft", c.hidden.draft],
    ["another's pending", c.hidden.pending],
    ["the manager's archived", c.hidden.archived],
  ] as const;

const byId = (
  c: Ctx,
  method: RestProbe['method'],
  url: (id: number) => string,
  payload?: (id: number) => unknown,
): RestProbe[] =>
  [['Willow published', c.willowPublished] as const, ...hiddenEvents(c)].map(([label, id]) => ({
    label,
    method,
    url: url(id),
    ...(payload ? { payload: payload(id) } : {}),
    expect: NOT_FOUND,
  }));

const closeSleeps = (c: Ctx, method: 'POST' | 'PUT', statusID: number): RestProbe[] =>
  [
    ['a Willow open sleep', c.willowSleep],
    ["another's open sleep (draft)", c.hidden.sleep],
  ].map(([label, id]) => ({
    label: `bulk close: ${label}`,
    method,
    url: `/api/v2/events?id=${id}`,
    payload: { date2: new Date(Date.now() - 60_000).toISOString(), statusID },
    expect: { outcomes: 'err-not-found' },
  }));

/** A GET naming one child: a Willow child (not found) and the quiet Oak Tree child (unmoved by the hidden events). */
const perChildGet = (c: Ctx, url: (childID: number) => string, about = ''): RestProbe[] => [
  { label: `a Willow child${about}`, method: 'GET', url: url(c.willowChild), expect: NOT_FOUND },
  { label: `the quiet Oak Tree child${about}`, method: 'GET', url: url(c.quietChild), expect: SAME },
];

/** A child record at Willow (the settings' Children form), and a booking pattern: what a refused write sends. */
const willowChildRecord = (c: Ctx) => ({
  forename: 'Probe',
  surname: 'Child',
  dob: '2023-01-02',
  startDate: '2024-01-08',
  siteID: c.willow,
  roomID: null,
});
const PROBE_PATTERN = { comboID: 1, weekdays: [1], intervalWeeks: 1, from: '2030-01-07', to: null };

const NO_IDS = 'names no child, event, member of staff or site: answers the caller only';
const today = () => todayInZone(new Date(), 'Europe/London');

/** One entry per registered route (`METHOD /path`, `{param}`; HEAD is the GET). */
export const REST: Record<string, RestEntry> = {
  'GET /api/docs': { skip: 'the OpenAPI viewer: static files, no data' },
  'GET /api/docs/': { skip: 'the OpenAPI viewer: static files, no data' },
  'GET /api/docs/static/index.html': { skip: 'the OpenAPI viewer: static files, no data' },
  'GET /api/docs/static/swagger-initializer.js': { skip: 'the OpenAPI viewer: static files, no data' },
  'GET /api/docs/*': { skip: 'the OpenAPI viewer: static files, no data' },
  'GET /api/docs/json': { skip: 'the OpenAPI document: the API, no data' },
  'GET /api/docs/yaml': { skip: 'the OpenAPI document: the API, no data' },
  'GET /graphql': { skip: 'GraphQL: probed field by field (GRAPHQL below)' },
  'POST /graphql': { skip: 'GraphQL: probed field by field (GRAPHQL below)' },
  'GET /api/health': { skip: 'public, no data' },
  'POST /api/v1/login': { skip: 'public; names an account, not a site or event (tenancy probe)' },
  'POST /api/v1/logout': { skip: "ends the caller's own session" },
  // Issue 30: the anonymous account calls (public; probed in the tenancy probe).
  'GET /api/v1/activate': { skip: 'public; names an activation code, not a site or event (tenancy probe)' },
  'POST /api/v1/activate': { skip: 'public; names an activation code, not a site or event (tenancy probe)' },
  'GET /api/v1/resetPassword': { skip: 'public; names an account, not a site or event (tenancy probe)' },
  'POST /api/v2/resetPassword': { skip: 'public; names an account, not a site or event (tenancy probe)' },
  'POST /api/v1/resetPassword/link': {
    skip: 'public; names an account, not a site or event (tenancy probe)',
  },
  'POST /api/v1/resetPassword/code': {
    skip: 'public; names a reset code, not a site or event (tenancy probe)',
  },
  // Issue 30: the profile's own account calls (no site or event id; probed in the tenancy probe).
  'POST /api/v1/account/password': { skip: `${NO_IDS} (the caller's own password)` },
  'POST /api/v1/account/security-question': { skip: `${NO_IDS} (the caller's own security question)` },
  'POST /api/v1/logout/everywhere': { skip: "ends the caller's own sessions" },
  // Issue 30: token login (the caller's own account; the key names an account, not a site).
  'POST /api/v1/loginTokens': { skip: `${NO_IDS} (a sign-in link for the caller's own account)` },
  'POST /api/v1/integrations/hubspot': { skip: `${NO_IDS} (the caller's own provider's CRM link)` },
  'GET /api/v1/config': { skip: `${NO_IDS} (the session's site and permissions)` },
  // Issue 30: the session's timeout and the lock screen's unlock.
  'POST /api/v1/timeout': { skip: `${NO_IDS} (the caller's own session)` },
  'POST /api/v1/session/unlock': { skip: `${NO_IDS} (the caller's own session and PIN)` },
  'GET /api/v1/favourite-frameworks': { skip: `${NO_IDS} (framework ids are reference data)` },
  'PUT /api/v1/favourite-frameworks': { skip: `${NO_IDS} (framework ids are reference data)` },
  'GET /api/v1/notifications/config': { skip: `${NO_IDS} (notification settings)` },
  'PUT /api/v1/notifications': { skip: `${NO_IDS} (notification type ids are the provider's)` },
  'PUT /api/v1/eventNotifications': { skip: `${NO_IDS} (event notification type ids are the provider's)` },
  'PUT /api/v1/userSettings': { skip: `${NO_IDS} (the caller's own accessibility settings)` },
  'GET /api/v1/change-requests': {
    skip: `${NO_IDS}; the practitioner has no permission (403, tenancy probe)`,
  },
  'GET /api/v1/gdpr-erasure-requests': {
    skip: `${NO_IDS}; the practitioner has no permission (403, tenancy probe)`,
  },
  // Issue 30, one's own details (profile-details): the session's own person only.
  'GET /api/v1/change-requests/mine': { skip: `${NO_IDS} (one's own pending change of details)` },
  'POST /api/v1/change-requests': { skip: `${NO_IDS} (the body names no person: one's own details)` },
  'POST /api/v1/people/{personID}/image.jpg': {
    skip: "one's own person only: any other id is 404 like a missing one (tenancy probe, photo.test.ts)",
  },
  'GET /api/v1/people/{personID}/image.jpg': {
    skip: "one's own person only: any other id is 404 like a missing one (tenancy probe, photo.test.ts)",
  },
  'POST /api/v1/session/site': (c) => [
    {
      label: 'Willow',
      method: 'POST',
      url: '/api/v1/session/site',
      payload: { siteID: c.willow },
      expect: NOT_FOUND,
    },
  ],
  'GET /api/v1/staff': (c) => [
    { label: 'siteID=Willow', method: 'GET', url: `/api/v1/staff?siteID=${c.willow}`, expect: NOT_FOUND },
  ],
  'GET /api/v1/staff/{staffID}': (c) => [
    { label: 'a Willow member', method: 'GET', url: `/api/v1/staff/${c.willowStaff}`, expect: NOT_FOUND },
  ],
  'PUT /api/v1/staff/{staffID}': (c) => [
    {
      label: "a Willow member's PIN",
      method: 'PUT',
      url: `/api/v1/staff/${c.willowStaff}`,
      payload: { PIN: '4821' },
      // Only one's own PIN may be set: any other id, real or not, is refused alike.
      expect: likeMissing(c.willowStaff),
    },
  ],
  'GET /api/v1/home/overview': (c) => [
    {
      label: 'siteID=Willow',
      method: 'GET',
      url: `/api/v1/home/overview?siteID=${c.willow}`,
      expect: NOT_FOUND,
    },
  ],
  'POST /api/v1/events': (c) => [
    {
      label: 'a reminder at Willow about a Willow child',
      method: 'POST',
      url: '/api/v1/events',
      payload: { siteID: c.willow, subjects: [{ childID: c.willowChild }], due: today(), notes: 'Probe' },
      expect: NOT_FOUND,
    },
    {
      label: 'a reminder at Oak Tree about a Willow child and member',
      method: 'POST',
      url: '/api/v1/events',
      payload: {
        siteID: c.oak,
        subjects: [{ childID: c.willowChild }, { staffID: c.willowStaff }],
        due: today(),
        notes: 'Probe',
      },
      expect: NOT_FOUND,
    },
  ],
  'PUT /api/v1/events/{id}': (c) =>
    [
      ['a Willow reminder', c.willowReminder, c.willow],
      ["another's pending reminder", c.hidden.reminder, c.oak],
    ].map(([label, r, site]) => {
      const reminder = r as Ctx['willowReminder'];
      return {
        label: label as string,
        method: 'PUT' as const,
        url: `/api/v1/events/${reminder.id}`,
        payload: {
          version: reminder.version,
          siteID: site,
          subjects: [{ childID: c.quietChild }],
          due: reminder.due,
          notes: 'Probe edit',
        },
        expect: NOT_FOUND,
      };
    }),
  'GET /api/v2/events/counts': (c) => [
    {
      label: 'siteID=Willow',
      method: 'GET',
      url: `/api/v2/events/counts?siteID=${c.willow}`,
      expect: NOT_FOUND,
    },
    {
      label: 'the quiet Oak Tree child',
      method: 'GET',
      url: `/api/v2/events/counts?childIDs=${c.quietChild}`,
      expect: SAME,
    },
  ],
  'GET /api/v2/events': (c) => [
    { label: 'siteID=Willow', method: 'GET', url: `/api/v2/events?siteID=${c.willow}`, expect: NOT_FOUND },
    {
      label: 'the quiet Oak Tree child',
      method: 'GET',
      url: `/api/v2/events?childIDs=${c.quietChild}&limit=50`,
      expect: SAME,
    },
  ],
  'POST /api/v2/events': (c) => [
    ...closeSleeps(c, 'POST', EventStatus.Draft),
    {
      label: 'save: an observation of a Willow child',
      method: 'POST',
      url: '/api/v2/events',
      payload: newSave({ ...c.obs, subjects: [c.willowChild], notes: 'probe save' }),
      expect: NOT_FOUND,
    },
    {
      label: "save: an Oak Tree child, Willow's photo",
      method: 'POST',
      url: '/api/v2/events',
      payload: newSave({
        ...c.obs,
        subjects: [c.quietChild],
        notes: 'probe save',
        mediaIDs: [c.willowMedia],
      }),
      expect: NOT_FOUND,
    },
    {
      label: "save: an Oak Tree child, the photo of another's draft",
      method: 'POST',
      url: '/api/v2/events',
      payload: newSave({
        ...c.obs,
        subjects: [c.quietChild],
        notes: 'probe save',
        mediaIDs: [c.hidden.draftMedia],
      }),
      expect: NOT_FOUND,
    },
    {
      label: "save: replaying the save uuid of another's draft",
      method: 'POST',
      url: '/api/v2/events',
      payload: newSave({ ...c.obs, uuid: c.hidden.draftUuid, subjects: [c.quietChild], notes: 'probe save' }),
      // A create naming a client-chosen id someone else stored: a conflict with nothing of theirs in it
      // (the random uuid is known only to the device that made it; the honest device saves again).
      expect: { status: 409, code: 'err-save-id-taken' },
    },
  ],
  'PUT /api/v2/events': (c) => closeSleeps(c, 'PUT', EventStatus.Deleted),
  'GET /api/v2/events/{id}': (c) => byId(c, 'GET', (id) => `/api/v2/events/${id}`),
  // Issue 31: events v3; a hidden id among others hides the whole call.
  'GET /api/v3/events/{ids}': (c) => [
    ...byId(c, 'GET', (id) => `/api/v3/events/${id}?include=media,comments,signatures`),
    {
      label: 'Willow published and the hidden draft together',
      method: 'GET',
      url: `/api/v3/events/${c.willowPublished},${c.hidden.draft}?include=media,comments,signatures`,
      expect: NOT_FOUND,
    },
  ],
  'PUT /api/v2/events/{id}': (c) =>
    byId(
      c,
      'PUT',
      (id) => `/api/v2/events/${id}`,
      (id) => ({
        ...c.obs,
        raised: new Date(Date.now() - 3_600_000).toISOString(),
        statusID: EventStatus.Draft,
        version: c.versionOf[id],
        notes: 'overwritten by the probe',
      }),
    ),
  'GET /api/v2/events/{id}/history': (c) =>
    byId(c, 'GET', (id) => `/api/v2/events/${id}/history`).map((p) => ({ ...p, expect: NO_PERMISSION })),
  // The audit trail is for those who approve GDPR requests: the practitioner is refused whatever she
  // names (403 by the route's permission, before any id is read).
  // Roles are the provider's, not a site's: the practitioner (no settingsPermissions) is refused every
  // call, before any id is read (issue 29).
  'GET /api/v1/roles': () => [
    { label: 'the roles', method: 'GET', url: '/api/v1/roles', expect: { status: 403 } },
  ],
  'POST /api/v1/roles': () => [
    {
      label: 'a new role',
      method: 'POST',
      url: '/api/v1/roles',
      payload: { name: 'Probe', permissions: ['settingsPermissions'] },
      expect: { status: 403 },
    },
  ],
  'PUT /api/v1/roles/{roleID}': () => [
    {
      label: 'role 1 with every permission',
      method: 'PUT',
      url: '/api/v1/roles/1',
      payload: { name: 'Practitioner', permissions: ['settingsPermissions'] },
      expect: { status: 403 },
    },
  ],
  'DELETE /api/v1/roles/{roleID}': () => [
    { label: 'role 1', method: 'DELETE', url: '/api/v1/roles/1', expect: { status: 403 } },
  ],
  // The CSV import (issue 29) is the manager's (settingsChildren / addStaff): the practitioner is refused
  // whatever site the file names.
  'POST /api/v1/imports/preview': (c) => [
    {
      label: 'a children file for Willow',
      method: 'POST',
      url: '/api/v1/imports/preview',
      payload: { kind: 'children', siteID: c.willow, csv: 'Child forename,Child surname\r\nAva,Probe' },
      expect: { status: 403 },
    },
  ],
  'POST /api/v1/imports': (c) => [
    {
      label: 'a children file for Willow, imported',
      method: 'POST',
      url: '/api/v1/imports',
      payload: { kind: 'children', siteID: c.willow, csv: 'Child forename,Child surname\r\nAva,Probe' },
      expect: { status: 403 },
    },
  ],
  // The Sites page (issue 29): the practitioner has no settingsSites; every call naming Willow is
  // refused by the route's permission before the site is read.
  ...sitesSettingsProbes(),
  // The settings' contacts (issue 29): the practitioner has no settingsContacts nor addContact (403
  // before any id is read); with viewChildContacts she reads a collection password at the door, never a
  // Willow contact's (404).
  'GET /api/v1/contacts': () => [
    { label: 'the contacts', method: 'GET', url: '/api/v1/contacts', expect: NO_PERMISSION },
  ],
  'POST /api/v1/contacts': () => [
    {
      label: 'a new contact',
      method: 'POST',
      url: '/api/v1/contacts',
      payload: { forename: 'Probe', surname: 'Contact' },
      expect: NO_PERMISSION,
    },
  ],
  'GET /api/v1/contact-child-choices': () => [
    { label: 'children to link', method: 'GET', url: '/api/v1/contact-child-choices', expect: NO_PERMISSION },
  ],
  'GET /api/v1/contacts/{contactID}': (c) => [
    {
      label: 'a Willow contact',
      method: 'GET',
      url: `/api/v1/contacts/${c.willowContact}`,
      expect: NO_PERMISSION,
    },
  ],
  'PUT /api/v1/contacts/{contactID}': (c) => [
    {
      label: 'a Willow contact',
      method: 'PUT',
      url: `/api/v1/contacts/${c.willowContact}`,
      payload: { forename: 'Probe', surname: 'Contact' },
      expect: NO_PERMISSION,
    },
  ],
  'PUT /api/v1/contacts/{contactID}/archived': (c) => [
    {
      label: 'a Willow contact',
      method: 'PUT',
      url: `/api/v1/contacts/${c.willowContact}/archived`,
      payload: { archived: true },
      expect: NO_PERMISSION,
    },
  ],
  'GET /api/v1/contacts/{contactID}/collection-password': (c) => [
    {
      label: 'a Willow contact',
      method: 'GET',
      url: `/api/v1/contacts/${c.willowContact}/collection-password`,
      expect: NOT_FOUND,
    },
  ],
  'PUT /api/v1/contacts/{contactID}/children/{childID}': (c) => [
    {
      label: 'a Willow contact and child',
      method: 'PUT',
      url: `/api/v1/contacts/${c.willowContact}/children/${c.willowChild}`,
      payload: {
        priority: 1,
        parentalResponsibility: true,
        emergency: true,
        canCollect: true,
        canAddNotes: true,
      },
      expect: NO_PERMISSION,
    },
  ],
  'DELETE /api/v1/contacts/{contactID}/children/{childID}': (c) => [
    {
      label: 'a Willow contact and child',
      method: 'DELETE',
      url: `/api/v1/contacts/${c.willowContact}/children/${c.willowChild}`,
      expect: NO_PERMISSION,
    },
  ],
  // The settings' Children page (issue 29): the practitioner (no settingsChildren) is refused every call,
  // before any id is read.
  'GET /api/v1/settings/children': (c) => [
    {
      label: 'siteID=Willow',
      method: 'GET',
      url: `/api/v1/settings/children?siteID=${c.willow}`,
      expect: { status: 403 },
    },
  ],
  'GET /api/v1/settings/children/options': () => [
    {
      label: 'the choices',
      method: 'GET',
      url: '/api/v1/settings/children/options',
      expect: { status: 403 },
    },
  ],
  'POST /api/v1/settings/children': (c) => [
    {
      label: 'a Willow child',
      method: 'POST',
      url: '/api/v1/settings/children',
      payload: willowChildRecord(c),
      expect: { status: 403 },
    },
  ],
  'GET /api/v1/settings/children/{childID}': (c) => [
    {
      label: 'a Willow child',
      method: 'GET',
      url: `/api/v1/settings/children/${c.willowChild}`,
      expect: { status: 403 },
    },
  ],
  'PUT /api/v1/settings/children/{childID}': (c) => [
    {
      label: 'a Willow child',
      method: 'PUT',
      url: `/api/v1/settings/children/${c.willowChild}`,
      payload: willowChildRecord(c),
      expect: { status: 403 },
    },
  ],
  'POST /api/v1/settings/children/{childID}/archive': (c) => [
    {
      label: 'a Willow child',
      method: 'POST',
      url: `/api/v1/settings/children/${c.willowChild}/archive`,
      expect: { status: 403 },
    },
  ],
  'POST /api/v1/settings/children/{childID}/restore': (c) => [
    {
      label: 'a Willow child',
      method: 'POST',
      url: `/api/v1/settings/children/${c.willowChild}/restore`,
      expect: { status: 403 },
    },
  ],
  'POST /api/v1/settings/children/{childID}/booking-patterns': (c) => [
    {
      label: 'a Willow child',
      method: 'POST',
      url: `/api/v1/settings/children/${c.willowChild}/booking-patterns`,
      payload: PROBE_PATTERN,
      expect: { status: 403 },
    },
  ],
  'PUT /api/v1/settings/booking-patterns/{patternID}': () => [
    {
      label: 'pattern 1',
      method: 'PUT',
      url: '/api/v1/settings/booking-patterns/1',
      payload: PROBE_PATTERN,
      expect: { status: 403 },
    },
  ],
  'DELETE /api/v1/settings/booking-patterns/{patternID}': () => [
    {
      label: 'pattern 1',
      method: 'DELETE',
      url: '/api/v1/settings/booking-patterns/1',
      expect: { status: 403 },
    },
  ],
  // The catalogue pages (issue 29): the practitioner holds no settings permission, so every call is
  // refused before a card, a site or a framework is read.
  'GET /api/v1/settings/overview/{card}': () => [
    {
      label: 'the provider card',
      method: 'GET',
      url: '/api/v1/settings/overview/provider',
      expect: NO_PERMISSION,
    },
  ],
  'GET /api/v1/settings/frameworks': (c) => [
    {
      label: 'siteID=Willow',
      method: 'GET',
      url: `/api/v1/settings/frameworks?siteID=${c.willow}`,
      expect: NO_PERMISSION,
    },
  ],
  'PUT /api/v1/settings/frameworks/{frameworkID}/sites/{siteID}': (c) => [
    {
      label: 'a framework off at Willow',
      method: 'PUT',
      url: `/api/v1/settings/frameworks/-29/sites/${c.willow}`,
      payload: { enabled: false },
      expect: NO_PERMISSION,
    },
  ],
  'GET /api/v1/settings/meal-types': () => [
    { label: 'the meal types', method: 'GET', url: '/api/v1/settings/meal-types', expect: NO_PERMISSION },
  ],
  'POST /api/v1/settings/meal-types': () => [
    {
      label: 'a new meal type',
      method: 'POST',
      url: '/api/v1/settings/meal-types',
      payload: { name: 'Probe', enabled: true, sortOrder: 0 },
      expect: NO_PERMISSION,
    },
  ],
  'PUT /api/v1/settings/meal-types/{mealTypeID}': () => [
    {
      label: 'meal type 1 archived',
      method: 'PUT',
      url: '/api/v1/settings/meal-types/1',
      payload: { name: 'Breakfast', enabled: true, sortOrder: 0, archived: true },
      expect: NO_PERMISSION,
    },
  ],

  // Staff administration (issue 29): she holds neither addStaff nor editStaff nor settingsProvider:
  // every call is refused before any id is read.
  'GET /api/v1/settings/staff': (c) => [
    {
      label: 'Willow',
      method: 'GET',
      url: `/api/v1/settings/staff?siteID=${c.willow}`,
      expect: { status: 403 },
    },
  ],
  'GET /api/v1/settings/staff-options': () => [
    { label: 'the choices', method: 'GET', url: '/api/v1/settings/staff-options', expect: { status: 403 } },
  ],
  'GET /api/v1/settings/staff/{staffID}': () => [
    { label: 'staff 1', method: 'GET', url: '/api/v1/settings/staff/1', expect: { status: 403 } },
  ],
  'POST /api/v1/settings/staff': (c) => [
    {
      label: 'a member at Willow',
      method: 'POST',
      url: '/api/v1/settings/staff',
      payload: { forename: 'P', surname: 'Q', email: 'p.q@example.org', siteID: c.willow, roleIDs: [1] },
      expect: { status: 403 },
    },
  ],
  'PUT /api/v1/settings/staff/{staffID}': (c) => [
    {
      label: 'staff 1 moved to Willow',
      method: 'PUT',
      url: '/api/v1/settings/staff/1',
      payload: { forename: 'P', surname: 'Q', email: 'p.q@example.org', siteID: c.willow, roleIDs: [1] },
      expect: { status: 403 },
    },
  ],
  'PUT /api/v1/settings/staff/{staffID}/name': () => [
    {
      label: 'staff 1',
      method: 'PUT',
      url: '/api/v1/settings/staff/1/name',
      payload: { forename: 'P', surname: 'Q' },
      expect: { status: 403 },
    },
  ],
  'POST /api/v1/settings/staff/{staffID}/archive': () => [
    {
      label: 'staff 1',
      method: 'POST',
      url: '/api/v1/settings/staff/1/archive',
      payload: {},
      expect: { status: 403 },
    },
  ],
  'POST /api/v1/settings/staff/{staffID}/restore': () => [
    { label: 'staff 1', method: 'POST', url: '/api/v1/settings/staff/1/restore', expect: { status: 403 } },
  ],
  'POST /api/v1/settings/staff/{staffID}/invitation': () => [
    { label: 'staff 1', method: 'POST', url: '/api/v1/settings/staff/1/invitation', expect: { status: 403 } },
  ],
  'GET /api/v1/settings/email-outbox': () => [
    { label: 'the outbox', method: 'GET', url: '/api/v1/settings/email-outbox', expect: { status: 403 } },
  ],
  // Issue 32: the background jobs' dead letters are the managers' (addStaff or settingsProvider).
  'GET /api/v1/settings/background-jobs/dead-letters': () => [
    {
      label: 'the dead letters',
      method: 'GET',
      url: '/api/v1/settings/background-jobs/dead-letters',
      expect: { status: 403 },
    },
  ],
  'POST /api/v1/settings/background-jobs/dead-letters/{id}/retry': () => [
    {
      label: 'a dead letter',
      method: 'POST',
      url: '/api/v1/settings/background-jobs/dead-letters/5b0c2f4e-8d1a-4c3b-9e7f-2a6d8c4b1e90/retry',
      expect: { status: 403 },
    },
  ],
  'DELETE /api/v1/settings/background-jobs/dead-letters/{id}': () => [
    {
      label: 'a dead letter',
      method: 'DELETE',
      url: '/api/v1/settings/background-jobs/dead-letters/5b0c2f4e-8d1a-4c3b-9e7f-2a6d8c4b1e90',
      expect: { status: 403 },
    },
  ],
  'GET /api/v1/audit': (c) => auditProbes(c, '/api/v1/audit'),
  'GET /api/v1/audit.csv': (c) => auditProbes(c, '/api/v1/audit.csv'),
  'GET /api/v1/meals': (c) => [
    { label: 'siteID=Willow', method: 'GET', url: `/api/v1/meals?siteID=${c.willow}`, expect: NOT_FOUND },
  ],
  'GET /api/v1/next-step-counts': (c) =>
    perChildGet(c, (childID) => `/api/v1/next-step-counts?childIDs=${childID}`),
  'POST /api/v1/transition': (c) => [
    {
      label: "pending: Willow's published, another's draft, the manager's archived",
      method: 'POST',
      url: '/api/v1/transition',
      payload: { ids: [c.willowPublished, c.hidden.draft, c.hidden.archived], statusID: EventStatus.Pending },
      expect: { outcomes: 'err-not-found' },
    },
    {
      label: "deleted: another's pending",
      method: 'POST',
      url: '/api/v1/transition',
      payload: { ids: [c.hidden.pending], statusID: EventStatus.Deleted },
      expect: { outcomes: 'err-not-found' },
    },
  ],
  'GET /api/v1/lastEvent': (c) =>
    perChildGet(
      c,
      (childID) => `/api/v1/lastEvent?childID=${childID}&typeID=${c.obs.typeID}`,
      ', observations',
    ),
  'GET /api/v1/outstanding-next-steps': (c) =>
    perChildGet(c, (childID) => `/api/v1/outstanding-next-steps?childIDs=${childID}`),
  'GET /api/v1/children/{childID}/photo': (c) => [
    {
      label: "a Willow child's photo",
      method: 'GET',
      url: `/api/v1/children/${c.willowChildWithPhoto}/photo`,
      expect: NOT_FOUND,
    },
  ],
  'GET /api/v1/children/{childID}/today': (c) =>
    perChildGet(c, (childID) => `/api/v1/children/${childID}/today`),
  'GET /api/v1/media/{id}': (c) =>
    [
      ["Willow's published photo", c.willowMedia],
      ["the photo of another's draft", c.hidden.draftMedia],
    ].flatMap(([label, id]) => [
      { label: label!, method: 'GET' as const, url: `/api/v1/media/${id}`, expect: NOT_FOUND },
      {
        label: `${label}, thumbnail`,
        method: 'GET' as const,
        url: `/api/v1/media/${id}?size=thumbnail`,
        expect: NOT_FOUND,
      },
    ]),
  'POST /api/v1/media': (c) =>
    [
      ["replay: Willow's published photo's id", c.willowMedia],
      ["replay: the id of another's draft photo", c.hidden.draftMedia],
    ].map(([label, id]) => ({
      label: label!,
      method: 'POST' as const,
      url: '/api/v1/media',
      multipart: multipart([
        { name: 'id', value: id! },
        { name: 'typeID', value: String(c.obs.typeID) },
        { name: 'file', filename: 'probe.jpg', data: PROBE_JPEG },
      ]),
      // As a save uuid replay: a conflict without the stored row or its mediaToken.
      expect: { status: 409, code: 'err-media-id-taken' },
    })),
  'GET /api/v1/frameworks': (c) => [
    {
      label: 'siteID=Willow',
      method: 'GET',
      url: `/api/v1/frameworks?siteID=${c.willow}`,
      expect: NOT_FOUND,
    },
  ],
  'POST /api/v1/sync/report': (c) => [
    {
      label: 'a report for Willow',
      method: 'POST',
      url: '/api/v1/sync/report',
      payload: { deviceID: 'probe-device-0002', siteID: c.willow, unsyncedEvents: 3, unsyncedMedia: 1 },
      expect: NOT_FOUND,
    },
  ],
  'GET /api/v1/sync/others': (c) => [
    {
      label: 'siteID=Willow',
      method: 'GET',
      url: `/api/v1/sync/others?siteID=${c.willow}`,
      expect: NOT_FOUND,
    },
  ],
  'GET /api/v1/sync/devices': (c) => [
    {
      label: 'siteID=Willow',
      method: 'GET',
      url: `/api/v1/sync/devices?siteID=${c.willow}`,
      expect: NO_PERMISSION,
    },
  ],
  'GET /api/v1/sites/{siteID}/registers': (c) => [
    { label: 'Willow', method: 'GET', url: `/api/v1/sites/${c.willow}/registers`, expect: NOT_FOUND },
  ],
  'GET /api/v1/sites/{siteID}/emergency-contacts': (c) => [
    {
      label: 'Willow',
      method: 'GET',
      url: `/api/v1/sites/${c.willow}/emergency-contacts`,
      expect: NOT_FOUND,
    },
  ],
  'GET /api/v1/key-children': (c) => [
    {
      label: 'siteID=Willow',
      method: 'GET',
      url: `/api/v1/key-children?date=${today()}&siteID=${c.willow}`,
      expect: NOT_FOUND,
    },
  ],
  'GET /api/v1/event-checker': (c) => [
    {
      label: 'siteID=Willow',
      method: 'GET',
      url: `/api/v1/event-checker?siteID=${c.willow}&dateFrom=2020-01-01&dateTo=${today()}`,
      expect: NOT_FOUND,
    },
    {
      label: 'Oak Tree, a Willow member as key person',
      method: 'GET',
      url: `/api/v1/event-checker?siteID=${c.oak}&staffIDs=${c.willowStaff}&dateFrom=2020-01-01&dateTo=${today()}`,
      expect: likeMissing(c.willowStaff),
    },
  ],
  'GET /api/v1/reports/last-published-observation': (c) => [
    {
      label: 'siteID=Willow',
      method: 'GET',
      url: `/api/v1/reports/last-published-observation?siteID=${c.willow}`,
      expect: NO_PERMISSION,
    },
  ],
  'POST /api/v1/big-picture/export': (c) => {
    const filter = { frameworkID: '-29', eventTypes: ['snapshot', 'learningStory'], dateFrom: '2020-01-01' };
    return [
      {
        label: 'Willow',
        method: 'POST',
        url: '/api/v1/big-picture/export',
        payload: { ...filter, overrides: [], siteID: c.willow },
        expect: NOT_FOUND,
      },
      {
        label: 'Oak Tree, a Willow child',
        method: 'POST',
        url: '/api/v1/big-picture/export',
        payload: { ...filter, overrides: [], siteID: c.oak, childIDs: [c.willowChild] },
        expect: NOT_FOUND,
      },
    ];
  },
  'GET /api/v1/sites/{siteID}/staff-register': (c) => [
    { label: 'Willow', method: 'GET', url: `/api/v1/sites/${c.willow}/staff-register`, expect: NOT_FOUND },
  ],
  'POST /api/v1/sites/{siteID}/staff-register/bulk': (c) => [
    {
      label: 'mark off a Willow shift',
      method: 'POST',
      url: `/api/v1/sites/${c.willow}/staff-register/bulk`,
      payload: {
        date: today(),
        action: 'markOff',
        statusID: c.shiftMarkOffStatus,
        notes: 'Probe',
        shifts: [{ id: c.willowShift.id, version: c.willowShift.version }],
      },
      // The practitioner may mark off nobody: refused before the site is read.
      expect: NO_PERMISSION,
    },
  ],
  'GET /api/v1/shifts/{shiftID}': (c) => [
    { label: 'a Willow shift', method: 'GET', url: `/api/v1/shifts/${c.willowShift.id}`, expect: NOT_FOUND },
  ],
  'POST /api/v1/shifts/{shiftID}/actions': (c) => [
    {
      label: 'check in a Willow shift',
      method: 'POST',
      url: `/api/v1/shifts/${c.willowShift.id}/actions`,
      payload: { action: 'checkIn', time: '00:00', version: c.willowShift.version },
      expect: NOT_FOUND,
    },
  ],
  'GET /api/v1/shifts/{shiftID}/signatures/{which}': (c) => [
    {
      label: "a Willow shift's check-in signature",
      method: 'GET',
      url: `/api/v1/shifts/${c.willowShift.id}/signatures/actualFrom`,
      expect: NOT_FOUND,
    },
  ],
  'GET /api/v1/shifts/{shiftID}/breaks/{breakID}/signatures/{which}': (c) => [
    {
      label: "a Willow break's start signature",
      method: 'GET',
      url: `/api/v1/shifts/${c.willowShift.id}/breaks/${c.willowShift.breakID}/signatures/timeFrom`,
      expect: NOT_FOUND,
    },
  ],
  'PUT /api/v1/bookings': (c) => {
    const update = { ...c.willowBooking, typeID: null, actualStart: '08:00', actualEnd: null };
    return [
      {
        label: 'siteID=Willow, a Willow booking checked in',
        method: 'PUT',
        url: '/api/v1/bookings',
        payload: { siteID: c.willow, updates: [update] },
        expect: NOT_FOUND,
      },
      {
        label: 'siteID=Oak Tree, a Willow booking checked in',
        method: 'PUT',
        url: '/api/v1/bookings',
        payload: { siteID: c.oak, updates: [update] },
        // Each update is answered on its own: a Willow booking as a booking that does not exist.
        expect: likeMissing(c.willowBooking.childID),
      },
    ];
  },
  'POST /api/v1/children/{childID}/markOff': (c) => [
    {
      label: 'a future Willow booking',
      method: 'POST',
      url: `/api/v1/children/${c.willowFutureBooking.childID}/markOff`,
      payload: {
        date: c.willowFutureBooking.date,
        comboIDs: [c.willowFutureBooking.comboID],
        markOffCategoryID: c.willowFutureBooking.category,
        notes: 'Probe',
      },
      expect: NOT_FOUND,
    },
  ],
  'POST /api/v1/signatures': (c) => [
    {
      label: "a Willow child's session today, its contact signing",
      method: 'POST',
      url: '/api/v1/signatures',
      payload: {
        childID: c.willowSigning.childID,
        comboIDs: [c.willowSigning.comboID],
        date: today(),
        signature: PROBE_PNG,
        personID: c.willowSigning.personID,
        typeID: c.willowSigning.typeID,
      },
      expect: NOT_FOUND,
    },
  ],
  'GET /api/v1/signatures/{id}': (c) => [
    {
      label: 'a Willow register signature',
      method: 'GET',
      url: `/api/v1/signatures/${c.willowRegisterSignature.id}`,
      expect: NOT_FOUND,
    },
  ],
  'GET /api/v1/providers/{providerID}/signature/{id}/{key}': (c) => [
    {
      label: "a Willow register signature's image, the right key",
      method: 'GET',
      url: `/api/v1/providers/${c.providerId}/signature/${c.willowRegisterSignature.id}/${c.willowRegisterSignature.key}`,
      expect: NOT_FOUND,
    },
  ],
  'POST /api/v1/events/{id}/signatures': (c) => [
    {
      label: 'an unsigned Willow accident, a parent signing',
      method: 'POST',
      url: `/api/v1/events/${c.willowAccident.id}/signatures`,
      payload: { personID: c.willowAccident.personID, signature: PROBE_PNG },
      expect: NOT_FOUND,
    },
    {
      label: 'a Willow medication record, a parent signing (issue 31)',
      method: 'POST',
      url: `/api/v1/events/${c.willowMedication.id}/signatures`,
      payload: { personID: c.willowAccident.personID, signature: PROBE_PNG, signatureType: 'Consent' },
      expect: NOT_FOUND,
    },
    ...hiddenEvents(c).map(([label, id]) => ({
      label: `${label}, a parent signing`,
      method: 'POST' as const,
      url: `/api/v1/events/${id}/signatures`,
      payload: { personID: c.willowAccident.personID, signature: PROBE_PNG },
      expect: NOT_FOUND,
    })),
  ],
  'POST /api/v1/events/{id}/comments': (c) =>
    byId(
      c,
      'POST',
      (id) => `/api/v1/events/${id}/comments`,
      () => ({ text: 'Probe comment' }),
    ),
  'GET /api/v1/sites/{siteID}/attendance/{date}/requests': (c) => [
    {
      label: 'Willow today',
      method: 'GET',
      url: `/api/v1/sites/${c.willow}/attendance/${today()}/requests`,
      expect: NOT_FOUND,
    },
  ],
  'PUT /api/v1/attendance/requests/{id}': (c) => [
    {
      label: 'a pending Willow request, declined',
      method: 'PUT',
      url: `/api/v1/attendance/requests/${c.willowAttendanceRequest}`,
      payload: { approved: false, time: '08:00' },
      expect: NOT_FOUND,
    },
  ],
  'GET /api/v1/booking-requests': (c) => [
    {
      label: 'siteID=Willow',
      method: 'GET',
      url: `/api/v1/booking-requests?siteID=${c.willow}`,
      expect: NO_PERMISSION,
    },
  ],
  'PUT /api/v1/booking-requests/{id}': (c) => [
    {
      label: 'a pending Willow booking request, declined',
      method: 'PUT',
      url: `/api/v1/booking-requests/${c.willowBookingRequest}`,
      payload: { approved: false, notify: true, responseNotes: 'Probe' },
      expect: NO_PERMISSION,
    },
  ],
  'POST /api/v1/change-requests/approve/{id}': (c) => [
    {
      label: 'a pending change request',
      method: 'POST',
      url: `/api/v1/change-requests/approve/${c.changeRequest}`,
      payload: { fields: { telmob: '07700 900456' } },
      expect: NO_PERMISSION,
    },
  ],
  'DELETE /api/v1/change-requests/{id}': (c) => [
    {
      label: 'a pending change request',
      method: 'DELETE',
      url: `/api/v1/change-requests/${c.changeRequest}`,
      expect: NO_PERMISSION,
    },
  ],
  'POST /api/v1/gdpr-erasure-requests': (c) => [
    {
      label: 'the Willow child',
      method: 'POST',
      url: '/api/v1/gdpr-erasure-requests',
      payload: { childID: c.willowChild },
      expect: NO_PERMISSION,
    },
  ],
  'PUT /api/v1/gdpr-erasure-requests/{id}': (c) => [
    {
      label: 'a pending erasure request, approved',
      method: 'PUT',
      url: `/api/v1/gdpr-erasure-requests/${c.erasureRequest}`,
      payload: { approved: true },
      expect: NO_PERMISSION,
    },
  ], // Issue 31: conversations. A thread is the thread's site's and child's: the Willow thread is not found,
  // nor may one start from Willow's event or an Oak Tree event she may not view; her list stays as it was.
  'POST /api/v1/conversations': (c) => [
    {
      label: 'the Willow published observation',
      method: 'POST',
      url: '/api/v1/conversations',
      payload: { childID: c.willowChild, eventID: c.willowPublished, text: 'Probe message' },
      expect: NOT_FOUND,
    },
    ...hiddenEvents(c).map(([label, id]) => ({
      label,
      method: 'POST' as const,
      url: '/api/v1/conversations',
      payload: { childID: c.quietChild, eventID: id, text: 'Probe message' },
      expect: NOT_FOUND,
    })),
  ],
  'GET /api/v1/conversations': () => [
    { label: 'her threads', method: 'GET', url: '/api/v1/conversations', expect: SAME },
  ],
  'GET /api/v1/conversations/{threadID}': (c) => [
    {
      label: 'the Willow thread',
      method: 'GET',
      url: `/api/v1/conversations/${c.willowThread.id}`,
      expect: NOT_FOUND,
    },
  ],
  'POST /api/v1/conversations/{threadID}/messages': (c) => [
    {
      label: 'the Willow thread',
      method: 'POST',
      url: `/api/v1/conversations/${c.willowThread.id}/messages`,
      payload: { text: 'Probe reply' },
      expect: NOT_FOUND,
    },
  ],
  'PUT /api/v1/conversations/{threadID}/read': (c) => [
    {
      label: 'the Willow thread',
      method: 'PUT',
      url: `/api/v1/conversations/${c.willowThread.id}/read`,
      payload: { messageID: c.willowThread.messageID },
      expect: NOT_FOUND,
    },
  ],
};

/** A 1×1 JPEG the media replays send (their files must never replace the stored ones). */
const PROBE_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

export type GqlEntry = ((c: Ctx) => GqlProbe[]) | { skip: string };

const CHILD_FIELDS = 'id forename surname dob siteID contacts { forename surname }';
const EVENT_FIELDS = 'id notes childID siteID mediaIDs nextSteps { notes } editable permittedActions';
const SPOTLIGHT_FIELDS =
  'id notes childIDs gradings { itemID value } checkpointNotes { note } considerations { notes } media { url }';
const BIG_PICTURE_FILTER =
  'frameworkID: "-29", eventTypes: [snapshot, learningStory], dateFrom: "2020-01-01"';

/** Per child: a Willow child (not found) and the quiet Oak Tree child (unmoved by the hidden events). */
const perChild = (c: Ctx, label: string, query: (childID: number) => string): GqlProbe[] => [
  { label: `${label}(a Willow child)`, query: query(c.willowChild), expect: GQL_NOT_FOUND },
  { label: `${label}(the quiet Oak Tree child)`, query: query(c.quietChild), expect: SAME },
];

const spotlightInput = (c: Ctx, extra: string, childID = c.quietChild) =>
  `{ type: snapshot, codeID: ${c.snapshotCode}, childIDs: [${childID}], date: "${today()}", time: "00:00", notes: "Probe snapshot", gradings: [], bestFits: [], checkpointIDs: [], considerations: [], mediaTokens: [], statusID: 1${extra} }`;

/** A medication record's input (a draft without signatures), as a refused save would send it. */
const medicationInput = (c: Ctx, childID: number, extra: string) =>
  `{ raised: "${new Date(Date.now() - 3_600_000).toISOString()}", notes: "Probe medication", childIDs: [${childID}], codeID: ${c.medicationCode}, status: 1, medicationInfo: { name: "Probe", type: Prescribed, dosage: "1 ml" }, signatures: []${extra} }`;

/** One entry per field of the GraphQL schema's Query (by name) and Mutation ('Mutation.name'). */
export const GRAPHQL: Record<string, GqlEntry> = {
  _version: { skip: 'the server version: no data' },
  attributes: { skip: "the provider's attribute lists: reference data, no ids" },
  ethnicities: { skip: "the provider's ethnicity list: reference data, no ids" },
  developmentCheckpoints: { skip: "the provider's checkpoint catalogue: reference data, no ids" },
  notifications: { skip: "the caller's own notifications: no ids" },
  'Mutation.loginWithToken': { skip: 'public; names a sign-in key, not a site or event (tenancy probe)' },
  pendingConsiderations: { skip: 'names no id; the practitioner has no permission (403, tenancy probe)' },
  children: (c) => [
    {
      label: 'children(Willow)',
      query: `{ children(siteID: ${c.willow}) { ${CHILD_FIELDS} } }`,
      expect: GQL_NOT_FOUND,
    },
    {
      label: 'children(Oak Tree, ids: a Willow child)',
      query: `{ children(siteID: ${c.oak}, ids: [${c.willowChild}]) { ${CHILD_FIELDS} } }`,
      expect: likeMissing(c.willowChild),
    },
  ],
  event: (c) =>
    [['Willow published', c.willowPublished] as const, ...hiddenEvents(c)].map(([label, id]) => ({
      label: `event(${label})`,
      query: `{ event(id: ${id}) { ${EVENT_FIELDS} } }`,
      expect: GQL_NOT_FOUND,
    })),
  spotlightSetup: (c) => [
    {
      label: 'spotlightSetup(Willow)',
      query: `{ spotlightSetup(siteID: ${c.willow}) { siteID types { id codes { id } } } }`,
      expect: GQL_NOT_FOUND,
    },
  ],
  bigPicture: (c) => {
    const fields = 'children { id forename surname gradingSummary { itemID value count } }';
    return [
      {
        label: 'bigPicture(Willow)',
        query: `{ bigPicture(siteID: ${c.willow}, ${BIG_PICTURE_FILTER}) { ${fields} } }`,
        expect: GQL_NOT_FOUND,
      },
      {
        label: 'bigPicture(Oak Tree, childIDs: a Willow child)',
        query: `{ bigPicture(siteID: ${c.oak}, childIDs: [${c.willowChild}], ${BIG_PICTURE_FILTER}) { ${fields} } }`,
        expect: GQL_NOT_FOUND,
      },
      {
        label: 'bigPicture(Oak Tree, childIDs: the quiet Oak Tree child)',
        query: `{ bigPicture(siteID: ${c.oak}, childIDs: [${c.quietChild}], ${BIG_PICTURE_FILTER}) { ${fields} } }`,
        expect: SAME,
      },
    ];
  },
  gradingsOverview: (c) =>
    perChild(
      c,
      'gradingsOverview',
      (id) =>
        `{ gradingsOverview(childIDs: [${id}], ${BIG_PICTURE_FILTER}) { childID itemID value ageRangeID } }`,
    ),
  spotlightEvent: (c) =>
    [
      ['a Willow snapshot', c.willowSnapshot.id],
      ["another's draft learning story", c.hidden.story.id],
      ["another's pending snapshot", c.hidden.snapshotPending.id],
    ].map(([label, id]) => ({
      label: `spotlightEvent(${label})`,
      query: `{ spotlightEvent(id: ${id}) { ${SPOTLIGHT_FIELDS} } }`,
      expect: GQL_NOT_FOUND,
    })),
  checkpointNotes: (c) =>
    perChild(c, 'checkpointNotes', (id) => `{ checkpointNotes(childID: ${id}) { id note section } }`),
  previousGradingCounts: (c) =>
    perChild(
      c,
      'previousGradingCounts',
      (id) =>
        `{ previousGradingCounts(childID: ${id}, eventTypeIDs: [${c.snapshotType}, ${c.learningStoryType}]) { itemID value count } }`,
    ),
  considerationsForChild: (c) =>
    perChild(
      c,
      'considerationsForChild',
      (id) => `{ considerationsForChild(childID: ${id}) { items { id notes } nextCursor } }`,
    ),
  considerationCountForChild: (c) =>
    perChild(c, 'considerationCountForChild', (id) => `{ considerationCountForChild(childID: ${id}) }`),
  eventsByChildAndType: (c) =>
    [c.snapshotType, c.learningStoryType].flatMap((typeID) =>
      perChild(
        c,
        `eventsByChildAndType[type ${typeID}]`,
        (id) =>
          `{ eventsByChildAndType(childID: ${id}, typeID: ${typeID}) { items { id notes } nextCursor } }`,
      ),
    ),
  eventCountByChildAndType: (c) =>
    [c.snapshotType, c.learningStoryType].flatMap((typeID) =>
      perChild(
        c,
        `eventCountByChildAndType[type ${typeID}]`,
        (id) => `{ eventCountByChildAndType(childID: ${id}, typeID: ${typeID}) }`,
      ),
    ),
  'Mutation.updateEvent': (c) => [
    {
      label: 'updateEvent(edit of a Willow snapshot)',
      query: `mutation { updateEvent(input: ${spotlightInput(c, `, id: ${c.willowSnapshot.id}, version: ${c.willowSnapshot.version}`)}) { ids } }`,
      expect: GQL_NOT_FOUND,
    },
    {
      label: "updateEvent(edit of another's draft learning story)",
      query: `mutation { updateEvent(input: ${spotlightInput(c, `, id: ${c.hidden.story.id}, version: ${c.hidden.story.version}`)}) { ids } }`,
      expect: GQL_NOT_FOUND,
    },
    {
      label: "updateEvent(edit of another's pending snapshot)",
      query: `mutation { updateEvent(input: ${spotlightInput(c, `, id: ${c.hidden.snapshotPending.id}, version: ${c.hidden.snapshotPending.version}`)}) { ids } }`,
      expect: GQL_NOT_FOUND,
    },
    {
      label: 'updateEvent(add for a Willow child)',
      query: `mutation { updateEvent(input: ${spotlightInput(c, '', c.willowChild)}) { ids } }`,
      expect: GQL_NOT_FOUND,
    },
  ],
  // Issue 31: the medication record.
  medicationEvent: (c) => [
    {
      label: 'medicationEvent(a Willow record)',
      query: `{ medicationEvent(id: ${c.willowMedication.id}) { id notes medicationInfo { name } signatures { imageUrl } } }`,
      expect: GQL_NOT_FOUND,
    },
  ],
  medicationSetup: (c) => [
    {
      label: 'medicationSetup(Willow)',
      query: `{ medicationSetup(siteID: ${c.willow}) { siteID staff { id forename } } }`,
      expect: GQL_NOT_FOUND,
    },
    ...perChild(
      c,
      'medicationSetup',
      (id) =>
        `{ medicationSetup(siteID: ${c.oak}, childID: ${id}) { child { id allergies medicalNotes } contacts { id forename } recentDoses { eventID name raised } } }`,
    ),
  ],
  medicationChildSetups: (c) => [
    {
      label: 'medicationChildSetups(Willow)',
      query: `{ medicationChildSetups(siteID: ${c.willow}, childIDs: [${c.willowChild}]) { childID } }`,
      expect: GQL_NOT_FOUND,
    },
    ...perChild(
      c,
      'medicationChildSetups',
      (id) =>
        `{ medicationChildSetups(siteID: ${c.oak}, childIDs: [${id}]) { childID child { id allergies medicalNotes } contacts { id forename } recentDoses { eventID name raised } } }`,
    ),
  ],
  'Mutation.updateMedicationEvent': (c) => [
    {
      label: 'updateMedicationEvent(edit of a Willow record)',
      query: `mutation { updateMedicationEvent(input: ${medicationInput(c, c.willowChild, `, id: ${c.willowMedication.id}, version: ${c.willowMedication.version}`)}) { id } }`,
      expect: GQL_NOT_FOUND,
    },
    {
      label: 'updateMedicationEvent(add for a Willow child)',
      query: `mutation { updateMedicationEvent(input: ${medicationInput(c, c.willowChild, '')}) { id } }`,
      expect: GQL_NOT_FOUND,
    },
  ],
  'Mutation.readNotification': (c) => [
    {
      label: "readNotification(the manager's)",
      query: `mutation { readNotification(id: ${c.othersNotification}) { id read message } }`,
      expect: GQL_NOT_FOUND,
    },
  ],
};

function auditProbes(c: Ctx, path: string): RestProbe[] {
  return [
    { label: 'childID=Willow child', url: `${path}?childID=${c.willowChild}` },
    { label: 'staffID=Willow member', url: `${path}?staffID=${c.willowStaff}` },
  ].map((p) => ({ ...p, method: 'GET' as const, expect: { status: 403 } }));
}

/** The Sites page's calls (issue 29), each naming Willow: 403 (no settingsSites). */
function sitesSettingsProbes(): Record<string, (c: Ctx) => RestProbe[]> {
  const site = {
    name: 'Willow Nursery',
    addressLines: [],
    postcode: '',
    phone: '',
    openingDays: [1],
    opensAt: '08:00',
    closesAt: '18:00',
    registersEnabled: true,
    staffRegistersEnabled: true,
    archived: true,
  };
  const room = {
    name: 'Probe',
    capacity: 1,
    ageFromMonths: 0,
    ageToMonths: 12,
    sortOrder: 0,
    archived: true,
  };
  const session = { name: 'Probe', start: '09:00', end: '10:00', enabled: false, sortOrder: 0 };
  const refused = { status: 403 };
  const base = (c: Ctx) => `/api/v1/settings/sites/${c.willow}`;
  return {
    'GET /api/v1/settings/sites': () => [
      { label: 'the sites', method: 'GET', url: '/api/v1/settings/sites?archived=true', expect: refused },
    ],
    'POST /api/v1/settings/sites': () => [
      {
        label: 'a new site',
        method: 'POST',
        url: '/api/v1/settings/sites',
        payload: { ...site, name: 'Probe' },
        expect: refused,
      },
    ],
    'GET /api/v1/settings/sites/{siteID}': (c) => [
      { label: 'Willow', method: 'GET', url: base(c), expect: refused },
    ],
    'PUT /api/v1/settings/sites/{siteID}': (c) => [
      { label: 'Willow archived', method: 'PUT', url: base(c), payload: site, expect: refused },
    ],
    'POST /api/v1/settings/sites/{siteID}/rooms': (c) => [
      { label: 'a room at Willow', method: 'POST', url: `${base(c)}/rooms`, payload: room, expect: refused },
    ],
    'PUT /api/v1/settings/sites/{siteID}/rooms/{roomID}': (c) => [
      { label: 'room 1 archived', method: 'PUT', url: `${base(c)}/rooms/1`, payload: room, expect: refused },
    ],
    'POST /api/v1/settings/sites/{siteID}/closures': (c) => [
      {
        label: 'a closure at Willow',
        method: 'POST',
        url: `${base(c)}/closures`,
        payload: { startsOn: '2099-01-01', endsOn: '2099-01-02', reason: 'Probe' },
        expect: refused,
      },
    ],
    'DELETE /api/v1/settings/sites/{siteID}/closures/{closureID}': (c) => [
      { label: 'closure 1', method: 'DELETE', url: `${base(c)}/closures/1`, expect: refused },
    ],
    'POST /api/v1/settings/sites/{siteID}/sessions': (c) => [
      {
        label: 'a session at Willow',
        method: 'POST',
        url: `${base(c)}/sessions`,
        payload: session,
        expect: refused,
      },
    ],
    'PUT /api/v1/settings/sites/{siteID}/sessions/{sessionID}': (c) => [
      { label: 'session 1', method: 'PUT', url: `${base(c)}/sessions/1`, payload: session, expect: refused },
    ],
  };
}
