// Issue 11, "tenancy held everywhere": every REST operation of the OpenAPI document and every GraphQL
// query field, sent by five roles, each request naming the FIRST provider's real objects (Oak Tree,
// a child, a member of staff, a draft and a published event, a photo, open sleeps) with a body valid
// enough that only tenancy or permission can stop it:
// - anonymous: 401 err-not-logged-in on every non-public route (GraphQL too);
// - a contact-only session of the first provider: 403 everywhere but the public routes;
// - the second provider's manager: never a 2xx with the first provider's data (404, or the 400/403
//   a validation or permission gives first, written per probe below), no answer holding the first
//   provider's names, notes or e-mails, and nothing of the first provider changed (every table with a
//   provider_id fingerprinted before and after, and its media files on disk);
// - the first provider's practitioner and manager: the statuses their permissions give, never a 5xx.
// A new operation in the OpenAPI document or a new GraphQL field without a probe here fails the test:
// every future route has to be classified. The summary line printed at the end is quoted in
// docs/security.md.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { todayInZone } from '@nursery/domain/common';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FRAMEWORK_IDS } from '../demo/frameworks/index.ts';
import { sha512Hex } from '../modules/auth/passwords.ts';
import { type Fixture, loadFixture, newSave } from '../modules/events/event-fixtures.ts';
import { DEMO, describeEachDb, loginAs, makeTestApp, type TestApp, WRITE_HEADERS } from '../test/harness.ts';
import { PUBLIC_ROUTES as PUBLIC_ROUTE_LIST } from '../test/public-routes.ts';
import { CITUS_ALLOWED, citusPathViolations, recordServerSql, schemaTables } from './citus-path.ts';
import {
  codeOf,
  directSession,
  documentedOperations,
  fingerprint as fingerprintProvider,
  graphqlFields,
  multipart,
  PROBE_PNG,
} from './probe-kit.ts';

const ROLES = ['anonymous', 'contact', 'otherManager', 'practitioner', 'manager'] as const;
type Role = (typeof ROLES)[number];
/** The roles that must reach nothing of the first provider. */
const ATTACKERS: readonly Role[] = ['anonymous', 'contact', 'otherManager'];

const PUBLIC_ROUTES = new Set(PUBLIC_ROUTE_LIST);
/** Logging out ends the session it is sent with: it runs last in each role's round. */
const LOGOUT = 'POST /api/v1/logout';
/** Logging out of every device (issue 30) ends the role's sessions too: it runs just before LOGOUT. */
const LOGOUT_EVERYWHERE = 'POST /api/v1/logout/everywhere';
/** The probes each round sends last, in this order. */
const LAST = [LOGOUT_EVERYWHERE, LOGOUT];
/** The save shares POST /api/v2/events with the bulk close (routed by `?id=`); the document shows the close. */
const SAVE = 'POST /api/v2/events (save)';

/** What the second provider's manager must get for a probe naming the first provider's objects. */
type OtherRule =
  /** This status (and code): the id is refused. */
  | { status: number; code?: string }
  /** This status with the caller's own data only (id-free operations). */
  | { own: number }
  /** 200 `{ results }` with every id answered err-not-found (the per-event outcome calls). */
  | { outcomes: 'err-not-found' }
  /** GraphQL: an err-not-found error and no data for the field. */
  | { gql: 'err-not-found' };

interface Probe {
  /** Which variant of the operation (several per operation where the order of checks matters). */
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  multipart?: { payload: Buffer; contentType: string };
  /** Public routes: the status every role gets. */
  anyone?: number;
  /** Non-public routes: the second provider's manager. */
  other?: OtherRule;
  practitioner?: number;
  manager?: number;
}

interface Ctx {
  providerId: number;
  otherProviderId: number;
  oak: number;
  willow: number;
  otherSite: number;
  child: { id: number; forename: string; surname: string };
  otherChild: number;
  practitionerStaff: number;
  obs: { typeID: number; codeID: number };
  otherObs: { typeID: number; codeID: number };
  /** The practitioner's draft with notes and a next step. */
  draft: number;
  /** The manager's published observation with the photo. */
  published: number;
  /** The practitioner's draft the transition probe names. */
  toTransition: number;
  /** Roles of the first provider nobody holds: one the manager saves unchanged, one they delete. */
  spareRole: { id: number; name: string; permissions: string[] };
  roleToDelete: number;
  /** Contacts of the first provider (issue 29): two linked to `child`, one linked to nobody. */
  contacts: { linked: number; alsoLinked: number; unlinked: number };
  /** The settings' Children page (issue 29): a spare Oak Tree child and two booking patterns of theirs. */
  childAdmin: ChildAdminProbeIds;
  /** A meal type of the first provider, as it is (the Meals page's PUT saves it unchanged). */
  mealType: { id: number; name: string; enabled: boolean; sortOrder: number };
  /** Staff administration (issue 29): a member of Oak Tree nobody logs in as (changed, archived, restored). */
  spareStaff: { id: number; email: string };
  /** A published demo snapshot at Oak Tree, and the snapshot and learning-story type and code ids. */
  spotlight: number;
  spotlightVersion: number;
  spotlightChild: number;
  snapshotType: number;
  snapshotCode: number;
  learningStoryType: number;
  /** Open sleeps (drafts) for the bulk close by POST and by PUT. */
  sleepPost: number;
  sleepPut: number;
  mediaId: string;
  jpeg: Buffer;
  /** A notification of the first provider's manager, and a notification type id of that provider. */
  managerNotification: number;
  generalType: number;
  eventType: number;
  /** The practitioner's Oak Tree shift today with a check-in signature, and a break of it with a start one. */
  signedShift: number;
  signedBreak: number;
  /** A closure of Oak Tree the manager removes (issue 29, the Sites page). */
  closureToDelete: number;
  /** Issue 31: the medication code, and a published demo medication record at Oak Tree (its child). */
  medicationCode: number;
  medication: { id: number; version: number; child: number };
}

/** The demo practitioner's person id (issue 30: her own profile photo). */
const practitionerPerson = async (t: TestApp) =>
  (
    await t.database.query<{ person_id: number }>(
      `select person_id from user_accounts where email = '${DEMO.practitioner}'`,
    )
  )[0]!.person_id;

const not = (status: number, code?: string): OtherRule => ({ status, ...(code ? { code } : {}) });
const NOT_FOUND = not(404, 'err-not-found');
/** Issue 32: a dead letter's id (a job's UUID) nobody has. */
const PROBE_DEAD_LETTER = '5b0c2f4e-8d1a-4c3b-9e7f-2a6d8c4b1e90';

type Entry = (c: Ctx, t: TestApp) => Probe[] | Promise<Probe[]>;

/**
 * One entry per REST operation of the OpenAPI document (`METHOD /path` with `{param}`), plus the save.
 * practitioner/manager: the status their permissions give on the first provider's own objects (the
 * rounds run anonymous, contact, other manager, practitioner, manager, so later writes see earlier ones).
 */
const REST: Record<string, Entry> = {
  'GET /api/health': () => [{ label: 'health', method: 'GET', url: '/api/health', anyone: 200 }],
  'POST /api/v1/login': () => [
    {
      label: "the first provider's manager, wrong password",
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: DEMO.manager, password: sha512Hex('not-the-password') },
      anyone: 401,
    },
  ],
  [LOGOUT]: () => [{ label: 'logout', method: 'POST', url: '/api/v1/logout', anyone: 204 }],
  // Issue 30: the anonymous account calls. Unknown codes, a demo account without a security answer and
  // an unknown e-mail: every role gets the same answer, and nothing of any provider changes.
  'GET /api/v1/activate': () => [
    { label: 'unknown code', method: 'GET', url: `/api/v1/activate?code=${'p'.repeat(43)}`, anyone: 404 },
  ],
  'POST /api/v1/activate': () => [
    {
      label: 'unknown code',
      method: 'POST',
      url: '/api/v1/activate',
      payload: {
        code: 'p'.repeat(43),
        password: sha512Hex('Probe#Pass-1'),
        passwordIsHashed: true,
        question: 'Probe',
        answer: sha512Hex('probe'),
      },
      anyone: 404,
    },
  ],
  'GET /api/v1/resetPassword': () => [
    {
      label: "the first provider's manager (no answer set)",
      method: 'GET',
      url: `/api/v1/resetPassword?email=${encodeURIComponent(DEMO.manager)}`,
      anyone: 404,
    },
  ],
  'POST /api/v2/resetPassword': () => [
    {
      label: "the first provider's manager, an answer",
      method: 'POST',
      url: '/api/v2/resetPassword',
      payload: {
        email: DEMO.manager,
        answer: sha512Hex('probe'),
        password: sha512Hex('Probe#Pass-1'),
        confirmPassword: sha512Hex('Probe#Pass-1'),
      },
      anyone: 400,
    },
  ],
  'POST /api/v1/resetPassword/link': () => [
    {
      label: 'an unknown e-mail',
      method: 'POST',
      url: '/api/v1/resetPassword/link',
      payload: { email: 'probe.nobody@example.org' },
      anyone: 204,
    },
  ],
  'POST /api/v1/resetPassword/code': () => [
    {
      label: 'unknown code',
      method: 'POST',
      url: '/api/v1/resetPassword/code',
      payload: {
        code: 'p'.repeat(43),
        password: sha512Hex('Probe#Pass-1'),
        confirmPassword: sha512Hex('Probe#Pass-1'),
      },
      anyone: 404,
    },
  ],
  // Issue 30: the profile's password, security question and log out of every device. They name no id:
  // each acts on the caller's own account only. The bodies are refused before anything changes.
  'POST /api/v1/account/password': () => [
    {
      label: 'the same password',
      method: 'POST',
      url: '/api/v1/account/password',
      payload: { oldPassword: sha512Hex('Probe#Pass-1'), password: sha512Hex('Probe#Pass-1') },
      other: { status: 400, code: 'old-password-is-the-same-as-new-password' },
      practitioner: 400,
      manager: 400,
    },
  ],
  'POST /api/v1/account/security-question': () => [
    {
      label: 'an empty answer',
      method: 'POST',
      url: '/api/v1/account/security-question',
      payload: { question: 'Probe', answer: sha512Hex(''), password: sha512Hex('Probe#Pass-1') },
      other: { status: 400, code: 'err-invalid-security-answer' },
      practitioner: 400,
      manager: 400,
    },
  ],
  [LOGOUT_EVERYWHERE]: () => [
    {
      label: "the caller's own sessions",
      method: 'POST',
      url: '/api/v1/logout/everywhere',
      other: { own: 204 },
      practitioner: 204,
      manager: 204,
    },
  ],
  // Issue 30: a one-time sign-in link for the caller's own account (no ids: each its own).
  'POST /api/v1/loginTokens': () => [
    {
      label: 'own account',
      method: 'POST',
      url: '/api/v1/loginTokens',
      other: { own: 201 },
      practitioner: 201,
      manager: 201,
    },
  ],
  // Issue 30: the CRM page's call (the built-in stub): the caller's own provider, never another's.
  'POST /api/v1/integrations/hubspot': () => [
    {
      label: 'a stub token',
      method: 'POST',
      url: '/api/v1/integrations/hubspot',
      payload: { token: 'hs-4242-probeprobe' },
      // The second provider has not enabled HubSpot; the practitioner lacks 'integrateHubSpot'.
      other: { status: 403, code: 'err-feature-disabled' },
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/session/site': (c) => [
    {
      label: 'Oak Tree',
      method: 'POST',
      url: '/api/v1/session/site',
      payload: { siteID: c.oak },
      other: NOT_FOUND,
      practitioner: 204,
      manager: 204,
    },
  ],
  // Issue 30: the session's timeout and the lock screen's unlock name nothing but the caller's session.
  'POST /api/v1/timeout': () => [
    {
      label: '60 minutes',
      method: 'POST',
      url: '/api/v1/timeout',
      payload: { timeout: 60 },
      other: { own: 200 },
      practitioner: 200,
      manager: 200,
    },
  ],
  'POST /api/v1/session/unlock': () => [
    {
      label: 'a wrong PIN (the other manager has none)',
      method: 'POST',
      url: '/api/v1/session/unlock',
      payload: { PIN: '0000' },
      other: { status: 409, code: 'err-no-pin' },
      practitioner: 400,
      manager: 400,
    },
  ],
  'GET /api/v1/config': () => [
    {
      label: 'config',
      method: 'GET',
      url: '/api/v1/config',
      other: { own: 200 },
      practitioner: 200,
      manager: 200,
    },
  ],
  'GET /api/v1/staff': (c) => [
    {
      label: 'siteID=Oak Tree',
      method: 'GET',
      url: `/api/v1/staff?siteID=${c.oak}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
    {
      label: "the session's site",
      method: 'GET',
      url: '/api/v1/staff',
      other: { own: 200 },
      practitioner: 200,
      manager: 200,
    },
  ],
  'GET /api/v1/staff/{staffID}': (c) => [
    {
      label: 'the practitioner',
      method: 'GET',
      url: `/api/v1/staff/${c.practitionerStaff}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  'PUT /api/v1/staff/{staffID}': (c) => [
    {
      label: "the practitioner's PIN",
      method: 'PUT',
      url: `/api/v1/staff/${c.practitionerStaff}`,
      payload: { PIN: '4821', oldPIN: '2468', confirmPIN: '4821' },
      other: NOT_FOUND,
      practitioner: 204,
      manager: 403,
    },
  ],
  'GET /api/v1/home/overview': (c) => [
    {
      label: 'Oak Tree',
      method: 'GET',
      url: `/api/v1/home/overview?siteID=${c.oak}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  'POST /api/v1/events': (c) => [
    {
      label: 'a reminder about an Oak Tree child',
      method: 'POST',
      url: '/api/v1/events',
      payload: {
        siteID: c.oak,
        subjects: [{ childID: c.child.id }, { staffID: c.practitionerStaff }],
        due: todayInZone(new Date(), 'Europe/London'),
        notes: 'Probe reminder',
      },
      other: NOT_FOUND,
      practitioner: 201,
      manager: 201,
    },
  ],
  'PUT /api/v1/events/{id}': async (c, t) => {
    // An Oak Tree reminder (task type, Reminder code) due today or later, its due day kept.
    const [r] = await t.database.query<{ id: number; version: number; due: string }>(
      `select e.id::int as id, e.version, to_char(e.due at time zone 'Europe/London', 'YYYY-MM-DD') as due
       from events e join event_codes k on k.provider_id = e.provider_id and k.id = e.code_id
       where e.provider_id = ${c.providerId} and e.site_id = ${c.oak} and k.code_key = 'reminder'
         and e.status_id <> 6 and e.due >= now() order by e.id limit 1`,
    );
    return [
      {
        label: 'an Oak Tree reminder, its notes changed',
        method: 'PUT',
        url: `/api/v1/events/${r!.id}`,
        payload: {
          version: r!.version,
          siteID: c.oak,
          subjects: [{ childID: c.child.id }],
          due: r!.due,
          notes: 'Probe edit',
        },
        other: NOT_FOUND,
        // The manager's draft reminder: the practitioner's roles do not view others' drafts.
        practitioner: 404,
        manager: 200,
      },
    ];
  },
  'GET /api/v2/events/counts': (c) => [
    {
      label: 'siteID=Oak Tree, the child, the author',
      method: 'GET',
      url: `/api/v2/events/counts?siteID=${c.oak}&childIDs=${c.child.id}&authorID=${c.practitionerStaff}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
    {
      label: "own site, the first provider's child filter",
      method: 'GET',
      url: `/api/v2/events/counts?childIDs=${c.child.id}`,
      other: not(400, 'err-invalid-filter'),
      practitioner: 200,
      manager: 200,
    },
  ],
  'GET /api/v2/events': (c) => [
    {
      label: 'siteID=Oak Tree, cards',
      method: 'GET',
      url: `/api/v2/events?siteID=${c.oak}&fields=cards&limit=50`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
    {
      label: "own site, the first provider's child and author filters",
      method: 'GET',
      url: `/api/v2/events?childIDs=${c.child.id}&authorID=${c.practitionerStaff}&typeID=${c.obs.typeID}`,
      other: not(400, 'err-invalid-filter'),
      practitioner: 200,
      manager: 200,
    },
  ],
  'POST /api/v2/events': (c) => [
    {
      label: 'bulk close of an open sleep',
      method: 'POST',
      url: `/api/v2/events?id=${c.sleepPost}`,
      payload: { date2: new Date(Date.now() - 60_000).toISOString(), statusID: 1 },
      other: { outcomes: 'err-not-found' },
      practitioner: 200,
      manager: 200,
    },
  ],
  'PUT /api/v2/events': (c) => [
    {
      label: 'bulk close of an open sleep',
      method: 'PUT',
      url: `/api/v2/events?id=${c.sleepPut}`,
      payload: { date2: new Date(Date.now() - 60_000).toISOString(), statusID: 6 },
      other: { outcomes: 'err-not-found' },
      practitioner: 200,
      manager: 200,
    },
  ],
  [SAVE]: (c) => [
    {
      label: "the first provider's type and child",
      method: 'POST',
      url: '/api/v2/events',
      payload: newSave({ ...c.obs, subjects: [c.child.id], notes: 'probe save' }),
      other: not(400, 'err-invalid-type'),
      practitioner: 201,
      manager: 201,
    },
    {
      label: "own type, the first provider's child",
      method: 'POST',
      url: '/api/v2/events',
      payload: newSave({ ...c.otherObs, subjects: [c.child.id], notes: 'probe save' }),
      other: NOT_FOUND,
      practitioner: 400,
      manager: 400,
    },
    {
      label: "own type and child, the first provider's photo",
      method: 'POST',
      url: '/api/v2/events',
      payload: newSave({ ...c.otherObs, subjects: [c.otherChild], mediaIDs: [c.mediaId] }),
      other: not(404, 'err-media-not-found'),
      practitioner: 400,
      manager: 400,
    },
  ],
  'GET /api/v2/events/{id}': (c) => [
    {
      label: 'the draft',
      method: 'GET',
      url: `/api/v2/events/${c.draft}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
    {
      label: 'the published event',
      method: 'GET',
      url: `/api/v2/events/${c.published}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  // Issue 31: events v3 (the drawer's read): the first provider's events, one call.
  'GET /api/v3/events/{ids}': (c) => [
    {
      label: 'the draft and the published event, everything included',
      method: 'GET',
      url: `/api/v3/events/${c.draft},${c.published}?include=media,comments,signatures`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  'PUT /api/v2/events/{id}': async (c, t) => {
    const [row] = await t.database.query<{ version: number; raised: string }>(
      `select version, raised from events where id = ${c.draft}`,
    );
    return [
      {
        label: 'the draft at its current version',
        method: 'PUT',
        url: `/api/v2/events/${c.draft}`,
        payload: {
          ...c.obs,
          raised: new Date(row!.raised).toISOString(),
          statusID: 1,
          version: row!.version,
          notes: 'overwritten by the probe',
        },
        other: NOT_FOUND,
        practitioner: 200,
        manager: 200,
      },
    ];
  },
  'GET /api/v2/events/{id}/history': (c) => [
    {
      label: 'the published event',
      method: 'GET',
      url: `/api/v2/events/${c.published}/history`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'GET /api/v1/meals': (c) => [
    {
      label: 'Oak Tree',
      method: 'GET',
      url: `/api/v1/meals?siteID=${c.oak}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  'GET /api/v1/next-step-counts': (c) => [
    {
      label: 'the child',
      method: 'GET',
      url: `/api/v1/next-step-counts?childIDs=${c.child.id}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  'POST /api/v1/transition': (c) => [
    {
      label: 'publish a draft',
      method: 'POST',
      url: '/api/v1/transition',
      payload: { ids: [c.toTransition], statusID: 5 },
      other: { outcomes: 'err-not-found' },
      practitioner: 200,
      manager: 200,
    },
  ],
  'GET /api/v1/lastEvent': (c) => [
    {
      label: 'the child, observations',
      method: 'GET',
      url: `/api/v1/lastEvent?childID=${c.child.id}&typeID=${c.obs.typeID}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  'GET /api/v1/outstanding-next-steps': (c) => [
    {
      label: 'the child',
      method: 'GET',
      url: `/api/v1/outstanding-next-steps?childIDs=${c.child.id}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  'GET /api/v1/children/{childID}/photo': async (c, t) => {
    const [withPhoto] = await t.database.query<{ id: number }>(
      `select id::int as id from children where provider_id = ${c.providerId} and site_id = ${c.oak} and has_image order by id limit 1`,
    );
    return [
      {
        label: "a child's photo",
        method: 'GET',
        url: `/api/v1/children/${withPhoto!.id}/photo`,
        other: NOT_FOUND,
        practitioner: 200,
        manager: 200,
      },
    ];
  },
  'GET /api/v1/media/{id}': (c) => [
    {
      label: 'the photo',
      method: 'GET',
      url: `/api/v1/media/${c.mediaId}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
    {
      label: "the photo's thumbnail",
      method: 'GET',
      url: `/api/v1/media/${c.mediaId}?size=thumbnail`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  'POST /api/v1/media': (c) => [
    {
      label: "the photo's id, the first provider's type",
      method: 'POST',
      url: '/api/v1/media',
      multipart: multipart([
        { name: 'id', value: c.mediaId },
        { name: 'typeID', value: String(c.obs.typeID) },
        { name: 'file', filename: 'probe.jpg', data: c.jpeg },
      ]),
      other: not(400, 'err-invalid-type'),
      // The manager uploaded it: only their replay answers the row (and its mediaToken), issue 26.
      practitioner: 409,
      manager: 200,
    },
    {
      // Media ids are the clients' UUIDs, unique per provider: the other provider gets a row of its
      // own under the same id, in its own folder; the first provider's row and file stay as they are.
      label: "the photo's id, own type",
      method: 'POST',
      url: '/api/v1/media',
      multipart: multipart([
        { name: 'id', value: c.mediaId },
        { name: 'typeID', value: String(c.otherObs.typeID) },
        { name: 'file', filename: 'probe.jpg', data: c.jpeg },
      ]),
      other: { own: 201 },
      practitioner: 409,
      manager: 200,
    },
  ],
  'GET /api/v1/frameworks': (c) => [
    {
      label: 'Oak Tree',
      method: 'GET',
      url: `/api/v1/frameworks?siteID=${c.oak}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  // Each user's own list; framework ids are the reference data's (the same in every provider).
  'GET /api/v1/favourite-frameworks': () => [
    {
      label: "the user's own favourites",
      method: 'GET',
      url: '/api/v1/favourite-frameworks',
      other: { own: 200 },
      practitioner: 200,
      manager: 200,
    },
  ],
  'PUT /api/v1/favourite-frameworks': () => [
    {
      label: 'Development Matters starred',
      method: 'PUT',
      url: '/api/v1/favourite-frameworks',
      payload: { frameworkIDs: [FRAMEWORK_IDS.developmentMatters] },
      other: { own: 200 },
      practitioner: 200,
      manager: 200,
    },
  ],
  'POST /api/v1/sync/report': (c) => [
    {
      label: 'a report for Oak Tree',
      method: 'POST',
      url: '/api/v1/sync/report',
      payload: { deviceID: 'probe-device-0001', siteID: c.oak, unsyncedEvents: 3, unsyncedMedia: 1 },
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  'GET /api/v1/sync/others': (c) => [
    {
      label: 'Oak Tree',
      method: 'GET',
      url: `/api/v1/sync/others?siteID=${c.oak}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  'GET /api/v1/sync/devices': (c) => [
    {
      label: 'Oak Tree',
      method: 'GET',
      url: `/api/v1/sync/devices?siteID=${c.oak}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'GET /api/v1/sites/{siteID}/registers': (c) => [
    {
      label: 'Oak Tree today',
      method: 'GET',
      url: `/api/v1/sites/${c.oak}/registers`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
    {
      label: 'Willow, a future date',
      method: 'GET',
      url: `/api/v1/sites/${c.willow}/registers?date=2099-01-05`,
      other: NOT_FOUND,
      practitioner: 404,
      manager: 200,
    },
  ],
  'GET /api/v1/sites/{siteID}/emergency-contacts': (c) => [
    {
      label: 'Oak Tree',
      method: 'GET',
      url: `/api/v1/sites/${c.oak}/emergency-contacts`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
    {
      label: 'Willow',
      method: 'GET',
      url: `/api/v1/sites/${c.willow}/emergency-contacts`,
      other: NOT_FOUND,
      practitioner: 404,
      manager: 200,
    },
  ],
  'GET /api/v1/key-children': (c) => [
    {
      label: 'Oak Tree, today',
      method: 'GET',
      url: `/api/v1/key-children?date=${todayInZone(new Date())}&siteID=${c.oak}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  'GET /api/v1/event-checker': (c) => [
    {
      label: "Oak Tree, the practitioner's key children",
      method: 'GET',
      url: `/api/v1/event-checker?siteID=${c.oak}&staffIDs=${c.practitionerStaff}&dateFrom=2020-01-01&dateTo=${todayInZone(new Date())}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
    {
      label: "Oak Tree, no staffIDs (the site's key persons)",
      method: 'GET',
      url: `/api/v1/event-checker?siteID=${c.oak}&dateFrom=2020-01-01&dateTo=${todayInZone(new Date())}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  // The record audit trail (issue 26): viewAuditTrail (the manager); a child filter of another provider 404.
  'GET /api/v1/audit': (c) => [
    {
      label: "the provider's trail",
      method: 'GET',
      url: '/api/v1/audit',
      other: { own: 200 },
      practitioner: 403,
      manager: 200,
    },
    {
      label: 'a child of Oak Tree, a staff member',
      method: 'GET',
      url: `/api/v1/audit?childID=${c.child.id}&staffID=${c.practitionerStaff}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'GET /api/v1/audit.csv': (c) => [
    {
      label: "the provider's trail as CSV",
      method: 'GET',
      url: '/api/v1/audit.csv',
      other: { own: 200 },
      practitioner: 403,
      manager: 200,
    },
    {
      label: 'a child of Oak Tree',
      method: 'GET',
      url: `/api/v1/audit.csv?childID=${c.child.id}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  // The Permissions page (issue 29): settingsPermissions (the manager); another provider's role is 404.
  'GET /api/v1/roles': () => [
    {
      label: "the provider's roles",
      method: 'GET',
      url: '/api/v1/roles',
      other: { own: 200 },
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/roles': () => [
    {
      // Each round adds its own role (the other provider's in its own provider); the name is free there.
      label: 'a new role',
      method: 'POST',
      url: '/api/v1/roles',
      payload: { name: `Probe ${Math.random().toString(36).slice(2, 8)}`, permissions: ['checkIn'] },
      other: { own: 201 },
      practitioner: 403,
      manager: 201,
    },
  ],
  'PUT /api/v1/roles/{roleID}': (c) => [
    {
      label: 'a spare role of the first provider, unchanged',
      method: 'PUT',
      url: `/api/v1/roles/${c.spareRole.id}`,
      payload: { name: c.spareRole.name, permissions: c.spareRole.permissions },
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'DELETE /api/v1/roles/{roleID}': (c) => [
    {
      label: 'a spare role of the first provider',
      method: 'DELETE',
      url: `/api/v1/roles/${c.roleToDelete}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 204,
    },
  ],
  // The CSV import's preview (issue 29): settingsChildren / addStaff (the manager); nothing is written.
  'POST /api/v1/imports/preview': (c) => [
    {
      label: 'a children file for Oak Tree',
      method: 'POST',
      url: '/api/v1/imports/preview',
      payload: {
        kind: 'children',
        siteID: c.oak,
        csv: 'Child forename,Child surname,Date of birth,Start date\r\nAva,Probe,14/03/2023,01/09/2025',
      },
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/imports': (c) => [
    {
      label: 'a children file for Oak Tree, imported',
      method: 'POST',
      url: '/api/v1/imports',
      payload: {
        kind: 'children',
        siteID: c.oak,
        csv: 'Child forename,Child surname,Date of birth,Start date\r\nAva,Importprobe,14/03/2023,01/09/2025',
      },
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  // The Sites page (issue 29): settingsSites (the manager); another provider's site is 404. The rows
  // named are read (or made) by each entry itself, so each round finds them as the last one left them.
  'GET /api/v1/settings/sites': () => [
    {
      label: "the user's sites",
      method: 'GET',
      url: '/api/v1/settings/sites?archived=true',
      other: { own: 200 },
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/settings/sites': () => [
    {
      label: 'a new site',
      method: 'POST',
      url: '/api/v1/settings/sites',
      payload: probeSiteBody(`Probe ${Math.random().toString(36).slice(2, 8)}`),
      other: { own: 201 },
      practitioner: 403,
      manager: 201,
    },
  ],
  'GET /api/v1/settings/sites/{siteID}': (c) => [
    {
      label: 'Oak Tree',
      method: 'GET',
      url: `/api/v1/settings/sites/${c.oak}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'PUT /api/v1/settings/sites/{siteID}': async (c, t) => [
    {
      label: 'Oak Tree, unchanged',
      method: 'PUT',
      url: `/api/v1/settings/sites/${c.oak}`,
      payload: await currentSiteBody(t, c.oak),
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/settings/sites/{siteID}/rooms': (c) => [
    {
      label: 'a new room at Oak Tree',
      method: 'POST',
      url: `/api/v1/settings/sites/${c.oak}/rooms`,
      payload: {
        name: `Probe ${Math.random().toString(36).slice(2, 8)}`,
        capacity: 8,
        ageFromMonths: 0,
        ageToMonths: 24,
        sortOrder: 99,
      },
      other: NOT_FOUND,
      practitioner: 403,
      manager: 201,
    },
  ],
  'PUT /api/v1/settings/sites/{siteID}/rooms/{roomID}': async (c, t) => {
    const [room] = await t.database.query<{ id: number; name: string; sort_order: number }>(
      `select id, name, sort_order from rooms where site_id = ${c.oak} and archived_at is null order by id limit 1`,
    );
    return [
      {
        label: 'a room of Oak Tree',
        method: 'PUT',
        url: `/api/v1/settings/sites/${c.oak}/rooms/${room!.id}`,
        payload: {
          name: room!.name,
          capacity: 20,
          ageFromMonths: 0,
          ageToMonths: 60,
          sortOrder: room!.sort_order,
        },
        other: NOT_FOUND,
        practitioner: 403,
        manager: 200,
      },
    ];
  },
  'POST /api/v1/settings/sites/{siteID}/closures': (c) => [
    {
      label: 'a closure of Oak Tree',
      method: 'POST',
      url: `/api/v1/settings/sites/${c.oak}/closures`,
      payload: { startsOn: '2099-01-01', endsOn: '2099-01-02', reason: 'Probe' },
      other: NOT_FOUND,
      practitioner: 403,
      manager: 201,
    },
  ],
  'DELETE /api/v1/settings/sites/{siteID}/closures/{closureID}': (c) => [
    {
      label: 'a closure of Oak Tree',
      method: 'DELETE',
      url: `/api/v1/settings/sites/${c.oak}/closures/${c.closureToDelete}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 204,
    },
  ],
  'POST /api/v1/settings/sites/{siteID}/sessions': (c) => [
    {
      label: 'a new, disabled session at Oak Tree',
      method: 'POST',
      url: `/api/v1/settings/sites/${c.oak}/sessions`,
      payload: {
        name: `Probe ${Math.random().toString(36).slice(2, 8)}`,
        start: '09:00',
        end: '10:00',
        enabled: false,
        sortOrder: 99,
      },
      other: NOT_FOUND,
      practitioner: 403,
      manager: 201,
    },
  ],
  'PUT /api/v1/settings/sites/{siteID}/sessions/{sessionID}': async (c, t) => {
    const [session] = await t.database.query<{
      id: number;
      name: string;
      start: string;
      end: string;
      enabled: boolean;
      sort_order: number;
    }>(
      `select sc.id, sc.name, to_char(sc.start, 'HH24:MI') as start, to_char(sc."end", 'HH24:MI') as "end", sc.enabled, sc.sort_order
       from session_combos sc join sites s on s.provider_id = sc.provider_id and s.id = sc.site_id
       where sc.site_id = ${c.oak} and sc.start >= s.opens_at and sc."end" <= s.closes_at order by sc.id limit 1`,
    );
    return [
      {
        label: 'a session of Oak Tree, unchanged',
        method: 'PUT',
        url: `/api/v1/settings/sites/${c.oak}/sessions/${session!.id}`,
        payload: {
          name: session!.name,
          start: session!.start,
          end: session!.end,
          enabled: session!.enabled,
          sortOrder: session!.sort_order,
        },
        other: NOT_FOUND,
        practitioner: 403,
        manager: 200,
      },
    ];
  },
  // The settings' contacts (issue 29): settingsContacts (the manager), addContact to add; the collection
  // password also with viewChildContacts (the practitioner). Another provider's contact or child is 404.
  'GET /api/v1/contacts': () => [
    {
      label: "the user's contacts",
      method: 'GET',
      url: '/api/v1/contacts?q=probe',
      other: { own: 200 },
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/contacts': () => [
    {
      label: 'a new contact',
      method: 'POST',
      url: '/api/v1/contacts',
      payload: { forename: 'Newly', surname: 'Addedcontact' },
      other: { own: 201 },
      practitioner: 403,
      manager: 201,
    },
  ],
  'GET /api/v1/contact-child-choices': () => [
    {
      label: "children of the user's sites",
      method: 'GET',
      url: '/api/v1/contact-child-choices',
      other: { own: 200 },
      practitioner: 403,
      manager: 200,
    },
  ],
  'GET /api/v1/contacts/{contactID}': (c) => [
    {
      label: "a contact of the first provider's child",
      method: 'GET',
      url: `/api/v1/contacts/${c.contacts.linked}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'PUT /api/v1/contacts/{contactID}': (c) => [
    {
      label: 'a contact of the first provider, unchanged',
      method: 'PUT',
      url: `/api/v1/contacts/${c.contacts.linked}`,
      payload: { forename: 'Probe', surname: 'Contactlinked' },
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'PUT /api/v1/contacts/{contactID}/archived': (c) => [
    {
      label: 'a contact of nobody',
      method: 'PUT',
      url: `/api/v1/contacts/${c.contacts.unlinked}/archived`,
      payload: { archived: true },
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'GET /api/v1/contacts/{contactID}/collection-password': (c) => [
    {
      label: "a contact of the first provider's child",
      method: 'GET',
      url: `/api/v1/contacts/${c.contacts.linked}/collection-password`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  'PUT /api/v1/contacts/{contactID}/children/{childID}': (c) => [
    {
      label: "a contact and the first provider's child",
      method: 'PUT',
      url: `/api/v1/contacts/${c.contacts.linked}/children/${c.child.id}`,
      payload: {
        priority: 3,
        parentalResponsibility: false,
        emergency: true,
        canCollect: true,
        canAddNotes: false,
      },
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'DELETE /api/v1/contacts/{contactID}/children/{childID}': (c) => [
    {
      label: "the first provider's child keeps another contact",
      method: 'DELETE',
      url: `/api/v1/contacts/${c.contacts.alsoLinked}/children/${c.child.id}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  // The settings' Children page (issue 29): settingsChildren (the manager); a child or pattern at none of
  // the caller's sites is 404, as another provider's.
  'GET /api/v1/settings/children': (c) => [
    {
      label: 'siteID=Oak Tree',
      method: 'GET',
      url: `/api/v1/settings/children?siteID=${c.oak}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'GET /api/v1/settings/children/options': () => [
    {
      label: "the form's choices",
      method: 'GET',
      url: '/api/v1/settings/children/options',
      other: { own: 200 },
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/settings/children': (c) => [
    {
      label: 'a child at Oak Tree',
      method: 'POST',
      url: '/api/v1/settings/children',
      payload: childAdminRecord(c, 'Probe', 'Added'),
      other: NOT_FOUND,
      practitioner: 403,
      manager: 201,
    },
  ],
  'GET /api/v1/settings/children/{childID}': (c) => [
    {
      label: 'the spare child',
      method: 'GET',
      url: `/api/v1/settings/children/${c.childAdmin.child}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'PUT /api/v1/settings/children/{childID}': (c) => [
    {
      label: 'the spare child',
      method: 'PUT',
      url: `/api/v1/settings/children/${c.childAdmin.child}`,
      payload: childAdminRecord(c, 'Probe', 'Spare'),
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/settings/children/{childID}/archive': (c) => [
    {
      label: 'the spare child',
      method: 'POST',
      url: `/api/v1/settings/children/${c.childAdmin.child}/archive`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/settings/children/{childID}/restore': (c) => [
    {
      label: 'the spare child',
      method: 'POST',
      url: `/api/v1/settings/children/${c.childAdmin.child}/restore`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/settings/children/{childID}/booking-patterns': (c) => [
    {
      label: 'the spare child, Mondays',
      method: 'POST',
      url: `/api/v1/settings/children/${c.childAdmin.child}/booking-patterns`,
      payload: childAdminPattern(c),
      other: NOT_FOUND,
      practitioner: 403,
      manager: 201,
    },
  ],
  'PUT /api/v1/settings/booking-patterns/{patternID}': (c) => [
    {
      label: "the spare child's pattern",
      method: 'PUT',
      url: `/api/v1/settings/booking-patterns/${c.childAdmin.pattern}`,
      payload: childAdminPattern(c),
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'DELETE /api/v1/settings/booking-patterns/{patternID}': (c) => [
    {
      label: "the spare child's other pattern",
      method: 'DELETE',
      url: `/api/v1/settings/booking-patterns/${c.childAdmin.patternToDelete}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 204,
    },
  ],
  // The catalogue pages (issue 29): a read-only card answers the caller's own provider; a site of the
  // first provider is 404 to the other provider's manager (the framework ids are the same in both).
  'GET /api/v1/settings/overview/{card}': () => [
    {
      label: 'the provider card',
      method: 'GET',
      url: '/api/v1/settings/overview/provider',
      other: { own: 200 },
      practitioner: 403,
      manager: 200,
    },
  ],
  'GET /api/v1/settings/frameworks': (c) => [
    {
      label: 'Oak Tree',
      method: 'GET',
      url: `/api/v1/settings/frameworks?siteID=${c.oak}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'PUT /api/v1/settings/frameworks/{frameworkID}/sites/{siteID}': (c) => [
    {
      label: 'Development Matters at Oak Tree, on as it is',
      method: 'PUT',
      url: `/api/v1/settings/frameworks/-29/sites/${c.oak}`,
      payload: { enabled: true },
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ], // The Meals page (issue 29): settingsMeals; another provider's meal type is 404.
  'GET /api/v1/settings/meal-types': () => [
    {
      label: "the provider's meal types",
      method: 'GET',
      url: '/api/v1/settings/meal-types',
      other: { own: 200 },
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/settings/meal-types': () => [
    {
      label: 'a new meal type',
      method: 'POST',
      url: '/api/v1/settings/meal-types',
      payload: { name: `Probe ${Math.random().toString(36).slice(2, 8)}`, enabled: true, sortOrder: 99 },
      other: { own: 201 },
      practitioner: 403,
      manager: 201,
    },
  ],
  'PUT /api/v1/settings/meal-types/{mealTypeID}': (c) => [
    {
      label: 'a meal type of the first provider, unchanged',
      method: 'PUT',
      url: `/api/v1/settings/meal-types/${c.mealType.id}`,
      payload: {
        name: c.mealType.name,
        enabled: c.mealType.enabled,
        sortOrder: c.mealType.sortOrder,
        archived: false,
      },
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],

  // Staff administration (issue 29): addStaff reads and adds, editStaff changes (the manager; the
  // practitioner has neither); a member, site or role of the first provider is 404 to the other's manager.
  'GET /api/v1/settings/staff': (c) => [
    {
      label: "the staff of the user's sites",
      method: 'GET',
      url: '/api/v1/settings/staff',
      other: { own: 200 },
      practitioner: 403,
      manager: 200,
    },
    {
      label: 'Oak Tree',
      method: 'GET',
      url: `/api/v1/settings/staff?siteID=${c.oak}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'GET /api/v1/settings/staff-options': () => [
    {
      label: "the form's choices",
      method: 'GET',
      url: '/api/v1/settings/staff-options',
      other: { own: 200 },
      practitioner: 403,
      manager: 200,
    },
  ],
  'GET /api/v1/settings/staff/{staffID}': (c) => [
    {
      label: 'the spare member',
      method: 'GET',
      url: `/api/v1/settings/staff/${c.spareStaff.id}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/settings/staff': (c) => [
    {
      label: 'a new member at Oak Tree',
      method: 'POST',
      url: '/api/v1/settings/staff',
      payload: {
        forename: 'Probe',
        surname: 'Added',
        email: `probe.${Math.random().toString(36).slice(2, 10)}@example.org`,
        siteID: c.oak,
        roleIDs: [c.spareRole.id],
      },
      other: NOT_FOUND,
      practitioner: 403,
      manager: 201,
    },
  ],
  'PUT /api/v1/settings/staff/{staffID}': (c) => [
    {
      label: 'the spare member, unchanged',
      method: 'PUT',
      url: `/api/v1/settings/staff/${c.spareStaff.id}`,
      payload: {
        forename: 'Probe',
        surname: 'Spare',
        email: c.spareStaff.email,
        siteID: c.oak,
        roleIDs: [c.spareRole.id],
      },
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'PUT /api/v1/settings/staff/{staffID}/name': (c) => [
    {
      label: 'the spare member',
      method: 'PUT',
      url: `/api/v1/settings/staff/${c.spareStaff.id}/name`,
      payload: { forename: 'Probe', surname: 'Spare' },
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/settings/staff/{staffID}/archive': (c) => [
    {
      label: 'the spare member',
      method: 'POST',
      url: `/api/v1/settings/staff/${c.spareStaff.id}/archive`,
      payload: {},
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/settings/staff/{staffID}/restore': (c) => [
    {
      label: 'the spare member',
      method: 'POST',
      url: `/api/v1/settings/staff/${c.spareStaff.id}/restore`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/settings/staff/{staffID}/invitation': (c) => [
    {
      label: 'the spare member',
      method: 'POST',
      url: `/api/v1/settings/staff/${c.spareStaff.id}/invitation`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'GET /api/v1/settings/email-outbox': () => [
    {
      label: "the provider's outbox",
      method: 'GET',
      url: '/api/v1/settings/email-outbox',
      other: { own: 200 },
      practitioner: 403,
      manager: 200,
    },
  ],
  // Issue 32: the background jobs' dead letters (addStaff or settingsProvider). The probe app runs jobs
  // inline, so it holds no dead letter: an id is unknown to everyone (modules/jobs/jobs.test.ts lists,
  // retries and deletes a real one across providers on pg-boss).
  'GET /api/v1/settings/background-jobs/dead-letters': () => [
    {
      label: "the provider's dead letters",
      method: 'GET',
      url: '/api/v1/settings/background-jobs/dead-letters',
      other: { own: 200 },
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/settings/background-jobs/dead-letters/{id}/retry': () => [
    {
      label: 'a dead letter id',
      method: 'POST',
      url: `/api/v1/settings/background-jobs/dead-letters/${PROBE_DEAD_LETTER}/retry`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 404,
    },
  ],
  'DELETE /api/v1/settings/background-jobs/dead-letters/{id}': () => [
    {
      label: 'a dead letter id',
      method: 'DELETE',
      url: `/api/v1/settings/background-jobs/dead-letters/${PROBE_DEAD_LETTER}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 404,
    },
  ],
  'GET /api/v1/reports/last-published-observation': (c) => [
    {
      label: 'Oak Tree',
      method: 'GET',
      url: `/api/v1/reports/last-published-observation?siteID=${c.oak}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/big-picture/export': (c) => {
    const filter = {
      frameworkID: '-29',
      eventTypes: ['snapshot', 'learningStory'],
      dateFrom: '2020-01-01',
      overrides: [],
    };
    return [
      {
        label: 'Oak Tree, every child',
        method: 'POST',
        url: '/api/v1/big-picture/export',
        payload: { ...filter, siteID: c.oak },
        other: NOT_FOUND,
        practitioner: 200,
        manager: 200,
      },
      {
        label: "own site, the first provider's child",
        method: 'POST',
        url: '/api/v1/big-picture/export',
        payload: { ...filter, siteID: c.otherSite, childIDs: [c.child.id] },
        other: NOT_FOUND,
        practitioner: 404,
        manager: 404,
      },
    ];
  },
  'GET /api/v1/sites/{siteID}/staff-register': (c) => [
    {
      label: 'Oak Tree today',
      method: 'GET',
      url: `/api/v1/sites/${c.oak}/staff-register`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
    {
      label: 'Willow, a future date',
      method: 'GET',
      url: `/api/v1/sites/${c.willow}/staff-register?date=2099-01-05`,
      other: NOT_FOUND,
      practitioner: 404,
      manager: 200,
    },
  ],
  'GET /api/v1/shifts/{shiftID}': async (c, t) => {
    const [s] = await t.database.query<{ id: number }>(
      `select id::int as id from shifts where provider_id = ${c.providerId} and site_id = ${c.oak}
         and date = '${todayInZone(new Date())}' order by id limit 1`,
    );
    return [
      {
        label: 'a shift of Oak Tree today',
        method: 'GET',
        url: `/api/v1/shifts/${s!.id}`,
        other: NOT_FOUND,
        practitioner: 200,
        manager: 200,
      },
    ];
  },
  'POST /api/v1/shifts/{shiftID}/actions': async (c, t) => {
    // Another member's working shift at Oak Tree today: the manager amends its check-in to 00:00 (never
    // after now) at its current version; the practitioner (checkInSelf only) may not touch it.
    const [s] = await t.database.query<{ id: number; version: number; actual_to: string | null }>(
      `select sh.id::int as id, sh.version, to_char(sh.actual_to, 'HH24:MI') as actual_to
       from shifts sh join shift_statuses st on st.provider_id = sh.provider_id and st.id = sh.status_id
       where sh.provider_id = ${c.providerId} and sh.site_id = ${c.oak} and sh.date = '${todayInZone(new Date())}'
         and st.code = 'W' and sh.staff_id <> ${c.practitionerStaff} order by sh.id limit 1`,
    );
    return [
      {
        label: "amend another member's Oak Tree shift today",
        method: 'POST',
        url: `/api/v1/shifts/${s!.id}/actions`,
        payload: { action: 'amendTimes', actualFrom: '00:00', actualTo: s!.actual_to, version: s!.version },
        other: NOT_FOUND,
        practitioner: 403,
        manager: 200,
      },
    ];
  },
  'POST /api/v1/sites/{siteID}/staff-register/bulk': async (c, t) => {
    // A future working shift at Oak Tree, marked off (Training) by the manager at its version.
    const [s] = await t.database.query<{ id: number; version: number; date: string; status: number }>(
      `select sh.id::int as id, sh.version, sh.date::text as date,
         (select id from shift_statuses x where x.provider_id = sh.provider_id and x.code = 'T') as status
       from shifts sh join shift_statuses st on st.provider_id = sh.provider_id and st.id = sh.status_id
       where sh.provider_id = ${c.providerId} and sh.site_id = ${c.oak} and sh.date > '${todayInZone(new Date())}'
         and st.code = 'W' order by sh.date, sh.id limit 1`,
    );
    return [
      {
        label: 'mark off a future Oak Tree shift',
        method: 'POST',
        url: `/api/v1/sites/${c.oak}/staff-register/bulk`,
        payload: {
          date: s!.date,
          action: 'markOff',
          statusID: s!.status,
          notes: 'Probe',
          shifts: [{ id: s!.id, version: s!.version }],
        },
        other: NOT_FOUND,
        practitioner: 403,
        manager: 200,
      },
    ];
  },
  'GET /api/v1/shifts/{shiftID}/signatures/{which}': (c) => [
    {
      label: "the check-in signature of the practitioner's Oak Tree shift",
      method: 'GET',
      url: `/api/v1/shifts/${c.signedShift}/signatures/actualFrom`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  'GET /api/v1/shifts/{shiftID}/breaks/{breakID}/signatures/{which}': (c) => [
    {
      label: "the start signature of the practitioner's Oak Tree break",
      method: 'GET',
      url: `/api/v1/shifts/${c.signedShift}/breaks/${c.signedBreak}/signatures/timeFrom`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  'PUT /api/v1/bookings': async (c, t) => {
    // A booking of Oak Tree today, toggled in (08:00) or back to due, at its current version.
    const [b] = await t.database.query<{
      child_id: number;
      combo_id: number;
      date: string;
      version: number;
      in: boolean;
    }>(
      `select child_id, combo_id, date::text as date, version, actual_start is not null as in from bookings
       where provider_id = ${c.providerId} and site_id = ${c.oak} and date = '${todayInZone(new Date())}'
         and not deleted and marked_off_category_id is null order by id limit 1`,
    );
    const update = {
      childID: b!.child_id,
      comboID: b!.combo_id,
      date: b!.date,
      typeID: null,
      actualStart: b!.in ? null : '08:00',
      actualEnd: null,
      version: b!.version,
    };
    return [
      {
        label: 'check-in or undo of an Oak Tree booking today',
        method: 'PUT',
        url: '/api/v1/bookings',
        payload: { siteID: c.oak, updates: [update] },
        other: NOT_FOUND,
        practitioner: 200,
        manager: 200,
      },
      {
        label: "own site, the first provider's booking",
        method: 'PUT',
        url: '/api/v1/bookings',
        payload: { siteID: c.otherSite, updates: [update] },
        // 200 with the update answered not-found: nothing of the first provider is read or changed.
        other: { own: 200 },
        practitioner: 404,
        manager: 404,
      },
    ];
  },
  'POST /api/v1/children/{childID}/markOff': async (c, t) => {
    // A future booking of Oak Tree: the practitioner's round sends a request, the manager's marks it off.
    const [b] = await t.database.query<{
      child_id: number;
      combo_id: number;
      date: string;
      category: number;
    }>(
      `select b.child_id, b.combo_id, b.date::text as date,
         (select id from mark_off_categories m where m.provider_id = b.provider_id and m.enabled
          order by sort_order, id limit 1) as category
       from bookings b
       where b.provider_id = ${c.providerId} and b.site_id = ${c.oak} and b.date > '${todayInZone(new Date())}'
         and not b.deleted and b.actual_start is null and b.marked_off_category_id is null
       order by b.date, b.id limit 1`,
    );
    return [
      {
        label: 'a future Oak Tree booking, the first category',
        method: 'POST',
        url: `/api/v1/children/${b!.child_id}/markOff`,
        payload: { date: b!.date, comboIDs: [b!.combo_id], markOffCategoryID: b!.category, notes: 'Probe' },
        other: NOT_FOUND,
        practitioner: 200,
        manager: 200,
      },
    ];
  },
  'POST /api/v1/signatures': async (c, t) => {
    // An Oak Tree child booked today with a contact, the contact's person and a signature type.
    const [b] = await t.database.query<{
      child_id: number;
      combo_id: number;
      person_id: number;
      type_id: number;
    }>(
      `select b.child_id, b.combo_id, ct.person_id,
         (select id from register_signature_types s where s.provider_id = b.provider_id order by id limit 1) as type_id
       from bookings b
       join child_contacts cc on cc.provider_id = b.provider_id and cc.child_id = b.child_id
       join contacts ct on ct.provider_id = cc.provider_id and ct.id = cc.contact_id
       where b.provider_id = ${c.providerId} and b.site_id = ${c.oak} and b.date = '${todayInZone(new Date())}'
         and not b.deleted order by b.id limit 1`,
    );
    return [
      {
        label: "an Oak Tree child's session today, its contact signing",
        method: 'POST',
        url: '/api/v1/signatures',
        payload: {
          childID: b!.child_id,
          comboIDs: [b!.combo_id],
          date: todayInZone(new Date()),
          signature: PROBE_PNG,
          personID: b!.person_id,
          typeID: b!.type_id,
        },
        other: NOT_FOUND,
        practitioner: 201,
        manager: 201,
      },
    ];
  },
  'GET /api/v1/signatures/{id}': async (c, t) => {
    const [s] = await t.database.query<{ id: number }>(
      `select id::int as id from register_signatures where provider_id = ${c.providerId} order by id limit 1`,
    );
    return [
      {
        label: 'a demo register signature',
        method: 'GET',
        url: `/api/v1/signatures/${s!.id}`,
        other: NOT_FOUND,
        practitioner: 200,
        manager: 200,
      },
    ];
  },
  'GET /api/v1/providers/{providerID}/signature/{id}/{key}': async (c, t) => {
    // The newest register signature with an image (the POST probe's, in the staff rounds).
    const [s] = await t.database.query<{ id: number; key: string; image: boolean }>(
      `select id::int as id, key, data_path is not null as image from register_signatures
       where provider_id = ${c.providerId} order by data_path is not null desc, id desc limit 1`,
    );
    return [
      {
        label: 'a register signature image, the right key',
        method: 'GET',
        url: `/api/v1/providers/${c.providerId}/signature/${s!.id}/${s!.key}`,
        other: NOT_FOUND,
        practitioner: s!.image ? 200 : 404,
        manager: s!.image ? 200 : 404,
      },
      {
        label: 'the same signature, a wrong key',
        method: 'GET',
        url: `/api/v1/providers/${c.providerId}/signature/${s!.id}/${'0'.repeat(32)}`,
        other: NOT_FOUND,
        practitioner: 404,
        manager: 404,
      },
    ];
  },
  'POST /api/v1/events/{id}/signatures': async (c, t) => {
    // A published Oak Tree accident without a parent's signature, a contact of its child signing.
    const [e] = await t.database.query<{ id: number; person_id: number }>(
      `select e.id::int as id, ct.person_id from events e
       join event_types et on et.provider_id = e.provider_id and et.id = e.type_id and et.tag = 'accident'
       join child_contacts cc on cc.provider_id = e.provider_id and cc.child_id = e.child_id
       join contacts ct on ct.provider_id = cc.provider_id and ct.id = cc.contact_id
       where e.provider_id = ${c.providerId} and e.site_id = ${c.oak} and e.status_id = 5
         and not exists (select 1 from event_signatures s where s.provider_id = e.provider_id
                         and s.event_id = e.id and s.signature_type = 'Parent')
       order by e.id, ct.id limit 1`,
    );
    return [
      {
        label: 'an unsigned Oak Tree accident, a parent signing',
        method: 'POST',
        url: `/api/v1/events/${e!.id}/signatures`,
        payload: { personID: e!.person_id, signature: PROBE_PNG },
        other: NOT_FOUND,
        practitioner: 201,
        manager: 201,
      },
      // Issue 31: a published Oak Tree medication record takes no more staff signatures (a legal record).
      {
        label: 'a published Oak Tree medication record, a witness signing',
        method: 'POST',
        url: `/api/v1/events/${c.medication.id}/signatures`,
        payload: { personID: e!.person_id, signature: PROBE_PNG, signatureType: 'Witness' },
        other: NOT_FOUND,
        practitioner: 409,
        manager: 409,
      },
    ];
  },
  'GET /api/v1/sites/{siteID}/attendance/{date}/requests': (c) => [
    {
      label: 'Oak Tree today',
      method: 'GET',
      url: `/api/v1/sites/${c.oak}/attendance/${todayInZone(new Date())}/requests`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  'PUT /api/v1/attendance/requests/{id}': async (c, t) => {
    // The first pending Oak Tree request of today, declined (the practitioner's, then the manager's round).
    const [r] = await t.database.query<{ id: number }>(
      `select id from attendance_requests where provider_id = ${c.providerId} and site_id = ${c.oak}
         and date = '${todayInZone(new Date())}' and approved is null order by id limit 1`,
    );
    return [
      {
        label: 'a pending Oak Tree request, declined',
        method: 'PUT',
        url: `/api/v1/attendance/requests/${r!.id}`,
        payload: { approved: false, time: '08:00' },
        other: NOT_FOUND,
        practitioner: 200,
        manager: 200,
      },
    ];
  },
  'GET /api/v1/booking-requests': (c) => [
    {
      label: 'Oak Tree',
      method: 'GET',
      url: `/api/v1/booking-requests?siteID=${c.oak}`,
      other: NOT_FOUND,
      practitioner: 403,
      manager: 200,
    },
  ],
  'PUT /api/v1/booking-requests/{id}': async (c, t) => {
    // The oldest pending Oak Tree request someone else asked for, declined (404 once none is left).
    const [r] = await t.database.query<{ id: number }>(
      `select br.id from booking_requests br join children ch on ch.provider_id = br.provider_id and ch.id = br.child_id
       where br.provider_id = ${c.providerId} and br.status = 'pending' and ch.site_id = ${c.oak}
         and br.person_id <> (select person_id from user_accounts where email = '${DEMO.manager}')
       order by br.created_at, br.id limit 1`,
    );
    return [
      {
        label: 'a pending Oak Tree booking request, declined',
        method: 'PUT',
        url: `/api/v1/booking-requests/${r?.id ?? 999999}`,
        payload: { approved: false, notify: true, responseNotes: 'Probe' },
        other: NOT_FOUND,
        practitioner: 403,
        manager: r ? 200 : 404,
      },
    ];
  },
  'GET /api/v1/change-requests': () => [
    {
      label: 'the pending change requests',
      method: 'GET',
      url: '/api/v1/change-requests',
      other: { own: 200 },
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/change-requests/approve/{id}': async (c, t) => {
    // The parent's pending change of their contact details, approved with the requested values.
    const [r] = await t.database.query<{ id: number; telmob: string }>(
      `select cr.id, cr.fields ->> 'telmob' as telmob from change_requests cr
       join user_accounts ua on ua.provider_id = cr.provider_id and ua.id = cr.requested_by_user_id
       where cr.provider_id = ${c.providerId} and cr.status = 'pending' and ua.email = '${DEMO.parent}'
       order by cr.id limit 1`,
    );
    return [
      {
        label: "the parent's pending change, approved",
        method: 'POST',
        url: `/api/v1/change-requests/approve/${r?.id ?? 999999}`,
        payload: { fields: { telmob: r?.telmob ?? '07700 900456' } },
        other: NOT_FOUND,
        practitioner: 403,
        manager: r ? 200 : 404,
      },
    ];
  },
  'DELETE /api/v1/change-requests/{id}': async (c, t) => {
    // The practitioner's pending change of her staff details, declined.
    const [r] = await t.database.query<{ id: number }>(
      `select id from change_requests where provider_id = ${c.providerId} and status = 'pending'
         and table_name = 'StaffMember' order by id limit 1`,
    );
    return [
      {
        label: "a staff member's pending change, declined",
        method: 'DELETE',
        url: `/api/v1/change-requests/${r?.id ?? 999999}`,
        other: NOT_FOUND,
        practitioner: 403,
        manager: r ? 204 : 404,
      },
    ];
  },
  'GET /api/v1/gdpr-erasure-requests': () => [
    {
      label: 'the pending erasure requests',
      method: 'GET',
      url: '/api/v1/gdpr-erasure-requests',
      other: { own: 200 },
      practitioner: 403,
      manager: 200,
    },
  ],
  'POST /api/v1/gdpr-erasure-requests': async (c, t) => {
    // A child of the first provider without a pending request: the manager raises one (201); the
    // other provider names it and gets 404, the practitioner has no approveGDPR (403).
    const [child] = await t.database.query<{ id: number }>(
      `select c.id from children c where c.provider_id = ${c.providerId}
         and not exists (select 1 from gdpr_erasure_requests g
                         where g.provider_id = c.provider_id and g.child_id = c.id and g.status = 'pending')
       order by c.id desc limit 1`,
    );
    return [
      {
        label: 'a child of the first provider',
        method: 'POST',
        url: '/api/v1/gdpr-erasure-requests',
        payload: { childID: child!.id, reason: 'tenancy probe' },
        other: NOT_FOUND,
        practitioner: 403,
        manager: 201,
      },
    ];
  },
  'PUT /api/v1/gdpr-erasure-requests/{id}': async (c, t) => {
    // The erasure request the practitioner raised, declined (nothing is erased).
    const [r] = await t.database.query<{ id: number }>(
      `select g.id from gdpr_erasure_requests g
       join user_accounts ua on ua.provider_id = g.provider_id and ua.id = g.creator_user_id
       where g.provider_id = ${c.providerId} and g.status = 'pending' and ua.email = '${DEMO.practitioner}'
       order by g.id limit 1`,
    );
    return [
      {
        label: 'a pending erasure request, declined',
        method: 'PUT',
        url: `/api/v1/gdpr-erasure-requests/${r?.id ?? 999999}`,
        payload: { approved: false },
        other: NOT_FOUND,
        practitioner: 403,
        manager: r ? 200 : 404,
      },
    ];
  },
  // Issue 30, one's own details (profile-details): always the caller's own person, so the second
  // provider's manager gets their own request and nothing of the first provider moves.
  'GET /api/v1/change-requests/mine': () => [
    {
      label: "the user's own pending change of details",
      method: 'GET',
      url: '/api/v1/change-requests/mine',
      other: { own: 200 },
      practitioner: 200,
      manager: 200,
    },
  ],
  'POST /api/v1/change-requests': () => [
    {
      label: "a change of one's own home phone",
      method: 'POST',
      url: '/api/v1/change-requests',
      payload: { fields: { telhome: '0117 496 0404' } },
      other: { own: 200 },
      practitioner: 200,
      manager: 200,
    },
  ],
  // The profile photo: the practitioner's own person named; only she may upload or read it.
  'POST /api/v1/people/{personID}/image.jpg': async (c, t) => {
    const person = await practitionerPerson(t);
    return [
      {
        label: "the practitioner's own photo",
        method: 'POST',
        url: `/api/v1/people/${person}/image.jpg`,
        multipart: multipart([{ name: 'file', filename: 'me.jpg', data: c.jpeg }]),
        other: NOT_FOUND,
        practitioner: 200,
        manager: 404,
      },
    ];
  },
  'GET /api/v1/people/{personID}/image.jpg': async (_c, t) => {
    const person = await practitionerPerson(t);
    return [
      {
        label: "the practitioner's own photo (uploaded by the probe before)",
        method: 'GET',
        url: `/api/v1/people/${person}/image.jpg`,
        other: NOT_FOUND,
        practitioner: 200,
        manager: 404,
      },
    ];
  },
  'GET /api/v1/notifications/config': () => [
    {
      label: "the user's own settings",
      method: 'GET',
      url: '/api/v1/notifications/config',
      other: { own: 200 },
      practitioner: 200,
      manager: 200,
    },
  ],
  'PUT /api/v1/notifications': (c) => [
    {
      label: 'a type of the first provider (in-app)',
      method: 'PUT',
      url: '/api/v1/notifications',
      payload: { types: [{ id: c.generalType, methodIDs: [2] }] },
      // The other provider has no such type: a type that does not exist for the caller.
      other: not(400, 'err-invalid-notification-settings'),
      practitioner: 200,
      manager: 200,
    },
  ],
  'PUT /api/v1/eventNotifications': (c) => [
    {
      label: 'an event type of the first provider (in-app)',
      method: 'PUT',
      url: '/api/v1/eventNotifications',
      payload: { types: [{ id: c.eventType, methodIDs: [2] }] },
      other: not(400, 'err-invalid-notification-settings'),
      practitioner: 200,
      // The demo manager has no key children: event notifications are not hers to choose (§6).
      manager: 400,
    },
  ],
  // Issue 30: the user's own accessibility settings (no ids: every user has their own).
  'PUT /api/v1/userSettings': () => [
    {
      label: "the user's own settings",
      method: 'PUT',
      url: '/api/v1/userSettings',
      payload: { newColour: 'FFFFFF', savedColour: 'FFFFFF', newLineHeight: 2, savedLineHeight: 2 },
      other: { own: 200 },
      practitioner: 200,
      manager: 200,
    },
  ],
  'POST /api/v1/events/{id}/comments': (c) => [
    {
      label: 'the published event',
      method: 'POST',
      url: `/api/v1/events/${c.published}/comments`,
      payload: { text: 'Probe comment' },
      other: NOT_FOUND,
      practitioner: 201,
      manager: 201,
    },
  ],
  'GET /api/v1/children/{childID}/today': (c) => [
    {
      label: 'an Oak Tree child',
      method: 'GET',
      url: `/api/v1/children/${c.child.id}/today`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ], // Issue 31: conversations. The demo's Oak Tree thread (a parent's reply in it) and its first message.
  'POST /api/v1/conversations': (c) => [
    {
      label: 'the published event',
      method: 'POST',
      url: '/api/v1/conversations',
      payload: { childID: c.child.id, eventID: c.published, text: 'Probe message' },
      other: NOT_FOUND,
      practitioner: 201,
      manager: 201,
    },
  ],
  'GET /api/v1/conversations': () => [
    {
      label: "the caller's threads",
      method: 'GET',
      url: '/api/v1/conversations',
      other: { own: 200 },
      practitioner: 200,
      manager: 200,
    },
  ],
  'GET /api/v1/conversations/{threadID}': async (c, t) => [
    {
      label: 'the demo thread',
      method: 'GET',
      url: `/api/v1/conversations/${(await demoThread(c, t)).id}`,
      other: NOT_FOUND,
      practitioner: 200,
      manager: 200,
    },
  ],
  'POST /api/v1/conversations/{threadID}/messages': async (c, t) => [
    {
      label: 'the demo thread',
      method: 'POST',
      url: `/api/v1/conversations/${(await demoThread(c, t)).id}/messages`,
      payload: { text: 'Probe reply' },
      other: NOT_FOUND,
      practitioner: 201,
      manager: 201,
    },
  ],
  'PUT /api/v1/conversations/{threadID}/read': async (c, t) => {
    const thread = await demoThread(c, t);
    return [
      {
        label: 'the demo thread, its first message',
        method: 'PUT',
        url: `/api/v1/conversations/${thread.id}/read`,
        payload: { messageID: thread.messageID },
        other: NOT_FOUND,
        practitioner: 200,
        manager: 200,
      },
    ];
  },
};

/** Issue 31: the demo's conversation of the first provider and its first message. */
async function demoThread(c: Ctx, t: TestApp): Promise<{ id: number; messageID: number }> {
  const [row] = await t.database.query<{ id: number; messageID: number }>(
    `select t.id, (select min(m.id)::int from conversation_messages m where m.provider_id = t.provider_id
       and m.thread_id = t.id) as "messageID"
     from conversation_threads t where t.provider_id = ${c.providerId} order by t.id limit 1`,
  );
  if (!row) throw new Error('the demo has no conversation');
  return row;
}

interface GqlProbe {
  label: string;
  query: string;
  /** Sent as GET /graphql?query= instead of a POST. */
  get?: boolean;
  /** A field callable without a session (issue 30: loginWithToken): the status every role gets. */
  anyone?: number;
  other?: OtherRule;
  practitioner?: OtherRule;
  manager?: OtherRule;
}

/** One entry per field of the GraphQL schema's Query (by name) and Mutation ('Mutation.name'). */
const GRAPHQL: Record<string, (c: Ctx) => GqlProbe[]> = {
  _version: () => [
    {
      label: '_version',
      query: '{ _version }',
      other: { own: 200 },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  children: (c) => {
    const fields = 'id forename surname dob siteID contacts { forename surname }';
    return [
      {
        label: 'children(Oak Tree)',
        query: `{ children(siteID: ${c.oak}) { ${fields} } }`,
        other: { gql: 'err-not-found' },
        practitioner: { own: 200 },
        manager: { own: 200 },
      },
      {
        label: 'children(Oak Tree) by GET',
        query: `{ children(siteID: ${c.oak}) { ${fields} } }`,
        get: true,
        other: { gql: 'err-not-found' },
        practitioner: { own: 200 },
        manager: { own: 200 },
      },
      {
        label: "children(own site, ids: the first provider's child)",
        query: `{ children(siteID: ${c.otherSite}, ids: [${c.child.id}]) { ${fields} } }`,
        other: { own: 200 },
        practitioner: { gql: 'err-not-found' },
        manager: { gql: 'err-not-found' },
      },
    ];
  },
  pendingConsiderations: () => [
    {
      label: 'pendingConsiderations(limit: 100)',
      query: '{ pendingConsiderations(limit: 100) { id notes eventID child { forename surname } } }',
      other: { own: 200 },
      practitioner: { status: 403, code: 'err-permission-denied' },
      manager: { own: 200 },
    },
  ],
  event: (c) => {
    const fields = 'id notes childID siteID mediaIDs nextSteps { notes } editable permittedActions';
    return [
      {
        label: 'event(the draft)',
        query: `{ event(id: ${c.draft}) { ${fields} } }`,
        other: { gql: 'err-not-found' },
        practitioner: { own: 200 },
        manager: { own: 200 },
      },
      {
        label: 'event(the published event)',
        query: `{ event(id: ${c.published}) { ${fields} } }`,
        other: { gql: 'err-not-found' },
        practitioner: { own: 200 },
        manager: { own: 200 },
      },
    ];
  },
  notifications: () => [
    {
      label: 'notifications (own)',
      query: '{ notifications(limit: 5) { items { id name jsonBlob message } unreadCount nextCursor } }',
      other: { own: 200 },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  spotlightSetup: (c) => [
    {
      label: 'spotlightSetup(Oak Tree)',
      query: `{ spotlightSetup(siteID: ${c.oak}) { siteID types { id type codes { id value } saveStatusIDs } } }`,
      other: { gql: 'err-not-found' },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  bigPicture: (c) => {
    const filter = 'frameworkID: "-29", eventTypes: [snapshot, learningStory], dateFrom: "2020-01-01"';
    const fields =
      'children { id forename surname roomName gradingSummary { itemID eventType ageRangeID value count } }';
    return [
      {
        label: 'bigPicture(Oak Tree)',
        query: `{ bigPicture(siteID: ${c.oak}, ${filter}) { ${fields} } }`,
        other: { gql: 'err-not-found' },
        practitioner: { own: 200 },
        manager: { own: 200 },
      },
      {
        label: "bigPicture(own site, childIDs: the first provider's child)",
        query: `{ bigPicture(siteID: ${c.otherSite}, childIDs: [${c.child.id}], ${filter}) { ${fields} } }`,
        other: { gql: 'err-not-found' },
        practitioner: { gql: 'err-not-found' },
        manager: { gql: 'err-not-found' },
      },
    ];
  },
  gradingsOverview: (c) => [
    {
      label: "gradingsOverview(the first provider's child)",
      query: `{ gradingsOverview(childIDs: [${c.child.id}], frameworkID: "-29", eventTypes: [snapshot, learningStory], dateFrom: "2020-01-01") { childID itemID value ageRangeID } }`,
      other: { gql: 'err-not-found' },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  attributes: () => [
    {
      label: 'attributes (own)',
      query: '{ attributes { id name listItems { value item } } }',
      other: { own: 200 },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  ethnicities: () => [
    {
      label: 'ethnicities (own)',
      query: '{ ethnicities { id name } }',
      other: { own: 200 },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  spotlightEvent: (c) => [
    {
      label: 'spotlightEvent(a published snapshot)',
      query: `{ spotlightEvent(id: ${c.spotlight}) { id notes childIDs gradings { itemID value } considerations { notes } media { url } } }`,
      other: { gql: 'err-not-found' },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  developmentCheckpoints: () => [
    {
      label: 'developmentCheckpoints (own provider)',
      query: '{ developmentCheckpoints(ageRange: birthTo3) { id section description } }',
      other: { own: 200 },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  checkpointNotes: (c) => [
    {
      label: 'checkpointNotes(an Oak Tree child)',
      query: `{ checkpointNotes(childID: ${c.child.id}) { id note section } }`,
      other: { gql: 'err-not-found' },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  previousGradingCounts: (c) => [
    {
      label: 'previousGradingCounts(an Oak Tree child)',
      query: `{ previousGradingCounts(childID: ${c.child.id}, eventTypeIDs: [${c.snapshotType}, ${c.learningStoryType}]) { itemID value count } }`,
      other: { gql: 'err-not-found' },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  considerationsForChild: (c) => [
    {
      label: 'considerationsForChild(an Oak Tree child)',
      query: `{ considerationsForChild(childID: ${c.child.id}) { items { id notes staffMember { forename surname } } nextCursor } }`,
      other: { gql: 'err-not-found' },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  considerationCountForChild: (c) => [
    {
      label: 'considerationCountForChild(an Oak Tree child)',
      query: `{ considerationCountForChild(childID: ${c.child.id}) }`,
      other: { gql: 'err-not-found' },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  eventsByChildAndType: (c) => [
    {
      label: 'eventsByChildAndType(an Oak Tree child, snapshots)',
      query: `{ eventsByChildAndType(childID: ${c.child.id}, typeID: ${c.snapshotType}) { items { id notes author { forename surname } } nextCursor } }`,
      other: { gql: 'err-not-found' },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  eventCountByChildAndType: (c) => [
    {
      label: 'eventCountByChildAndType(an Oak Tree child, snapshots)',
      query: `{ eventCountByChildAndType(childID: ${c.child.id}, typeID: ${c.snapshotType}) }`,
      other: { gql: 'err-not-found' },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  'Mutation.updateEvent': (c) => {
    const input = (extra: string, childID = c.child.id) =>
      `{ type: snapshot, codeID: ${c.snapshotCode}, childIDs: [${childID}], date: "2026-01-05", time: "10:00", notes: "Probe snapshot", gradings: [], bestFits: [], checkpointIDs: [], considerations: [], mediaTokens: [], statusID: 1${extra} }`;
    return [
      {
        label: "updateEvent(edit of the first provider's snapshot)",
        // Its own child: an edit cannot move a record to another child (err-child-locked).
        query: `mutation { updateEvent(input: ${input(`, id: ${c.spotlight}, version: ${c.spotlightVersion}`, c.spotlightChild)}) { ids } }`,
        other: { gql: 'err-not-found' },
        // The demo snapshot is published: the practitioner may not edit it; the manager may (the
        // manager's round runs last, so the edit changes nothing another probe reads).
        practitioner: { status: 403, code: 'err-not-editable' },
        manager: { own: 200 },
      },
      {
        label: "updateEvent(add for the first provider's child)",
        query: `mutation { updateEvent(input: ${input('')}) { ids status } }`,
        other: { gql: 'err-not-found' },
        practitioner: { own: 200 },
        manager: { own: 200 },
      },
    ];
  },
  // Issue 31: the medication record.
  medicationEvent: (c) => [
    {
      label: "medicationEvent(the first provider's published record)",
      query: `{ medicationEvent(id: ${c.medication.id}) { id notes medicationInfo { name dosage } signatures { forename imageUrl } } }`,
      other: { gql: 'err-not-found' },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  medicationSetup: (c) => [
    {
      label: "medicationSetup(Oak Tree, the first provider's child)",
      query: `{ medicationSetup(siteID: ${c.oak}, childID: ${c.medication.child}) { siteID staff { id forename } child { allergies } contacts { id forename } recentDoses { eventID name } } }`,
      other: { gql: 'err-not-found' },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  medicationChildSetups: (c) => [
    {
      label: "medicationChildSetups(Oak Tree, the first provider's child)",
      query: `{ medicationChildSetups(siteID: ${c.oak}, childIDs: [${c.medication.child}]) { childID child { allergies medicalNotes } contacts { id forename } recentDoses { eventID name } } }`,
      other: { gql: 'err-not-found' },
      practitioner: { own: 200 },
      manager: { own: 200 },
    },
  ],
  'Mutation.updateMedicationEvent': (c) => {
    const input = (extra: string) =>
      `{ raised: "${new Date(Date.now() - 3_600_000).toISOString()}", notes: "Probe medication", childIDs: [${c.medication.child}], codeID: ${c.medicationCode}, status: 1, medicationInfo: { name: "Probe", type: Prescribed, dosage: "1 ml" }, signatures: []${extra} }`;
    return [
      {
        label: "updateMedicationEvent(edit of the first provider's published record)",
        query: `mutation { updateMedicationEvent(input: ${input(`, id: ${c.medication.id}, version: ${c.medication.version}`)}) { id } }`,
        other: { gql: 'err-not-found' },
        // A published medication record is a legal record: nobody changes it.
        practitioner: { status: 409, code: 'err-medication-published' },
        manager: { status: 409, code: 'err-medication-published' },
      },
      {
        label: "updateMedicationEvent(add for the first provider's child)",
        query: `mutation { updateMedicationEvent(input: ${input('')}) { id version statusID } }`,
        other: { gql: 'err-not-found' },
        practitioner: { own: 200 },
        manager: { own: 200 },
      },
    ];
  },
  // Issue 30: token login signs in, so it needs no session: an unknown key is refused alike for all.
  'Mutation.loginWithToken': () => [
    {
      label: 'loginWithToken(an unknown key)',
      query: `mutation { loginWithToken(key: "${'p'.repeat(43)}", role: Staff) { user { email } timeout } }`,
      anyone: 401,
    },
  ],
  'Mutation.readNotification': (c) => [
    {
      label: "readNotification(the manager's notification)",
      query: `mutation { readNotification(id: ${c.managerNotification}) { id read jsonBlob message } }`,
      other: { gql: 'err-not-found' },
      practitioner: { gql: 'err-not-found' },
      manager: { own: 200 },
    },
  ],
};

/** The field of a probe holding a signed-in role's expectation. */
const roleKey = (role: Role): 'other' | 'practitioner' | 'manager' =>
  role === 'otherManager' ? 'other' : role === 'practitioner' ? 'practitioner' : 'manager';

describeEachDb('tenancy probe: every route × 5 roles', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let c: Ctx;
  let mediaDir: string;
  let contactCookie: string;
  let contactSessionId: string;
  let markers: string[];
  let unseenMarkers: Set<string>;
  const cookies = {} as Record<Role, string | undefined>;
  const sent = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  const leaks: string[] = [];
  /** Markers found in the first provider's own answers: each must be real (seen at least once). */
  const ownMarkers = new Set<string>();
  /** role → `route [label]` → status (code), for the report. */
  const seen = new Map<Role, Map<string, string>>();
  let restOps = 0;
  let graphqlOps = 0;
  /** Issue 32: the statements the routes send, for the Citus path check (citus-path.ts). */
  let serverSql: ReturnType<typeof recordServerSql>;

  const cookieHeader = (role: Role): Record<string, string> => {
    const cookie = cookies[role];
    return cookie ? { cookie } : {};
  };

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'nursery-tenancy-probe-'));
    t = await makeTestApp(kind, { mediaDir });
    serverSql = recordServerSql(t.app);
    f = await loadFixture(t);
    const q = t.database.query.bind(t.database);
    const one = async <T>(sql: string) => {
      const [row] = await q<T & Record<string, unknown>>(sql);
      if (!row) throw new Error(`no row: ${sql}`);
      return row as T;
    };
    const p = f.providerId;
    const otherProviderId = (
      await one<{ id: number }>(`select id from providers where name = 'Other Nursery Ltd'`)
    ).id;
    const site = (name: string) =>
      one<{ id: number }>(`select id from sites where provider_id = ${p} and name = '${name}'`).then(
        (r) => r.id,
      );
    // A child whose surname appears in no name the other provider holds (a person's or child's forename
    // or surname, or the name of any of its rows: an ethnicity, a site, a room…), as a substring: the demo
    // data's names change with the date, and a surname such as "Alexander" is another child's forename
    // and "White" part of an ethnicity's name. Its names are markers.
    const namedTables = await q<{ table: string }>(
      `select c.table_name as "table" from information_schema.columns c
       join information_schema.columns p on p.table_schema = c.table_schema and p.table_name = c.table_name
         and p.column_name = 'provider_id'
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         and t.table_type = 'BASE TABLE'
       where c.table_schema = current_schema() and c.column_name = 'name' and c.data_type in ('text', 'character varying')
       order by 1`,
    );
    const nameHeldByOther = (table: string, name: string) =>
      `exists (select 1 from ${table} x where x.provider_id is distinct from ${p}
         and strpos(lower(${name}), lower(c.surname)) > 0)`;
    const child = await one<{ id: number; forename: string; surname: string }>(
      `select c.id, c.forename, c.surname from children c
       where c.provider_id = ${p} and c.site_id = ${f.siteId}
         and not ${nameHeldByOther('people', "x.forename || ' ' || x.surname")}
         and not ${nameHeldByOther('children', "x.forename || ' ' || x.surname")}
         ${namedTables.map(({ table }) => `and not ${nameHeldByOther(`"${table}"`, 'x.name')}`).join('\n')}
       order by c.id limit 1`,
    );
    const otherObs = await one<{ typeID: number; codeID: number }>(
      `select t.id as "typeID", c.id as "codeID" from event_types t
       join event_codes c on c.provider_id = t.provider_id and c.type_id = t.id
       where t.provider_id = ${otherProviderId} and t.tag = 'observation' order by c.id limit 1`,
    );
    const practitionerStaff = (
      await one<{ id: number }>(
        `select s.id from staff s join user_accounts u on u.provider_id = s.provider_id and u.person_id = s.person_id
         where lower(u.email) = '${DEMO.practitioner}'`,
      )
    ).id;

    // The contact-only session (a parent cannot log in to the staff app: a session row is made directly).
    const parent = await one<{ provider_id: number; id: number }>(
      `select provider_id, id from user_accounts where lower(email) = '${DEMO.parent}'`,
    );
    const contactSession = await directSession(
      t,
      { providerId: parent.provider_id, userId: parent.id, siteId: null },
      'tenancy-probe',
    );
    contactSessionId = contactSession.id;
    contactCookie = contactSession.cookie;

    // The first provider's objects the probes name: a photo, a draft with a next step, a published
    // event with the photo, a draft to publish, two open sleeps.
    const image = (background: string) =>
      sharp({ create: { width: 64, height: 48, channels: 3, background } })
        .jpeg()
        .toBuffer();
    // The first provider's photo, and another image the probes send (so a file read back is told apart).
    const [photo, jpeg] = await Promise.all([image('#3a7'), image('#c33')]);
    const mediaId = randomUUID();
    const obs = { typeID: f.type('observation'), codeID: f.code('observation', 'observation') };
    const upload = multipart([
      { name: 'id', value: mediaId },
      { name: 'typeID', value: String(obs.typeID) },
      { name: 'file', filename: 'photo.jpg', data: photo },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: { ...WRITE_HEADERS, cookie: f.manager, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const secret = randomBytes(6).toString('hex');
    const notes = {
      draft: `Probe draft note ${secret}`,
      step: `Probe next step ${secret}`,
      published: `Probe published note ${secret}`,
    };
    const save = async (cookie: string, payload: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/events',
        headers: { ...WRITE_HEADERS, cookie },
        payload: newSave({ subjects: [child.id], ...payload }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json()[0].id as number;
    };
    const sleep = { typeID: f.type('sleep'), codeID: f.code('sleep', 'sleep') };
    const twoHoursAgo = new Date(Date.now() - 7_200_000).toISOString();
    const draft = await save(f.practitioner, {
      ...obs,
      notes: notes.draft,
      nextSteps: [{ notes: notes.step, links: [] }],
    });
    const published = await save(f.manager, {
      ...obs,
      statusID: 5,
      notes: notes.published,
      mediaIDs: [mediaId],
    });
    const toTransition = await save(f.practitioner, { ...obs, notes: notes.draft });
    const sleepPost = await save(f.manager, { ...sleep, raised: twoHoursAgo });
    const sleepPut = await save(f.manager, { ...sleep, raised: twoHoursAgo });
    // A device report at Oak Tree, so the sync answers have something of the first provider to leak.
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sync/report',
      headers: { ...WRITE_HEADERS, cookie: f.practitioner },
      payload: { deviceID: 'practitioner-tablet-1', siteID: f.siteId, unsyncedEvents: 2, unsyncedMedia: 1 },
    });
    expect(report.statusCode, report.body).toBe(200);

    // A signed check-in and break start on the practitioner's Oak Tree shift today (the files written
    // as the staff register writes them), for the shift signature probes.
    const signedShift = (
      await one<{ id: number }>(
        `select id::int as id from shifts where provider_id = ${p} and site_id = ${f.siteId}
           and staff_id = ${practitionerStaff} and date = '${todayInZone(new Date())}' order by id limit 1`,
      )
    ).id;
    const signaturePng = Buffer.from(PROBE_PNG.slice('data:image/png;base64,'.length), 'base64');
    const signatureFile = async (name: string) => {
      await mkdir(path.join(mediaDir, String(p)), { recursive: true });
      await writeFile(path.join(mediaDir, String(p), name), signaturePng);
      return `${p}/${name}`;
    };
    const fromPath = await signatureFile(`sig-${randomBytes(16).toString('hex')}.png`);
    const breakPath = await signatureFile(`sig-${randomBytes(16).toString('hex')}.png`);
    await q(
      `update shifts set actual_from_signature = '${fromPath}' where provider_id = ${p} and id = ${signedShift}`,
    );
    const signedBreak = (
      await one<{ id: number }>(
        `insert into shift_breaks (provider_id, shift_id, time_from, time_to, from_signature)
         values (${p}, ${signedShift}, '00:00', '00:05', '${breakPath}') returning id::int as id`,
      )
    ).id;

    const demoSnapshot = await one<{ id: number; version: number; child: number }>(
      `select id::int as id, version, child_id as child from events where provider_id = ${p} and type_id = ${f.type('snapshot')}
         and status_id = 5 and site_id = ${await site('Oak Tree Nursery')} order by id limit 1`,
    );
    c = {
      providerId: p,
      otherProviderId,
      oak: await site('Oak Tree Nursery'),
      willow: await site('Willow Nursery'),
      otherSite: (
        await one<{ id: number }>(`select id from sites where provider_id = ${otherProviderId} limit 1`)
      ).id,
      child,
      otherChild: f.otherChild,
      practitionerStaff,
      obs,
      otherObs,
      draft,
      published,
      toTransition,
      spareRole: await probeRole(q, p, 'Spare role'),
      roleToDelete: (await probeRole(q, p, 'Role to delete')).id,
      contacts: await probeContacts(q, p, child.id),
      childAdmin: await probeChildAdmin(q, p, await site('Oak Tree Nursery')),
      mealType: await one<{ id: number; name: string; enabled: boolean; sortOrder: number }>(
        `select id, name, enabled, sort_order::int as "sortOrder" from meal_types
         where provider_id = ${p} and not archived order by id limit 1`,
      ),
      spareStaff: await probeStaff(q, p, await site('Oak Tree Nursery')),
      spotlight: demoSnapshot.id,
      spotlightVersion: demoSnapshot.version,
      spotlightChild: demoSnapshot.child,
      medicationCode: f.code('medication', 'medication'),
      medication: await one<{ id: number; version: number; child: number }>(
        `select id::int as id, version, child_id as child from events where provider_id = ${p} and type_id = ${f.type('medication')}
           and status_id = 5 and site_id = ${await site('Oak Tree Nursery')} order by id limit 1`,
      ),
      snapshotType: f.type('snapshot'),
      snapshotCode: f.code('snapshot', 'snapshot'),
      learningStoryType: f.type('learningStory'),
      sleepPost,
      sleepPut,
      mediaId,
      jpeg,
      managerNotification: (
        await one<{ id: number }>(
          `select n.id from notifications n join user_accounts u on u.provider_id = n.provider_id and u.id = n.user_id
           where lower(u.email) = '${DEMO.manager}' order by n.id limit 1`,
        )
      ).id,
      generalType: (
        await one<{ id: number }>(
          `select id from notification_types where provider_id = ${p} and code = 'in-app-message'`,
        )
      ).id,
      eventType: (
        await one<{ id: number }>(
          `select id from notification_types where provider_id = ${p} and code = 'event-comment'`,
        )
      ).id,
      signedShift,
      signedBreak,
      closureToDelete: await probeClosure(t, await site('Oak Tree Nursery')),
    };
    expect(c.oak).toBe(f.siteId);
    markers = [
      'Oak Tree Nursery',
      'Willow Nursery',
      'Demo Nursery Group',
      `${child.forename} ${child.surname}`,
      `"forename":"${child.forename}","surname":"${child.surname}"`,
      child.surname,
      notes.draft,
      notes.step,
      notes.published,
      // The first provider's e-mails: manager@example.org, …@demo-nursery.example.org.
      'example.org',
    ];
    // No answer shows the provider's name or a child's name in one string today: kept as markers.
    unseenMarkers = new Set(['Demo Nursery Group', `${child.forename} ${child.surname}`]);
    cookies.anonymous = undefined;
    cookies.contact = contactCookie;
    cookies.otherManager = f.other;
    cookies.practitioner = f.practitioner;
    cookies.manager = f.manager;
  });

  afterAll(async () => {
    serverSql?.stop();
    const total = Object.values(sent).reduce((a, b) => a + b, 0);
    const perRole = ROLES.map((r) => `${r} ${sent[r]}`).join(', ');
    console.log(
      `tenancy probe [${kind}]: ${restOps} REST + ${graphqlOps} GraphQL operations × ${ROLES.length} roles = ` +
        `${total} requests (${perRole}), ${leaks.length} leaks`,
    );
    if (process.env.TENANCY_PROBE_TABLE) {
      for (const [role, rows] of seen) for (const [k, v] of rows) console.log(`${role}\t${v}\t${k}`);
    }
    await t?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  /** Every table of one provider, fingerprinted (the contact-only session is ended by its own logout probe). */
  const fingerprint = (providerId: number) =>
    fingerprintProvider(t, mediaDir, providerId, [contactSessionId]);

  /** The first provider's objects the probes name, as the database holds them. */
  async function namedObjects() {
    const q = t.database.query.bind(t.database);
    const ids = [c.draft, c.published, c.toTransition, c.sleepPost, c.sleepPut].join(',');
    return {
      events: await q(
        `select id, version, status_id, notes, date2, child_id, updated_at from events
         where provider_id = ${c.providerId} and id in (${ids}) order by id`,
      ),
      nextSteps: await q(
        `select id, notes, completed from next_steps where provider_id = ${c.providerId} and event_id = ${c.draft}`,
      ),
      pin: await q(
        `select u.pin_hash, u.pin_declined from staff s join user_accounts u on u.provider_id = s.provider_id and u.person_id = s.person_id
         where s.provider_id = ${c.providerId} and s.id = ${c.practitionerStaff}`,
      ),
      media: await q(`select * from media where provider_id = ${c.providerId} and id = '${c.mediaId}'`),
      sessions: await q(
        `select id, site_id from server_sessions where provider_id = ${c.providerId} order by id`,
      ),
      sync: await q(
        `select * from device_sync_reports where provider_id = ${c.providerId} order by device_id`,
      ),
    };
  }

  function record(role: Role, key: string, res: LightMyRequestResponse) {
    const rows = seen.get(role) ?? new Map<string, string>();
    seen.set(role, rows);
    rows.set(key, `${res.statusCode}${codeOf(res) ? ` ${codeOf(res)}` : ''}`);
  }

  /** The leak rules of the roles that must reach nothing of the first provider. */
  function markerLeak(role: Role, key: string, res: LightMyRequestResponse): string | undefined {
    const found = markers.filter((m) => res.body.includes(m));
    if (found.length === 0) return undefined;
    return `${role} ${key}: the answer holds ${found.map((m) => `"${m}"`).join(', ')}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  }

  function checkRule(rule: OtherRule, res: LightMyRequestResponse, gqlField?: string): string | undefined {
    const code = codeOf(res);
    if ('status' in rule) {
      if (res.statusCode !== rule.status || (rule.code && code !== rule.code))
        return `expected ${rule.status}${rule.code ? ` ${rule.code}` : ''}`;
      return undefined;
    }
    if ('own' in rule) {
      if (res.statusCode !== rule.own) return `expected ${rule.own} (own data)`;
      if (gqlField && (res.json().errors?.length ?? 0) > 0) return 'expected no GraphQL errors';
      return undefined;
    }
    if ('outcomes' in rule) {
      const results = res.statusCode === 200 ? (res.json().results as { ok: boolean; code?: string }[]) : [];
      if (results.length === 0 || results.some((r) => r.ok || r.code !== 'err-not-found'))
        return 'expected 200 with every id err-not-found';
      return undefined;
    }
    // GraphQL: an err-not-found error, no data for the field (200 with a partial answer, or 404).
    const body = res.json();
    if (
      ![200, 404].includes(res.statusCode) ||
      code !== 'err-not-found' ||
      (body.data?.[gqlField!] ?? null) !== null
    )
      return 'expected a GraphQL err-not-found without data';
    return undefined;
  }

  /** Runs every probe as `role`; answers the problems found (the leaks are collected too). */
  async function round(role: Role): Promise<string[]> {
    const problems: string[] = [];
    const headers = { ...WRITE_HEADERS, ...cookieHeader(role) };
    const describe = (key: string, res: LightMyRequestResponse) =>
      `${role} ${key} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    const check = (
      key: string,
      res: LightMyRequestResponse,
      isPublic: boolean,
      expected?: number | OtherRule,
      gql?: string,
    ) => {
      sent[role] += 1;
      record(role, key, res);
      if (res.statusCode >= 500) problems.push(`5xx: ${describe(key, res)}`);
      if (!ATTACKERS.includes(role)) for (const m of markers) if (res.body.includes(m)) ownMarkers.add(m);
      if (ATTACKERS.includes(role)) {
        const leak = markerLeak(role, key, res);
        if (leak) {
          leaks.push(leak);
          problems.push(`leak: ${leak}`);
        }
      }
      if (isPublic) {
        if (res.statusCode !== expected) problems.push(`expected ${expected}: ${describe(key, res)}`);
        return;
      }
      if (role === 'anonymous') {
        if (res.statusCode !== 401 || codeOf(res) !== 'err-not-logged-in')
          problems.push(`expected 401 err-not-logged-in: ${describe(key, res)}`);
      } else if (role === 'contact') {
        if (res.statusCode !== 403) problems.push(`expected 403: ${describe(key, res)}`);
      } else if (expected !== undefined) {
        const rule: OtherRule = typeof expected === 'number' ? { status: expected } : expected;
        const wrong = checkRule(rule, res, gql);
        if (wrong) {
          problems.push(`${wrong}: ${describe(key, res)}`);
          // A 2xx the rule does not allow, for the other provider, is a leak whatever its body.
          if (role === 'otherManager' && res.statusCode < 300 && !('own' in rule) && !('outcomes' in rule))
            leaks.push(`otherManager ${key}: 2xx for the first provider's ids: ${describe(key, res)}`);
        }
      }
    };

    const entries = Object.entries(REST).filter(([route]) => !LAST.includes(route));
    for (const [route, entry] of entries) {
      for (const probe of await entry(c, t)) {
        const res = await t.app.inject({
          method: probe.method,
          url: probe.url,
          headers: probe.multipart ? { ...headers, 'content-type': probe.multipart.contentType } : headers,
          ...(probe.multipart
            ? { payload: probe.multipart.payload }
            : probe.payload !== undefined
              ? { payload: probe.payload as Record<string, unknown> }
              : {}),
        });
        const isPublic = PUBLIC_ROUTES.has(route);
        check(`${route} [${probe.label}]`, res, isPublic, isPublic ? probe.anyone : probe[roleKey(role)]);
      }
    }
    for (const [field, entry] of Object.entries(GRAPHQL)) {
      for (const probe of entry(c)) {
        const res = probe.get
          ? await t.app.inject({
              method: 'GET',
              url: `/graphql?query=${encodeURIComponent(probe.query)}`,
              headers: cookieHeader(role),
            })
          : await t.app.inject({ method: 'POST', url: '/graphql', headers, payload: { query: probe.query } });
        const rule = role === 'anonymous' || role === 'contact' ? undefined : probe[roleKey(role)];
        const isPublic = probe.anyone !== undefined;
        // Keys are Query fields by name, Mutation fields as 'Mutation.name'.
        check(
          `graphql ${field} [${probe.label}]`,
          res,
          isPublic,
          isPublic ? probe.anyone : rule,
          field.replace(/^Mutation\./, ''),
        );
      }
    }
    for (const route of LAST) {
      const isPublic = PUBLIC_ROUTES.has(route);
      for (const probe of await REST[route]!(c, t)) {
        const res = await t.app.inject({ method: probe.method, url: probe.url, headers });
        check(`${route} [${probe.label}]`, res, isPublic, isPublic ? probe.anyone : probe[roleKey(role)]);
      }
    }
    return problems;
  }

  it('every operation of the OpenAPI document and every GraphQL field has a probe', () => {
    const documented = documentedOperations(t);
    restOps = documented.length + 1; // and the save, which the document shows as the bulk close
    const probed = Object.keys(REST).filter((k) => k !== SAVE);
    expect(
      documented.filter((op) => !probed.includes(op)),
      'operations without a probe',
    ).toEqual([]);
    expect(
      probed.filter((op) => !documented.includes(op)),
      'probes of no operation',
    ).toEqual([]);
    const fields = graphqlFields(t);
    graphqlOps = fields.length;
    const probedFields = Object.keys(GRAPHQL).map((f) => (f.includes('.') ? f : `Query.${f}`));
    expect(
      fields.filter((x) => !probedFields.includes(x)),
      'GraphQL fields without a probe',
    ).toEqual([]);
    expect(
      probedFields.filter((x) => !fields.includes(x)),
      'probes of no GraphQL field',
    ).toEqual([]);
  });

  /** The first provider's fingerprint before the round of each role that must change nothing. */
  let unchanged: Record<string, string>;
  /** The first provider as it was before the round: the same, table by table. */
  async function expectUnchanged() {
    const now = await fingerprint(c.providerId);
    expect(now).toEqual(unchanged);
    unchanged = now;
  }

  it('anonymous: 401 err-not-logged-in on every non-public route and on GraphQL', async () => {
    unchanged = await fingerprint(c.providerId);
    expect(await round('anonymous')).toEqual([]);
    await expectUnchanged();
  });

  it('a contact-only session of the first provider: 403 on every non-public route and on GraphQL', async () => {
    unchanged ??= await fingerprint(c.providerId);
    expect(await round('contact')).toEqual([]);
    await expectUnchanged();
  });

  it("the other provider's manager: the first provider's ids reach nothing, read nothing, change nothing", async () => {
    unchanged ??= await fingerprint(c.providerId);
    const sessionsBefore = await t.database.query(
      `select site_id from server_sessions where provider_id = ${c.otherProviderId} order by id`,
    );
    const named = await namedObjects();
    expect(await round('otherManager')).toEqual([]);
    // The objects the probes named, field by field, then every table of the first provider.
    expect(await namedObjects()).toEqual(named);
    await expectUnchanged();
    // Its own session did not move to Oak Tree either (its logout ended it: none is left at Oak Tree).
    const after = await t.database.query<{ site_id: number | null }>(
      `select site_id from server_sessions where provider_id = ${c.otherProviderId} order by id`,
    );
    expect(after.filter((s) => s.site_id === c.oak || s.site_id === c.willow)).toEqual([]);
    expect(after.length).toBeLessThanOrEqual(sessionsBefore.length);
    // Its upload under the photo's id made a row and files of its own (the ids are unique per
    // provider): reading the id back answers its own file, never the first provider's.
    const own = await t.app.inject({
      url: `/api/v1/media/${c.mediaId}`,
      headers: { cookie: await loginAs(t.app, DEMO.otherManager) },
    });
    expect(own.statusCode).toBe(200);
    const stored = (providerId: number) => readFile(path.join(mediaDir, String(providerId), c.mediaId));
    expect(own.rawPayload.equals(await stored(c.otherProviderId))).toBe(true);
    expect(own.rawPayload.equals(await stored(c.providerId))).toBe(false);
  });

  it("the first provider's practitioner: the permission model's statuses, never a 5xx", async () => {
    expect(await round('practitioner')).toEqual([]);
  });

  it("the first provider's manager: the permission model's statuses, never a 5xx", async () => {
    expect(await round('manager')).toEqual([]);
    expect(leaks).toEqual([]);
    // The markers are real: the first provider's own staff read every one of them somewhere.
    expect(markers.filter((m) => !ownMarkers.has(m) && !unseenMarkers.has(m))).toEqual([]);
  });

  // Issue 32, the Citus path: every statement the routes sent above filters its tenant tables by provider_id.
  it('every statement on a tenant table filters it by provider_id (the Citus path)', () => {
    const statements = serverSql.statements();
    expect(statements.length).toBeGreaterThan(200);
    expect(citusPathViolations(statements, schemaTables(), CITUS_ALLOWED)).toEqual([]);
    // Every allowed exception is still sent (a stale one would hide a new statement of its shape).
    expect(
      CITUS_ALLOWED.filter((a) => !statements.some((sql) => a.pattern.test(sql))).map((a) => a.reason),
    ).toEqual([]);
  });
});

/** A role of the first provider nobody holds (the probes of PUT and DELETE name it). */
/** A member of staff with a login not yet activated, for staff administration's probes (issue 29). */
async function probeStaff(q: (sql: string) => Promise<unknown>, providerId: number, siteId: number) {
  const email = 'probe.spare@example.org';
  const [person] = (await q(
    `insert into people (provider_id, forename, surname, email) values (${providerId}, 'Probe', 'Spare', '${email}')
     returning id::int as id`,
  )) as { id: number }[];
  const [member] = (await q(
    `insert into staff (provider_id, person_id, site_id) values (${providerId}, ${person!.id}, ${siteId})
     returning id::int as id`,
  )) as { id: number }[];
  await q(
    `insert into user_accounts (provider_id, person_id, email) values (${providerId}, ${person!.id}, '${email}')`,
  );
  return { id: member!.id, email };
}

async function probeRole(
  q: (sql: string) => Promise<unknown>,
  providerId: number,
  name: string,
): Promise<{ id: number; name: string; permissions: string[] }> {
  const rows = (await q(
    `insert into roles (provider_id, name, permissions) values (${providerId}, '${name}', '{checkIn}')
     returning id::int as id, name, permissions`,
  )) as { id: number; name: string; permissions: string[] }[];
  return rows[0]!;
}

/** A site's body for the Sites page's probes (issue 29). */
function probeSiteBody(name: string) {
  return {
    name,
    addressLines: [],
    postcode: '',
    phone: '',
    openingDays: [1, 2, 3, 4, 5],
    opensAt: '08:00',
    closesAt: '18:00',
    registersEnabled: true,
    staffRegistersEnabled: true,
  };
}

/** A site as it is now, as the Sites page would send it back unchanged. */
async function currentSiteBody(t: TestApp, siteId: number) {
  const [s] = await t.database.query<{
    name: string;
    address_lines: string[];
    postcode: string;
    phone: string;
    opening_days: number[];
    opens_at: string;
    closes_at: string;
    registers_enabled: boolean;
    staff_registers_enabled: boolean;
  }>(`select name, address_lines, postcode, phone, opening_days, to_char(opens_at, 'HH24:MI') as opens_at,
        to_char(closes_at, 'HH24:MI') as closes_at, registers_enabled, staff_registers_enabled from sites where id = ${siteId}`);
  return {
    name: s!.name,
    addressLines: s!.address_lines,
    postcode: s!.postcode,
    phone: s!.phone,
    openingDays: s!.opening_days,
    opensAt: s!.opens_at,
    closesAt: s!.closes_at,
    registersEnabled: s!.registers_enabled,
    staffRegistersEnabled: s!.staff_registers_enabled,
  };
}

/** A far-future closure of the site, for the Sites page's probe of its removal (issue 29). */
async function probeClosure(t: TestApp, siteId: number): Promise<number> {
  const [row] = await t.database.query<{ id: number }>(
    `insert into site_closures (provider_id, site_id, starts_on, ends_on, reason)
     select provider_id, id, '2099-02-01', '2099-02-01', 'Probe' from sites where id = ${siteId} returning id`,
  );
  return row!.id;
}

/** Probe contacts (issue 29): two linked to the child (one of them with a collection password), one unlinked. */
async function probeContacts(
  q: (sql: string) => Promise<unknown>,
  providerId: number,
  childId: number,
): Promise<{ linked: number; alsoLinked: number; unlinked: number }> {
  const add = async (surname: string, password: string | null) => {
    const [person] = (await q(
      `insert into people (provider_id, forename, surname) values (${providerId}, 'Probe', '${surname}')
       returning id::int as id`,
    )) as { id: number }[];
    const [contact] = (await q(
      `insert into contacts (provider_id, person_id, collection_password)
       values (${providerId}, ${person!.id}, ${password === null ? 'null' : `'${password}'`}) returning id::int as id`,
    )) as { id: number }[];
    return contact!.id;
  };
  const linked = await add('Contactlinked', 'probe-door-word');
  const alsoLinked = await add('Contactalsolinked', null);
  const unlinked = await add('Contactunlinked', null);
  await q(
    `insert into child_contacts (provider_id, child_id, contact_id, priority)
     values (${providerId}, ${childId}, ${linked}, 3), (${providerId}, ${childId}, ${alsoLinked}, 4)`,
  );
  return { linked, alsoLinked, unlinked };
}

// The settings' Children page (issue 29): a spare Oak Tree child (no bookings) with two patterns.
interface ChildAdminProbeIds {
  child: number;
  room: number;
  combo: number;
  pattern: number;
  patternToDelete: number;
}

async function probeChildAdmin(
  q: (sql: string) => Promise<unknown>,
  providerId: number,
  oak: number,
): Promise<ChildAdminProbeIds> {
  const first = async (sql: string) => ((await q(sql)) as { id: number }[])[0]!.id;
  const room = await first(
    `select id from rooms where provider_id = ${providerId} and site_id = ${oak} order by id limit 1`,
  );
  const combo = await first(
    `select id from session_combos where provider_id = ${providerId} and site_id = ${oak} and enabled order by id limit 1`,
  );
  const child = await first(
    `insert into children (provider_id, site_id, room_id, forename, surname, dob, start_date)
     values (${providerId}, ${oak}, ${room}, 'Probe', 'Spare', '2023-01-02', '2024-01-08') returning id`,
  );
  const pattern = () =>
    first(`insert into booking_patterns (provider_id, child_id, site_id, combo_id, weekdays, interval_weeks, from_date, booked_through)
      values (${providerId}, ${child}, ${oak}, ${combo}, '{1}', 1, '2030-01-07', '2030-01-06') returning id`);
  return { child, room, combo, pattern: await pattern(), patternToDelete: await pattern() };
}

function childAdminRecord(c: Ctx, forename: string, surname: string) {
  return {
    forename,
    surname,
    dob: '2023-01-02',
    startDate: '2024-01-08',
    siteID: c.oak,
    roomID: c.childAdmin.room,
  };
}

const childAdminPattern = (c: Ctx) => ({
  comboID: c.childAdmin.combo,
  weekdays: [1],
  intervalWeeks: 1,
  from: '2030-01-07',
  to: null,
});
