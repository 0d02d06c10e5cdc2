// Demo data (DEMO.md) and the first-install data (DEMO_DATA=0). Everything is built in memory
// from a PRNG seeded with today's date and written with multi-row INSERTs inside one transaction.
// Dates are relative to the seed's `now`, and no recorded fact is after it (dates.ts, DemoNow).

import type { Database } from '../db/client.ts';
import {
  people,
  providers,
  rooms,
  sites,
  staff,
  staffRoles,
  staffSites,
  userAccounts,
} from '../db/schema/index.ts';
import { DiskObjectStore } from '../lib/object-store/disk.ts';
import type { ObjectStore } from '../lib/object-store/index.ts';
import { hashPassword, hashSecret, sha512Hex } from '../modules/auth/passwords.ts';
import { buildRegisters } from './attendance.ts';
import { buildCareEvents } from './careEvents.ts';
import { buildConversations } from './conversations.ts';
import { addDays, DemoNow, londonInstant } from './dates.ts';
import { EventSink } from './eventSink.ts';
import { resetIdentitySequences, type Tx } from './insert.ts';
import { buildJournal } from './journal.ts';
import {
  buildOrganisation,
  type ChildInfo,
  type Ctx,
  IdGen,
  type ProviderSpec,
  type ProviderWorld,
  ROOM_NAMES,
  type StaffInfo,
} from './org.ts';
import { Random } from './random.ts';
import { seedReferenceData } from './reference.ts';
import { buildRequests } from './requests.ts';

export { AGE_RANGE_IDS, FRAMEWORK_IDS } from './frameworks/index.ts';
export { PRACTITIONER_PERMISSIONS, type RefData, seedReferenceData } from './reference.ts';

export const DEMO_PASSWORD = 'nursery-demo';
export const DEMO_ACCOUNTS = {
  manager: { email: 'manager@example.org', pin: '1357' },
  practitioner: { email: 'practitioner@example.org', pin: '2468' },
  parent: { email: 'parent@example.org' },
  otherManager: { email: 'other.manager@example.net' },
} as const;

/** Provider flags of new providers (ours: the spec names the flags, not their values). */
export const DEFAULT_PROVIDER_FLAGS: Record<string, unknown> = {
  enableSpotlight: true,
  enableEvents: true,
  enableBirthToFive: true,
  enableSnapshots: true,
  enableLearningStories: true,
  parentsCanAddNotes: false,
  anyContactGroupCanAddNotes: false,
  enableRestrictStaffRegisterAmendments: false,
  canEditReminders: true,
};

export interface SeedDemoOptions {
  /**
   * The current instant. Demo dates are relative to its date in Europe/London; recorded facts
   * (check-ins, care records, reports, notifications …) are never after it, schedules may be.
   */
  now: Date;
  /**
   * DATA_DIR/media: the demo's medication and accident signatures get drawn images there. Without it
   * (tests that never open an image) the rows have none and the image route answers 404.
   */
  mediaDir?: string;
  /** Issue 32: the object store the images go to (a bucket when S3_* are set); default: the disk at mediaDir. */
  objects?: ObjectStore;
}

function keyPersonFinder(world: ProviderWorld): (c: ChildInfo) => StaffInfo {
  const byId = new Map(world.sites.flatMap((s) => s.staff).map((s) => [s.id, s]));
  return (c) => {
    if (c.keyStaffId !== null) return byId.get(c.keyStaffId)!;
    const site = world.sites.find((s) => s.id === c.siteId)!;
    return site.staff.find((s) => s.roomId === c.roomId) ?? site.staff[0];
  };
}

async function seedProvider(ctx: Ctx, spec: ProviderSpec, withRequests: boolean): Promise<void> {
  const { tx } = ctx;
  const [p] = await tx
    .insert(providers)
    .values({ name: spec.name, flags: spec.flags, createdAt: ctx.setupAt })
    .returning({ id: providers.id });
  const ref = await seedReferenceData(tx, p.id);
  const world = await buildOrganisation(ctx, p.id, ref, spec);
  const regs = await buildRegisters(ctx, world);
  if (withRequests) {
    await buildRequests(ctx, world, regs, {
      managerEmail: DEMO_ACCOUNTS.manager.email,
      practitionerEmail: DEMO_ACCOUNTS.practitioner.email,
      parentEmail: DEMO_ACCOUNTS.parent.email,
    });
  }
  const sink = new EventSink(ctx, p.id);
  const keyPersonOf = keyPersonFinder(world);
  buildJournal(ctx, world, sink, keyPersonOf);
  buildCareEvents(ctx, world, regs, sink, keyPersonOf);
  await sink.flush();
  if (withRequests) {
    await buildConversations(ctx, world, {
      managerEmail: DEMO_ACCOUNTS.manager.email,
      parentEmail: DEMO_ACCOUNTS.parent.email,
    });
  }
}

/** Loads the demo data of DEMO.md into an empty, migrated database. */
export async function seedDemo(
  database: Database,
  { now, mediaDir, objects }: SeedDemoOptions,
): Promise<void> {
  const clock = new DemoNow(now);
  const today = clock.today;
  // argon2 is slow on purpose: hash each distinct secret once.
  const [passwordHash, managerPin, practitionerPin] = await Promise.all([
    hashPassword(sha512Hex(DEMO_PASSWORD)),
    hashSecret(DEMO_ACCOUNTS.manager.pin),
    hashSecret(DEMO_ACCOUNTS.practitioner.pin),
  ]);
  await database.db.transaction(async (tx) => {
    const ctx: Ctx = {
      tx,
      rnd: new Random(`nursery-demo:${today}`),
      today,
      clock,
      setupAt: londonInstant(addDays(today, -2600), '09:00'),
      ids: new IdGen(),
      objects: objects ?? (mediaDir ? new DiskObjectStore(mediaDir) : null),
    };
    await seedProvider(
      ctx,
      {
        name: 'Demo Nursery Group',
        // Issue 30: HubSpot enabled for the CRM page (the built-in stub reads it); not for Other Nursery.
        flags: { ...DEFAULT_PROVIDER_FLAGS, enableHubSpot: true },
        emailDomain: 'demo-nursery.example.org',
        sites: [
          {
            name: 'Oak Tree Nursery',
            children: 60,
            roomStaff: { Babies: 4, Toddlers: 4, 'Pre-school': 5 },
            deputies: 0,
            town: ['Bristol', 'BS'],
          },
          {
            name: 'Willow Nursery',
            children: 60,
            roomStaff: { Babies: 4, Toddlers: 5, 'Pre-school': 5 },
            deputies: 1,
            town: ['Bath', 'BA'],
          },
        ],
        namedStaff: [
          {
            forename: 'Ruth',
            surname: 'Manager',
            siteIndex: 0,
            room: null,
            role: 'manager',
            jobTitle: 'Nursery manager',
            email: DEMO_ACCOUNTS.manager.email,
            passwordHash,
            pinHash: managerPin,
            allSites: true,
          },
          {
            forename: 'Sam',
            surname: 'Practitioner',
            siteIndex: 0,
            room: 'Toddlers',
            role: 'practitioner',
            jobTitle: 'Nursery practitioner',
            email: DEMO_ACCOUNTS.practitioner.email,
            passwordHash,
            pinHash: practitionerPin,
            keyChildren: 8,
          },
        ],
        parent: {
          forename: 'Alex',
          surname: 'Parent',
          email: DEMO_ACCOUNTS.parent.email,
          passwordHash,
          siteIndex: 0,
        },
        childWithoutContactsSite: 1,
        namesakes: { siteIndex: 0, forename: 'Amelia', surname: 'Murphy', gender: 'F' },
      },
      true,
    );
    await seedProvider(
      ctx,
      {
        name: 'Other Nursery Ltd',
        flags: DEFAULT_PROVIDER_FLAGS,
        emailDomain: 'other-nursery.example.net',
        sites: [
          {
            name: 'Riverside Nursery',
            children: 15,
            roomStaff: { Babies: 2, Toddlers: 2, 'Pre-school': 2 },
            deputies: 0,
            town: ['Cheltenham', 'GL'],
          },
        ],
        namedStaff: [
          {
            forename: 'Morgan',
            surname: 'Hughes',
            siteIndex: 0,
            room: null,
            role: 'manager',
            jobTitle: 'Nursery manager',
            email: DEMO_ACCOUNTS.otherManager.email,
            passwordHash,
          },
        ],
      },
      false,
    );
    await resetIdentitySequences(tx);
  });
}

export interface EmptyInstallOptions {
  adminEmail: string;
  /** The SHA-512 hex of the administrator's password (what the browser sends at login). */
  adminPasswordClientHash: string;
}

/**
 * DEMO_DATA=0: one provider "My Nursery" with one site "Main site" and its rooms, the reference
 * data, and the first manager (Manager role) with the given e-mail and password.
 */
export async function seedEmptyInstall(database: Database, opts: EmptyInstallOptions): Promise<void> {
  const passwordHash = await hashPassword(opts.adminPasswordClientHash);
  await database.db.transaction(async (tx: Tx) => {
    const [p] = await tx
      .insert(providers)
      .values({ name: 'My Nursery', flags: DEFAULT_PROVIDER_FLAGS })
      .returning({ id: providers.id });
    const providerId = p.id;
    const ref = await seedReferenceData(tx, providerId);
    const [site] = await tx
      .insert(sites)
      .values({ providerId, name: 'Main site' })
      .returning({ id: sites.id });
    await tx
      .insert(rooms)
      .values(ROOM_NAMES.map((name, i) => ({ providerId, siteId: site.id, name, sortOrder: i })));
    const [person] = await tx
      .insert(people)
      .values({ providerId, forename: 'Nursery', surname: 'Manager', email: opts.adminEmail })
      .returning({ id: people.id });
    const [member] = await tx
      .insert(staff)
      .values({ providerId, personId: person.id, siteId: site.id, jobTitle: 'Nursery manager' })
      .returning({ id: staff.id });
    await tx.insert(staffSites).values({ providerId, staffId: member.id, siteId: site.id });
    await tx.insert(staffRoles).values({ providerId, staffId: member.id, roleId: ref.roleIds.manager });
    await tx.insert(userAccounts).values({
      providerId,
      personId: person.id,
      email: opts.adminEmail.trim(),
      passwordHash,
      activatedAt: new Date(),
    });
  });
}
