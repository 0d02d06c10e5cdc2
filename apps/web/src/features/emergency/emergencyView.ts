/**
 * What the emergency list shows (pure, unit-tested): the room filter remembered on the device, the
 * children of the chosen room grouped by surname initial, and which numbers a contact has.
 */
import {
  type EmergencyChild,
  type EmergencyContact,
  groupBySurnameInitial,
  type InitialGroup,
} from '@nursery/domain/children';

/** The room filter: a room id, or every child at the site. */
export type RoomChoice = number | 'all';

/** The device remembers the chosen room per site (a tablet usually lives in one room). */
export const roomStorageKey = (siteID: number) => `nursery.emergency.room:${siteID}`;

/** The stored choice, when it is 'all' or one of the site's rooms; 'all' otherwise (nobody is missed). */
export function parseRoomChoice(stored: string | null, roomIDs: readonly number[]): RoomChoice {
  if (stored === null || stored === 'all') return 'all';
  const id = Number(stored);
  return Number.isInteger(id) && roomIDs.includes(id) ? id : 'all';
}

export function readRoomChoice(siteID: number, roomIDs: readonly number[]): RoomChoice {
  try {
    return parseRoomChoice(window.localStorage.getItem(roomStorageKey(siteID)), roomIDs);
  } catch {
    return 'all';
  }
}

export function storeRoomChoice(siteID: number, choice: RoomChoice) {
  try {
    window.localStorage.setItem(roomStorageKey(siteID), String(choice));
  } catch {
    // Storage refused (private mode): the choice lasts for this visit only.
  }
}

/** The children of the chosen room (all of them for 'all'), grouped by surname initial. */
export function emergencyGroups(
  children: readonly EmergencyChild[],
  room: RoomChoice,
): InitialGroup<EmergencyChild>[] {
  const shown = room === 'all' ? children : children.filter((c) => c.roomID === room);
  return groupBySurnameInitial(shown);
}

export type PhoneKind = 'telmob' | 'telhome' | 'telwork';
export const PHONE_KINDS: readonly PhoneKind[] = ['telmob', 'telhome', 'telwork'];

/** A number as a tel: link target (digits and a leading +). */
export function telHref(number: string): string {
  const trimmed = number.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

export const contactName = (c: Pick<EmergencyContact, 'forename' | 'surname'>) =>
  `${c.forename} ${c.surname}`;
