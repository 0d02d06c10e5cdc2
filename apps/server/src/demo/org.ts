// The organisation of a demo provider: sites, rooms, areas, staff and accounts, children,
// contacts, key children and child attributes. Ids are given explicitly (see insert.ts).

import type { PhotoConsent } from '@nursery/domain/children';
import {
  areas,
  attributeListItems,
  attributes,
  childAttributeValues,
  childContacts,
  children,
  contacts,
  keyChildren,
  people,
  rooms,
  sites,
  staff,
  staffRoles,
  staffSites,
  userAccounts,
  userFavouriteFrameworks,
} from '../db/schema/index.ts';
import { addDays, addMonths, ageInMonths, earlierDate } from './dates.ts';
import { FRAMEWORK_IDS } from './frameworks/index.ts';
import { insertMany } from './insert.ts';
import { ADULT_FEMALE, ADULT_MALE, BOY_NAMES, GIRL_NAMES, STREETS, SURNAMES } from './names.ts';
import type { Random } from './random.ts';
import type { RefData } from './reference.ts';

import {
  type ChildInfo,
  type Ctx,
  type NamedStaff,
  type ProviderSpec,
  type ProviderWorld,
  ROOM_NAMES,
  type RoomName,
  type SiteInfo,
  type StaffInfo,
} from './types.ts';

export * from './types.ts';

const ROOM_AREAS: Record<RoomName, string[]> = {
  Babies: ['Sensory corner', 'Sleep room', 'Garden'],
  Toddlers: ['Messy play', 'Book corner', 'Garden'],
  'Pre-school': ['Construction', 'Role play', 'Garden', 'Outdoor classroom'],
};

/**
 * A demo child's photo and photo consent, fixed by the child's id (not drawn from the seed's random
 * stream, so the rest of the demo stays as it was): about 85 % have a photo (a generated portrait,
 * modules/children/portrait.ts), the others show their initials; consent is 'yes' for about 75 %,
 * 'no' for 12 % and not asked for 13 %. `namesake` children always have a photo and consent.
 */
export function demoPhoto(
  providerId: number,
  childId: number,
  namesake: boolean,
): { hasImage: boolean; photoConsent: PhotoConsent } {
  if (namesake) return { hasImage: true, photoConsent: 'yes' };
  const h = Math.imul(providerId * 7919 + childId, 2654435761) >>> 0;
  const consent = h % 100;
  return {
    hasImage: (h >>> 8) % 100 < 85,
    photoConsent: consent < 12 ? 'no' : consent < 25 ? 'notAsked' : 'yes',
  };
}

const phone = (rnd: Random) => `07700 900${String(rnd.int(0, 999)).padStart(3, '0')}`;
/** A home landline (0117 496 0xxx) for two contacts in three, by the contact's running number. */
const homePhone = (n: number) =>
  n % 3 === 2 ? null : `0117 496 0${String((n * 37) % 1000).padStart(3, '0')}`;

export async function buildOrganisation(
  ctx: Ctx,
  providerId: number,
  ref: RefData,
  spec: ProviderSpec,
): Promise<ProviderWorld> {
  const { rnd, today, ids } = ctx;
  const peopleRows: (typeof people.$inferInsert)[] = [];
  const staffRows: (typeof staff.$inferInsert)[] = [];
  const accountRows: (typeof userAccounts.$inferInsert)[] = [];
  const staffSiteRows: (typeof staffSites.$inferInsert)[] = [];
  const staffRoleRows: (typeof staffRoles.$inferInsert)[] = [];
  const childRows: (typeof children.$inferInsert)[] = [];
  const contactRows: (typeof contacts.$inferInsert)[] = [];
  const childContactRows: (typeof childContacts.$inferInsert)[] = [];
  const keyRows: (typeof keyChildren.$inferInsert)[] = [];
  const usedEmails = new Set<string>();
  const users: ProviderWorld['users'] = new Map();

  const uniqueEmail = (local: string, domain: string) => {
    const base = local.toLowerCase().replace(/[^a-z.]/g, '');
    let email = `${base}@${domain}`;
    for (let n = 2; usedEmails.has(email); n++) email = `${base}${n}@${domain}`;
    usedEmails.add(email);
    return email;
  };
  const addPerson = (forename: string, surname: string, extra: Partial<typeof people.$inferInsert> = {}) => {
    const id = ids.next('people');
    const [town, pc] = spec.sites[0].town;
    peopleRows.push({
      providerId,
      id,
      forename,
      surname,
      telmob: phone(rnd),
      address1: `${rnd.int(1, 120)} ${rnd.pick(STREETS)}`,
      address4: town,
      postCode: `${pc}${rnd.int(1, 16)} ${rnd.int(1, 9)}${rnd.pick(['AB', 'DE', 'HJ', 'LN', 'QT', 'WX'])}`,
      ...extra,
    });
    return id;
  };

  // Sites, rooms, areas.
  const siteInfos: SiteInfo[] = [];
  const siteRows: (typeof sites.$inferInsert)[] = [];
  const roomRows: (typeof rooms.$inferInsert)[] = [];
  const areaRows: (typeof areas.$inferInsert)[] = [];
  for (const s of spec.sites) {
    const siteId = ids.next('sites');
    siteRows.push({
      providerId,
      id: siteId,
      name: s.name,
      timeZone: 'Europe/London',
      registersEnabled: true,
      staffRegistersEnabled: true,
    });
    const info: SiteInfo = { id: siteId, name: s.name, rooms: [], staff: [], children: [] };
    ROOM_NAMES.forEach((name, i) => {
      const roomId = ids.next('rooms');
      roomRows.push({ providerId, id: roomId, siteId, name, sortOrder: i });
      const areaIds = ROOM_AREAS[name].map((areaName) => {
        const id = ids.next('areas');
        areaRows.push({ providerId, id, roomId, name: areaName });
        return id;
      });
      info.rooms.push({ id: roomId, name, areaIds });
    });
    siteInfos.push(info);
  }
  const roomOf = (site: SiteInfo, name: RoomName) => site.rooms.find((r) => r.name === name)!;

  // Staff: the named ones first, then generic staff per room and deputies.
  const addStaff = (
    site: SiteInfo,
    forename: string,
    surname: string,
    room: RoomName | null,
    opts: {
      isManager: boolean;
      jobTitle: string;
      email?: string;
      passwordHash?: string;
      pinHash?: string;
      allSites?: boolean;
      activation?: boolean;
    },
  ) => {
    const email =
      opts.email ?? (opts.activation ? uniqueEmail(`${forename}.${surname}`, spec.emailDomain) : null);
    if (opts.email) usedEmails.add(opts.email);
    const personId = addPerson(forename, surname, { email, biography: `${opts.jobTitle} at ${site.name}.` });
    const id = ids.next('staff');
    const roomId = room ? roomOf(site, room).id : null;
    staffRows.push({
      providerId,
      id,
      personId,
      siteId: site.id,
      roomId,
      jobTitle: opts.jobTitle,
      startDate: addDays(today, -rnd.int(120, 2500)),
    });
    staffSiteRows.push({ providerId, staffId: id, siteId: site.id });
    if (opts.allSites)
      for (const other of siteInfos)
        if (other !== site) staffSiteRows.push({ providerId, staffId: id, siteId: other.id });
    staffRoleRows.push({
      providerId,
      staffId: id,
      roleId: opts.isManager ? ref.roleIds.manager : ref.roleIds.practitioner,
    });
    let userId: number | null = null;
    if (email && (opts.passwordHash || opts.activation)) {
      userId = ids.next('user_accounts');
      accountRows.push({
        providerId,
        id: userId,
        personId,
        email,
        passwordHash: opts.passwordHash ?? null,
        pinHash: opts.pinHash ?? null,
        activationCode: opts.passwordHash ? null : rnd.hex(10),
        activatedAt: opts.passwordHash ? new Date(`${addDays(today, -200)}T09:00:00Z`) : null,
        createdAt: ctx.setupAt,
        securityQuestion: opts.passwordHash ? 'Name of my first school' : null,
      });
    }
    const info: StaffInfo = {
      id,
      personId,
      siteId: site.id,
      roomId,
      forename,
      surname,
      userId,
      isManager: opts.isManager,
      email,
    };
    site.staff.push(info);
    if (opts.passwordHash && email) users.set(email, { userId: userId!, personId, staffId: id });
    return info;
  };
  const namedInfos = new Map<NamedStaff, StaffInfo>();
  for (const n of spec.namedStaff) {
    namedInfos.set(
      n,
      addStaff(siteInfos[n.siteIndex], n.forename, n.surname, n.room, {
        isManager: n.role === 'manager',
        jobTitle: n.jobTitle,
        email: n.email,
        passwordHash: n.passwordHash,
        pinHash: n.pinHash,
        allSites: n.allSites,
      }),
    );
  }
  spec.sites.forEach((s, si) => {
    const site = siteInfos[si];
    for (let d = 0; d < s.deputies; d++) {
      const female = rnd.chance(0.8);
      addStaff(site, rnd.pick(female ? ADULT_FEMALE : ADULT_MALE), rnd.pick(SURNAMES), null, {
        isManager: true,
        jobTitle: 'Deputy manager',
        activation: true,
      });
    }
    for (const room of ROOM_NAMES) {
      for (let k = 0; k < s.roomStaff[room]; k++) {
        const female = rnd.chance(0.85);
        addStaff(site, rnd.pick(female ? ADULT_FEMALE : ADULT_MALE), rnd.pick(SURNAMES), room, {
          isManager: false,
          jobTitle:
            k === 0
              ? 'Room leader'
              : rnd.pick(['Nursery practitioner', 'Nursery assistant', 'Apprentice practitioner']),
          activation: rnd.chance(0.5),
        });
      }
    }
  });

  // Children: 20% babies (4-21 months), 30% in the two-year-check window (22-35), 50% aged 3-4.
  const parent = spec.parent;
  let parentPersonId: number | null = null;
  let parentContactId: number | null = null;
  if (parent) {
    parentPersonId = addPerson(parent.forename, parent.surname, { title: 'Mx', email: parent.email });
    parentContactId = ids.next('contacts');
    contactRows.push({ providerId, id: parentContactId, personId: parentPersonId, type: 'Parent' });
    const userId = ids.next('user_accounts');
    accountRows.push({
      providerId,
      id: userId,
      personId: parentPersonId,
      email: parent.email,
      passwordHash: parent.passwordHash,
      activatedAt: new Date(`${addDays(today, -150)}T18:00:00Z`),
      createdAt: ctx.setupAt,
    });
    usedEmails.add(parent.email);
    users.set(parent.email, { userId, personId: parentPersonId, staffId: null });
  }
  const parentChildren: ChildInfo[] = [];
  spec.sites.forEach((s, si) => {
    const site = siteInfos[si];
    const n = s.children;
    const nBabies = Math.round(n * 0.2);
    const nTwos = Math.round(n * 0.3);
    for (let i = 0; i < n; i++) {
      const months =
        i < nBabies ? rnd.int(4, 21) : i < nBabies + nTwos ? 22 + ((i - nBabies) % 14) : rnd.int(36, 59);
      const dob = addDays(addMonths(today, -months), -rnd.int(0, 25));
      const age = ageInMonths(dob, today);
      const roomName: RoomName = age < 24 ? 'Babies' : age < 36 ? 'Toddlers' : 'Pre-school';
      const girl = rnd.chance(0.5);
      const isParentChild =
        parent !== undefined && parent.siteIndex === si && (i === nBabies + 8 || i === n - 1);
      const surname = isParentChild ? parent!.surname : rnd.pick(SURNAMES);
      const startDate = [addDays(dob, rnd.int(90, 200)), addDays(today, -rnd.int(20, 900))].sort().at(-1)!;
      const id = ids.next('children');
      const [by, bm] = dob.split('-').map(Number);
      // Two unrelated children of one site share a name (one toddler, one pre-schooler): the child
      // picker must tell them apart (issue 13). The random draws stay the same either way.
      const pickedForename = rnd.pick(girl ? GIRL_NAMES : BOY_NAMES);
      const namesake =
        spec.namesakes?.siteIndex === si && (i === nBabies + 4 || i === nBabies + nTwos + 2)
          ? spec.namesakes
          : null;
      childRows.push({
        providerId,
        id,
        siteId: site.id,
        roomId: roomOf(site, roomName).id,
        forename: namesake ? namesake.forename : pickedForename,
        surname: namesake ? namesake.surname : surname,
        dob,
        startDate: earlierDate(startDate, today),
        gender: namesake ? namesake.gender : girl ? 'F' : 'M',
        ethnicityId: rnd.pick(ref.ethnicityIds),
        cohort: bm >= 9 ? by + 5 : by + 4,
        eal: rnd.chance(0.15),
        eypp: age >= 36 && rnd.chance(0.15),
        send: rnd.chance(0.08),
        twoYearFunded: age >= 24 && age < 36 && rnd.chance(0.35),
        ...demoPhoto(providerId, id, namesake !== null),
      });
      const child: ChildInfo = {
        id,
        siteId: site.id,
        roomId: roomOf(site, roomName).id,
        roomName,
        forename: childRows.at(-1)!.forename,
        surname: childRows.at(-1)!.surname,
        dob,
        startDate: childRows.at(-1)!.startDate,
        months: age,
        contacts: [],
        keyStaffId: null,
      };
      site.children.push(child);
      if (isParentChild) {
        child.contacts.push({ contactId: parentContactId!, personId: parentPersonId! });
        childContactRows.push({
          providerId,
          childId: id,
          contactId: parentContactId!,
          relationship: 'Parent',
          priority: 1,
          parentalResponsibility: true,
        });
        parentChildren.push(child);
        continue;
      }
      if (spec.childWithoutContactsSite === si && i === 5) continue;
      // Siblings: sometimes reuse the contacts of an earlier child with the same surname.
      // (Never a child of the same name: parents do not give two children one name.)
      const sibling = site.children.find(
        (c) =>
          c !== child &&
          c.surname === child.surname &&
          c.forename !== child.forename &&
          c.contacts.length > 0,
      );
      if (sibling && rnd.chance(0.7)) {
        sibling.contacts.forEach((c, p) => {
          child.contacts.push(c);
          childContactRows.push({
            providerId,
            childId: id,
            contactId: c.contactId,
            relationship: p === 0 ? 'Mother' : 'Father',
            priority: p + 1,
            parentalResponsibility: p < 2,
          });
        });
        continue;
      }
      const count = rnd.chance(0.15) ? 3 : rnd.chance(0.75) ? 2 : 1;
      const relations = ['Mother', 'Father', rnd.pick(['Grandmother', 'Grandfather', 'Aunt', 'Childminder'])];
      for (let p = 0; p < count; p++) {
        const rel = relations[p];
        const female =
          rel === 'Mother' ||
          rel === 'Grandmother' ||
          rel === 'Aunt' ||
          (rel === 'Childminder' && rnd.chance(0.8));
        const forename = rnd.pick(female ? ADULT_FEMALE : ADULT_MALE);
        const personSurname = p < 2 ? child.surname : rnd.pick(SURNAMES);
        const personId = addPerson(forename, personSurname, {
          title: female ? rnd.pick(['Mrs', 'Ms', 'Miss', 'Dr']) : rnd.pick(['Mr', 'Mr', 'Dr']),
          email: uniqueEmail(`${forename}.${personSurname}`, 'example.com'),
          telwork: rnd.chance(0.5) ? `0117 496 0${String(rnd.int(0, 999)).padStart(3, '0')}` : null,
          // A home landline for two contacts in three (Ofcom's drama range for Bristol), made from the
          // count so far rather than the random stream, which the rest of the demo depends on.
          telhome: homePhone(contactRows.length),
        });
        const contactId = ids.next('contacts');
        contactRows.push({
          providerId,
          id: contactId,
          personId,
          type: rel,
          externallyManaged: rnd.chance(0.05),
        });
        child.contacts.push({ contactId, personId });
        childContactRows.push({
          providerId,
          childId: id,
          contactId,
          relationship: rel,
          priority: p + 1,
          parentalResponsibility: p < 2,
          canCollect: true,
        });
      }
    }
  });

  // Key children: room staff share the room's children; a named key person takes theirs first.
  for (const site of siteInfos) {
    for (const room of site.rooms) {
      const roomStaff = site.staff.filter((s) => s.roomId === room.id && !s.isManager);
      if (roomStaff.length === 0) continue;
      const roomChildren = site.children.filter((c) => c.roomId === room.id);
      let next = 0;
      for (const [n, info] of namedInfos) {
        if (info.roomId !== room.id || !n.keyChildren) continue;
        for (const c of roomChildren.slice(next, next + n.keyChildren)) {
          c.keyStaffId = info.id;
          keyRows.push({ providerId, staffId: info.id, childId: c.id });
        }
        next += n.keyChildren;
      }
      const others = roomStaff.filter((s) => ![...namedInfos.values()].includes(s));
      roomChildren.slice(next).forEach((c, i) => {
        const s = others.length > 0 ? others[i % others.length] : roomStaff[i % roomStaff.length];
        c.keyStaffId = s.id;
        keyRows.push({ providerId, staffId: s.id, childId: c.id });
      });
    }
  }

  const { tx } = ctx;
  await insertMany(tx, sites, siteRows);
  await insertMany(tx, rooms, roomRows);
  await insertMany(tx, areas, areaRows);
  await insertMany(tx, people, peopleRows);
  await insertMany(tx, staff, staffRows);
  await insertMany(tx, staffSites, staffSiteRows);
  await insertMany(tx, staffRoles, staffRoleRows);
  await insertMany(tx, userAccounts, accountRows);
  await insertMany(tx, contacts, contactRows);
  await insertMany(tx, children, childRows);
  await insertMany(tx, childContacts, childContactRows);
  await insertMany(tx, keyChildren, keyRows);

  // Custom child attributes (Big Picture "Attributes" filter).
  const dietId = ids.next('attributes');
  const hoursId = ids.next('attributes');
  await insertMany(tx, attributes, [
    { providerId, id: dietId, name: 'Dietary requirements' },
    { providerId, id: hoursId, name: 'Funded hours' },
  ]);
  await insertMany(tx, attributeListItems, [
    { providerId, attributeId: dietId, value: 'none', item: 'None' },
    { providerId, attributeId: dietId, value: 'vegetarian', item: 'Vegetarian' },
    { providerId, attributeId: dietId, value: 'halal', item: 'Halal' },
    { providerId, attributeId: dietId, value: 'dairy-free', item: 'Dairy free' },
    { providerId, attributeId: hoursId, value: '15', item: '15 hours' },
    { providerId, attributeId: hoursId, value: '30', item: '30 hours' },
  ]);
  const attrRows: (typeof childAttributeValues.$inferInsert)[] = [];
  for (const c of siteInfos.flatMap((s) => s.children)) {
    if (rnd.chance(0.3))
      attrRows.push({
        providerId,
        childId: c.id,
        attributeId: dietId,
        value: rnd.pick(['vegetarian', 'halal', 'dairy-free']),
      });
    if (c.months >= 36)
      attrRows.push({
        providerId,
        childId: c.id,
        attributeId: hoursId,
        value: rnd.chance(0.6) ? '30' : '15',
      });
  }
  await insertMany(tx, childAttributeValues, attrRows);

  // Favourite frameworks of the named staff with logins.
  const favs: (typeof userFavouriteFrameworks.$inferInsert)[] = [];
  for (const u of users.values()) {
    if (u.staffId === null) continue;
    favs.push({ providerId, userId: u.userId, frameworkId: FRAMEWORK_IDS.developmentMatters, sortOrder: 0 });
    favs.push({ providerId, userId: u.userId, frameworkId: FRAMEWORK_IDS.birthToFive, sortOrder: 1 });
  }
  await insertMany(tx, userFavouriteFrameworks, favs);

  return { providerId, ref, sites: siteInfos, users, parentChildren };
}
