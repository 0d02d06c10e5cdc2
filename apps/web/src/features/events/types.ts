/**
 * Answers of the event calls the add/edit screen makes (spec 000 §7). The save payload itself is the
 * domain's zod `EventSavePayload`; these are the read shapes the server returns.
 */
import type { EventSavePayload } from '@nursery/domain';

export interface GradingValue {
  itemID: string;
  ageRangeID: number | null;
  value: number | null;
  notes: string | null;
}

export interface StoredNextStep {
  id: number;
  notes: string | null;
  completed: boolean;
  links: { itemID: string }[];
}

export interface StoredMeal {
  mealID: number;
  portionID: number | null;
  portionAmount: string | null;
}

/** GET api/v2/events/{id} */
export interface EventDetail {
  id: number;
  uuid: string;
  version: number;
  typeID: number;
  codeID: number;
  childID: number | null;
  statusID: number;
  siteID: number;
  authorStaffID: number | null;
  author: { id: number | null; staffID: number | null };
  notes: string | null;
  childsVoice: string | null;
  ref2: string | null;
  learningStyles: number;
  tagged: boolean;
  raised: string;
  date1: string | null;
  date2: string | null;
  due: string | null;
  priorityID: number | null;
  areaID: number | null;
  existingInjury: boolean | null;
  nappyCream: boolean | null;
  twoyear: boolean;
  baseline: boolean;
  values: GradingValue[];
  nextSteps: StoredNextStep[];
  meals: StoredMeal[];
  mediaIDs: string[];
  editable: boolean;
  /** Status ids the user may move this event to. */
  permittedActions: number[];
}

/** One item of the POST/PUT answer list (the first may hold nextSteps). */
export interface SavedEvent {
  id: number;
  uuid: string;
  statusID: number;
  version: number;
  childID: number | null;
  message: { key: string; params?: { status: string } };
  nextSteps?: StoredNextStep[];
}

/** A child of GetChildren. */
export interface SiteChild {
  id: number;
  forename: string;
  surname: string;
  hasImage: boolean;
  gender: string | null;
  dob: string;
  startDate: string;
  endDate: string | null;
  siteID: number;
  roomID: number | null;
}

export type SavePayload = EventSavePayload;
