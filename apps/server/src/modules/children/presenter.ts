// Shapes the children module's rows into answers: THE list child (listChildColumns' row) every child list shows.
import type { SiteChild } from '@nursery/domain/children';
import type { ListChildRow } from './queries.ts';

/** A child as a list shows one (avatar, name, age, room): Home, emergency, Event Checker, reports, key children. */
export type ListChild = Pick<SiteChild, 'id' | 'forename' | 'surname' | 'hasImage' | 'dob' | 'roomID'>;

export const listChild = (r: ListChildRow): ListChild => ({
  id: r.id,
  forename: r.forename,
  surname: r.surname,
  hasImage: r.hasImage,
  dob: r.dob,
  roomID: r.roomId,
});
