// Shared types of the demo builders.

import type { ObjectStore } from '../lib/object-store/index.ts';
import type { DemoNow } from './dates.ts';
import type { Tx } from './insert.ts';
import type { Random } from './random.ts';
import type { RefData } from './reference.ts';

export const ROOM_NAMES = ['Babies', 'Toddlers', 'Pre-school'] as const;
export type RoomName = (typeof ROOM_NAMES)[number];

export class IdGen {
  private readonly counters = new Map<string, number>();
  next(key: string): number {
    const n = (this.counters.get(key) ?? 0) + 1;
    this.counters.set(key, n);
    return n;
  }
}

export interface Ctx {
  tx: Tx;
  rnd: Random;
  /** London date of `clock.now`. */
  today: string;
  /** Now of the seed: recorded facts are never after it (see DemoNow). */
  clock: DemoNow;
  /** When the demo providers were set up (created_at of rows without a time of their own). */
  setupAt: Date;
  ids: IdGen;
  /** Where signature images are stored (lib/object-store); null: the signature rows get no image. */
  objects: ObjectStore | null;
}

export interface NamedStaff {
  forename: string;
  surname: string;
  siteIndex: number;
  room: RoomName | null;
  role: 'manager' | 'practitioner';
  jobTitle: string;
  email: string;
  passwordHash: string;
  pinHash?: string;
  allSites?: boolean;
  keyChildren?: number;
}

export interface SiteSpec {
  name: string;
  children: number;
  /** Generic staff per room (named staff come on top). */
  roomStaff: Record<RoomName, number>;
  /** Extra staff without a room (deputy managers). */
  deputies: number;
  town: [string, string];
}

export interface ProviderSpec {
  name: string;
  flags: Record<string, unknown>;
  emailDomain: string;
  sites: SiteSpec[];
  namedStaff: NamedStaff[];
  parent?: { forename: string; surname: string; email: string; passwordHash: string; siteIndex: number };
  /** Site index of the one child who has no contacts. */
  childWithoutContactsSite?: number;
  /** Two unrelated children of this site who share this name (a toddler and a pre-schooler). */
  namesakes?: { siteIndex: number; forename: string; surname: string; gender: 'F' | 'M' };
}

export interface StaffInfo {
  id: number;
  personId: number;
  siteId: number;
  roomId: number | null;
  forename: string;
  surname: string;
  userId: number | null;
  isManager: boolean;
  email: string | null;
}
export interface ChildInfo {
  id: number;
  siteId: number;
  roomId: number;
  roomName: RoomName;
  forename: string;
  surname: string;
  dob: string;
  startDate: string;
  months: number;
  contacts: { contactId: number; personId: number }[];
  keyStaffId: number | null;
}
export interface SiteInfo {
  id: number;
  name: string;
  rooms: { id: number; name: RoomName; areaIds: number[] }[];
  staff: StaffInfo[];
  children: ChildInfo[];
}
export interface ProviderWorld {
  providerId: number;
  ref: RefData;
  sites: SiteInfo[];
  /** Accounts by e-mail of the named staff and the parent. */
  users: Map<string, { userId: number; personId: number; staffId: number | null }>;
  parentChildren: ChildInfo[];
}
