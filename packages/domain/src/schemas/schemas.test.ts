import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AppConfig,
  apiError,
  LoginRequest,
  type Me,
  SetPinRequest,
  SiteConfig,
  UserSettings,
} from '../areas/account.ts';
import { PERMISSIONS } from '../permissions.ts';
import { EVENT_STATUSES } from '../statuses.ts';
import { DEFAULT_EVENT_ROLES, DEFAULT_TRANSITIONS } from '../transitions.ts';

const hex = 'a'.repeat(128);

describe('LoginRequest', () => {
  it('trims the e-mail and needs a SHA-512 hex password', () => {
    expect(LoginRequest.parse({ email: '  sam@nursery.co.uk ', password: hex })).toEqual({
      email: 'sam@nursery.co.uk',
      password: hex,
    });
    expect(LoginRequest.safeParse({ email: 'not-an-email', password: hex }).success).toBe(false);
    expect(LoginRequest.safeParse({ email: 'a@b.co', password: 'A'.repeat(128) }).success).toBe(false);
    expect(LoginRequest.safeParse({ email: 'a@b.co', password: 'a'.repeat(127) }).success).toBe(false);
    expect(LoginRequest.safeParse({ email: 'a@b.co', password: 'secret' }).success).toBe(false);
  });
});

describe('ApiError and SetPinRequest', () => {
  it('ApiError shape', () => {
    expect(ApiError.parse(apiError('err-invalid-login', 'x'))).toEqual({
      err: { code: 'err-invalid-login', message: 'x' },
    });
    expect(ApiError.safeParse({ err: { code: 'x' } }).success).toBe(false);
  });
  it('PIN: 4 digits or "no"', () => {
    expect(SetPinRequest.safeParse({ PIN: '0123' }).success).toBe(true);
    expect(SetPinRequest.safeParse({ PIN: 'no' }).success).toBe(true);
    expect(SetPinRequest.safeParse({ PIN: '123' }).success).toBe(false);
    expect(SetPinRequest.safeParse({ PIN: 1234 }).success).toBe(false);
    expect(SetPinRequest.safeParse({ PIN: 'yes' }).success).toBe(false);
  });
});

describe('UserSettings', () => {
  it('accepts allowed colours (case-insensitive, no #) and line heights 2, 2.5, 3', () => {
    expect(UserSettings.parse({ inputBoxColour: 'afd3e1', lineHeight: 2.5 })).toEqual({
      inputBoxColour: 'AFD3E1',
      lineHeight: 2.5,
    });
    expect(UserSettings.safeParse({ inputBoxColour: '#FFFFFF', lineHeight: 2 }).success).toBe(false);
    expect(UserSettings.safeParse({ inputBoxColour: '000000', lineHeight: 2 }).success).toBe(false);
    expect(UserSettings.safeParse({ inputBoxColour: 'FFFFFF', lineHeight: 1.5 }).success).toBe(false);
  });
});

const me: Me = {
  personID: 1,
  staffID: null,
  userID: 3,
  email: 'sam@nursery.co.uk',
  forename: 'Sam',
  surname: 'Smith',
  telmob: null,
  telwork: null,
  telhome: '01632 960000',
  address1: '1 High Street',
  address2: null,
  address3: null,
  address4: null,
  address5: null,
  postCode: 'AB1 2CD',
  biography: null,
  hasImage: false,
  hasPin: false,
  pinDeclined: false,
  hasSecurityQuestion: false,
};

const site: SiteConfig = {
  id: 7,
  name: 'Acorns',
  timeZone: 'Europe/London',
  registersEnabled: true,
  staffRegistersEnabled: false,
  flags: {},
  rooms: [{ id: 1, name: 'Baby room', areas: [{ id: 2, name: 'Garden', enabled: true }] }],
};

function config(): AppConfig {
  return {
    version: '2.67.0',
    minVersion: '2.67.0',
    siteID: 7,
    sitesByID: { '7': site },
    eventTypes: [
      {
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
        ownRoleIDs: [1, 2],
        othersRoleIDs: [1],
        codes: [{ id: 1, value: 'Observation', enabled: true }],
      },
    ],
    eventStatuses: [...EVENT_STATUSES],
    eventRoles: DEFAULT_EVENT_ROLES.map((r) => ({ ...r })),
    eventTransitions: DEFAULT_TRANSITIONS.map((t) => ({ ...t })),
    permissions: Object.fromEntries(PERMISSIONS.map((p) => [p, false])) as AppConfig['permissions'],
    keyChildren: [10, 11],
    me,
    userSettings: { inputBoxColour: 'FFFFFF', lineHeight: 2 },
    session: { timeoutMinutes: 60, idleSeconds: 3600 },
    notificationMethods: [{ id: 1, name: 'E-mail' }],
    flags: { enableSpotlight: true, observationNotesLimit: 4000 },
  };
}

describe('AppConfig', () => {
  it('accepts a full config', () => {
    expect(AppConfig.safeParse(config()).success).toBe(true);
  });
  it('requires every permission', () => {
    const c = config() as unknown as { permissions: Record<string, boolean> };
    delete c.permissions.publishPhotos;
    expect(AppConfig.safeParse(c).success).toBe(false);
  });
  it('refuses unknown time zones, non-numeric site keys and unknown tags', () => {
    expect(SiteConfig.safeParse({ ...site, timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(AppConfig.safeParse({ ...config(), sitesByID: { seven: site } }).success).toBe(false);
    const c = config();
    expect(AppConfig.safeParse({ ...c, eventTypes: [{ ...c.eventTypes[0], tag: 'party' }] }).success).toBe(
      false,
    );
  });
  it('allows siteID null and refuses a missing me', () => {
    expect(AppConfig.safeParse({ ...config(), siteID: null }).success).toBe(true);
    const { me: _me, ...rest } = config();
    expect(AppConfig.safeParse(rest).success).toBe(false);
  });
});
