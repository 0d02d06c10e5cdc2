/** Staff members: the site's list (drafts filter by author), one member, and their PIN. */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { NoContent, SetPinRequest } from './auth.ts';
import { Id, IdParam, idListParam } from './primitives.ts';

export const StaffParams = z.object({ staffID: IdParam });

/** Ids one staff list call may name: the staff picker holds at most 50 (spec 001 §6). */
export const STAFF_LIST_MAX_IDS = 50;

export const StaffListQuery = z.object({
  /** Default: the session's site (400 when none is chosen). */
  siteID: IdParam.optional(),
  /** Only these members ('3,7,12'; spec 001 §7 "filter on id in a list"), still of that site. */
  staffIDs: idListParam(STAFF_LIST_MAX_IDS).optional(),
});
export type StaffListQuery = z.infer<typeof StaffListQuery>;

export const StaffListMember = z.object({
  staffID: Id,
  forename: z.string(),
  surname: z.string(),
  hasImage: z.boolean(),
});
export type StaffListMember = z.infer<typeof StaffListMember>;

export const StaffListAnswer = z.object({ staff: z.array(StaffListMember) });
export type StaffListAnswer = z.infer<typeof StaffListAnswer>;

/** GET api/v1/staff/{staffID} (spec 002 §7: id, forename, surname, personID, hasImage, keyChildren). */
export const StaffAnswer = z.object({
  id: Id,
  /** Mr, Ms, ... (issue 29: the staff page's heading is title, forename and surname). */
  title: z.string().nullable(),
  forename: z.string(),
  surname: z.string(),
  personID: Id,
  hasImage: z.boolean(),
  /** Ids of the member's key children, ascending. */
  keyChildren: z.array(Id),
  /** edit: the name may be changed here (editStaff; PUT api/v1/settings/staff/{id}/name). */
  permittedActions: z.object({ edit: z.boolean() }),
});
export type StaffAnswer = z.infer<typeof StaffAnswer>;

/** GET api/v1/staff?siteID=&staffIDs=: staff working at a site, leavers included, by surname. */
export const listStaff = defineRoute({
  ...routes.listStaff,
  summary: 'Staff working at a site (the drafts filter by author)',
  tags: ['staff'],
  querystring: StaffListQuery,
  response: { 200: StaffListAnswer },
});

export const getStaff = defineRoute({
  ...routes.getStaff,
  summary: 'A staff member with key children',
  tags: ['staff'],
  params: StaffParams,
  response: { 200: StaffAnswer },
});

/** PUT api/v1/staff/{staffID}: the user's own PIN only (403 for anyone else's). */
export const setStaffPin = defineRoute({
  ...routes.setStaffPin,
  summary: "Set the user's own PIN, or answer the Home prompt with 'no'",
  tags: ['staff'],
  params: StaffParams,
  body: SetPinRequest,
  response: { 204: NoContent },
});
