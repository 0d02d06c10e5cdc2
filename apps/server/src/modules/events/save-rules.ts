// Server-side checks of an event save (spec 000 §5): type and code, text limits, sleep end time,
// the content and future-date rules (issue 13), two-year checks, gradings, media permissions and the
// publishing warnings. Each refusal is an AppError.
import {
  formatMessage,
  statusById,
  type TextLimitField,
  textLimit,
  toCalendarDate,
  twoYearCheckWindow,
} from '@nursery/domain/common';
import {
  type EventContentInput,
  type EventSavePayload,
  eventContentProblem,
  eventFlagsFromCode,
  futureDateProblem,
  publishWarnings,
  sleepEndProblem,
  textLimitKindOf,
} from '@nursery/domain/events';
import { checkGradingCeiling, countGradings, gradingProblem } from '@nursery/domain/frameworks';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { mediaTypes, type SchemeItem, schemeItems, twoYearHolders } from './event-queries.ts';
import type { EventPolicy, EventTypeConfig } from './policy.ts';
import { visibilityFromConfig } from './search-queries.ts';

export interface TypeAndCode {
  type: EventTypeConfig;
  codeKey: string | null;
  twoyear: boolean;
  baseline: boolean;
}

/** The type must exist for the provider and the code must belong to it (400 otherwise). */
export function resolveTypeAndCode(policy: EventPolicy, typeId: number, codeId: number): TypeAndCode {
  const type = policy.type(typeId);
  if (!type) throw new AppError(400, 'err-invalid-type', 'typeID: no such event type.');
  const code = type.codes.find((c) => c.id === codeId);
  if (!code)
    throw new AppError(400, 'err-invalid-code', 'codeID: the code does not belong to the event type.');
  return { type, codeKey: code.key, ...eventFlagsFromCode(code.key) };
}

export function checkTexts(
  flags: Record<string, unknown>,
  tc: TypeAndCode,
  p: Pick<EventSavePayload, 'notes' | 'childsVoice' | 'ref2' | 'nextSteps'>,
) {
  const kind = textLimitKindOf(tc.type.tag, tc.codeKey);
  const check = (field: TextLimitField, value: string | null | undefined, label: string) => {
    const max = textLimit(flags, kind, field);
    if (max !== null && value && value.length > max) {
      throw new AppError(400, 'err-text-too-long', `${label}: at most ${max} characters.`);
    }
  };
  check('notes', p.notes, 'notes');
  check('childVoice', p.childsVoice, 'childsVoice');
  check('parentNotes', p.ref2, 'ref2');
  for (const s of p.nextSteps) check('nextSteps', s.notes, 'nextSteps.notes');
}

export function checkSleep(tc: TypeAndCode, raised: string | Date, date2: string | Date | null | undefined) {
  if (tc.type.tag !== 'sleep') return;
  const problem = sleepEndProblem(raised, date2);
  if (problem) throw new AppError(400, 'err-invalid-end-time', problem);
}

/**
 * An event must hold something (notes, media, a grading, a next step or its type's own details):
 * 400 `err-event-empty` with the form's message.
 */
export function checkContent(tc: TypeAndCode, p: EventContentInput) {
  const problem = eventContentProblem(tc.type.tag, p);
  if (problem) throw new AppError(400, 'err-event-empty', formatMessage(problem));
}

/**
 * Events that record what happened may not be dated in the future (the server's clock, with a
 * grace for tablets whose clocks run fast): 400 `err-future-date`. An edit is checked only when it
 * moves the date or the end time, so a stored event never becomes impossible to edit.
 */
export function checkFutureDate(
  tc: TypeAndCode,
  raised: Date,
  date2: string | null | undefined,
  now: Date,
  stored?: { raised: Date; date2: Date | null },
) {
  const end = date2 ? new Date(date2) : null;
  if (
    stored &&
    stored.raised.getTime() === raised.getTime() &&
    (stored.date2?.getTime() ?? null) === (end?.getTime() ?? null)
  ) {
    return;
  }
  const problem = futureDateProblem(tc.type.tag, { raised, date2: end }, now);
  if (problem) throw new AppError(400, 'err-future-date', formatMessage(problem));
}

/** Two-year checks: the child's age at the event date, and one check per child (spec 000 §5). */
export async function checkTwoYear(
  db: Db,
  providerId: number,
  kids: { id: number; dob: string }[],
  raised: Date,
  exceptId = 0,
) {
  const date = toCalendarDate(raised);
  for (const k of kids) {
    if (!twoYearCheckWindow(k.dob, date).inWindow) {
      throw new AppError(
        400,
        'selected-child-invalid-twoyear',
        formatMessage('selected-child-invalid-twoyear'),
      );
    }
  }
  const [held] = await twoYearHolders(
    db,
    providerId,
    kids.map((k) => k.id),
    exceptId,
  );
  if (held) {
    const inProgress = statusById(held.statusId)?.incomplete ?? false;
    const key = inProgress ? 'twoyear-in-progress' : 'twoyear-finished';
    throw new AppError(409, key, `${formatMessage(key)} (event ${held.id})`);
  }
}

/** Gradings (spec 000 §5): items the scheme allows, value with age range, the ceiling. */
export async function checkGradings(
  db: Db,
  providerId: number,
  typeId: number,
  p: Pick<EventSavePayload, 'values'>,
  /** schemeItems of the payload's items, when the caller read them already. */
  preloaded?: SchemeItem[],
) {
  if (p.values.length === 0) return;
  const itemIds = [...new Set(p.values.map((g) => g.itemID))];
  if (itemIds.length !== p.values.length) {
    throw new AppError(400, 'err-invalid-grading', 'values: each item may be graded once.');
  }
  const ceiling = checkGradingCeiling(countGradings(p.values));
  if (ceiling) throw new AppError(400, 'err-too-many-gradings', ceiling);
  const rows = preloaded ?? (await schemeItems(db, providerId, typeId, itemIds));
  const allowed = new Map(rows.map((r) => [r.item_id, r]));
  for (const g of p.values) {
    const scheme = allowed.get(g.itemID);
    const problem = gradingProblem(g, {
      allowAgeRange: scheme?.allow_age_range ?? false,
      itemIDs: [...allowed.keys()],
    });
    if (problem) throw new AppError(400, `err-${problem}`, formatMessage(problem));
  }
}

/** Media must exist for the provider, be allowed on the type, and pass the publishing warnings. */
export async function checkMedia(
  db: Db,
  auth: AuthContext,
  type: EventTypeConfig,
  mediaIds: string[],
  targetStatus: number,
  policy: EventPolicy,
  hasRestrictedConsiderations = false,
) {
  const found = await mediaTypes(db, auth.providerId, mediaIds, {
    personId: auth.personId,
    visibility: visibilityFromConfig(policy.config, auth.staffId!, auth.siteIds),
  });
  if (found.length !== new Set(mediaIds).size) {
    // The offline sync drops exactly these when the user uploads the event without them.
    const known = new Set(found.map((m) => m.id));
    const missing = [...new Set(mediaIds)].filter((id) => !known.has(id.toLowerCase()));
    throw new AppError(
      404,
      'err-media-not-found',
      formatMessage('err-media-not-found'),
      {},
      {
        mediaIDs: missing,
      },
    );
  }
  const hasPhotos = found.some((m) => m.type === 'image');
  const hasVideos = found.some((m) => m.type === 'video');
  if ((hasPhotos && !type.addPhoto && !type.addMedia) || (hasVideos && !type.addVideo && !type.addMedia)) {
    throw new AppError(
      403,
      'err-permission-add-media',
      formatMessage('err-permission-add-media', { type: type.value }),
    );
  }
  const warnings = publishWarnings({
    hasPhotos,
    hasVideos,
    hasRestrictedConsiderations,
    permissions: auth.permissions,
    targetStatus,
  });
  if (warnings.length) {
    throw new AppError(403, 'err-publish-blocked', warnings.map((w) => w.message).join(' '));
  }
}

/**
 * A save uuid already stored answers the stored events only to their author (an offline retry of one's
 * own save, issue 26): anyone else's replay is refused without them, as a media id replay is, since the
 * answer would show events they may not see.
 */
export function ownReplay<T extends { authorPersonId: number }>(stored: T[], auth: AuthContext): T[] {
  if (stored.some((e) => e.authorPersonId !== auth.personId))
    throw new AppError(409, 'err-save-id-taken', 'This save id is already in use. Please save again.');
  return stored;
}
