// The Spotlight save, GraphQL `updateEvent` (spec 001 §4, §5; issue 16): an add (one event per child
// for a snapshot) or an edit of a snapshot or learning story with its gradings, best fits,
// checkpoints, consideration and media. Every check runs before the write, each refusal a coded
// AppError (never a 500). The save runs through the events module's one save command
// (events/save-command.ts: visibility, versions, transitions, idempotency, the transaction with its
// history, audit and notifications); this file maps the mutation's input and answer and holds the
// Spotlight part: its checks and its rows (gradings, best fits, checkpoints, the consideration, media).
import { formatMessage, statusById, zonedDateTime } from '@nursery/domain/common';
import {
  SPOTLIGHT_TEXT_FIELDS,
  SPOTLIGHT_TYPE_NAMES,
  type SpotlightTextField,
  textLimitKindOf,
} from '@nursery/domain/events';
import { gradingCounts } from '@nursery/domain/frameworks';
import {
  BIRTH_TO_FIVE_ROOT,
  childCountProblem,
  gradingTotal,
  hasSpotlightText,
  normaliseConsiderations,
  restrictedConsiderationProblem,
  type SpotlightSaveResult,
  spotlightTextLimits,
  spotlightTextsOfType,
  textFieldsNotOfType,
  UpdateEventInput,
} from '@nursery/domain/spotlight';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { siteTimeZone } from '../../lib/site-time-zone.ts';
import { type AuthContext, mayUseSite } from '../../plugins/auth.ts';
import {
  type CheckedSave,
  type EventPolicy,
  type EventRecord,
  type EventSavePart,
  type EventSaveRequest,
  partsInserts,
  resolveTypeAndCode,
  runEventSave,
  runInserts,
  schemeItems,
  type TypeAndCode,
} from '../events/index.ts';
import {
  type CheckpointPlace,
  clearSpotlightParts,
  considerationIdOf,
  enabledCheckpoints,
  gradingsInsert,
  mediaWithTokens,
  type SpotlightPartsIn,
  spotlightInserts,
  updateConsideration,
} from './queries.ts';

const bad = (code: string, message: string) => new AppError(400, code, message);

/** zod's first problem as the API's 400, naming the field. */
export function parseUpdateEventInput(raw: unknown): UpdateEventInput {
  const parsed = UpdateEventInput.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.join('.');
  throw bad('err-invalid-request', `${path ? `${path}: ` : ''}${issue.message}`);
}

/** The spotlight type of the input, enabled for the account (snapshot or learning story tag). */
function spotlightTypeOf(policy: EventPolicy, input: UpdateEventInput) {
  const type = policy.config.eventTypes.find((t) => t.tag === input.type && t.enabled);
  if (!type) throw bad('err-invalid-type', `type: ${input.type} is not enabled for this account.`);
  return type;
}

/** Fields a type does not have are refused rather than dropped: the client's form is wrong. */
function checkFieldsOfType(input: UpdateEventInput) {
  if (input.type === 'snapshot') {
    if (input.bestFits.length)
      throw bad('err-field-not-for-type', 'bestFits: only learning stories have best fits.');
    if (input.checkpointIDs.length || input.checkpointNotes?.length)
      throw bad('err-field-not-for-type', 'checkpointIDs: only learning stories have checkpoints.');
  }
  // The text fields by the domain's declaration of which types have them (SpotlightTextFields).
  const [field] = textFieldsNotOfType(input, input.type);
  if (field)
    throw bad(
      'err-field-not-for-type',
      `${field}: a ${SPOTLIGHT_TYPE_NAMES[input.type].toLowerCase()} does not have this field.`,
    );
}

/**
 * The text columns a save of the type writes (a field the type lacks as null), by the declaration:
 * `Pick<…>` fails the typecheck when a text field has no column of its name.
 */
const textColumns = (input: UpdateEventInput): Pick<Required<CheckedSave['columns']>, SpotlightTextField> =>
  spotlightTextsOfType(input, input.type);

/**
 * The checkpoint notes to store: one per chosen checkpoint at most, on the checkpoint and at its
 * section, subsection and age range (the child's notes by tab); blank ones are dropped. A note on a checkpoint not chosen is refused.
 */
function checkpointNotesOf(input: UpdateEventInput, chosen: Map<number, CheckpointPlace>) {
  const seen = new Set<number>();
  const notes: (CheckpointPlace & { checkpointId: number; note: string })[] = [];
  for (const n of input.checkpointNotes ?? []) {
    const place = chosen.get(n.checkpointID);
    if (!place || !input.checkpointIDs.includes(n.checkpointID))
      throw bad('err-invalid-checkpoint', 'checkpointNotes: a note on a checkpoint the event does not have.');
    if (seen.has(n.checkpointID))
      throw bad('err-invalid-request', 'checkpointNotes: one note per checkpoint.');
    seen.add(n.checkpointID);
    const note = n.note.trim();
    if (note) notes.push({ ...place, checkpointId: n.checkpointID, note });
  }
  return notes;
}

function checkChildCount(input: UpdateEventInput, existing: boolean) {
  const ids = new Set(input.childIDs);
  if (ids.size !== input.childIDs.length)
    throw bad('err-invalid-request', 'childIDs: a child is listed twice.');
  const problem = childCountProblem(input.type, ids.size, existing);
  if (!problem) return;
  const message =
    input.type === 'learningStory' && problem === 'single-child'
      ? formatMessage('learning-story-single-child')
      : problem === 'single-child'
        ? 'childIDs: an existing event is about one child.'
        : 'childIDs: at most 200 children.';
  throw bad('err-wrong-child-count', message);
}

function checkTexts(input: UpdateEventInput, flags: Record<string, unknown>, tc: TypeAndCode) {
  const limits = spotlightTextLimits(flags, textLimitKindOf(tc.type.tag, tc.codeKey));
  const check = (value: string | null | undefined, max: number | null, field: string) => {
    if (max !== null && value && value.length > max)
      throw bad('err-text-too-long', `${field}: at most ${max} characters.`);
  };
  // A text field without a limit of its own has none.
  const textLimits: Partial<Record<SpotlightTextField, number | null>> = limits;
  for (const field of SPOTLIGHT_TEXT_FIELDS) check(input[field], textLimits[field] ?? null, field);
  for (const c of input.considerations) check(c.notes, limits.considerationNotes, 'considerations.notes');
}

/** Gradings that count, unique items, best fits (Birth to 5 aspects) and the 255 ceiling. */
function countedGradings(input: UpdateEventInput) {
  const counted = input.gradings.filter(gradingCounts);
  const items = counted.map((g) => g.itemID);
  if (new Set(items).size !== items.length)
    throw bad('err-invalid-grading', 'gradings: each item may be graded once.');
  const fitItems = input.bestFits.map((b) => b.itemID);
  if (new Set(fitItems).size !== fitItems.length)
    throw bad('err-invalid-best-fit', 'bestFits: each aspect may have one best fit.');
  if (input.bestFits.some((b) => !b.itemID.startsWith(BIRTH_TO_FIVE_ROOT)))
    throw bad('err-invalid-best-fit', 'bestFits: best fits are for Birth to 5 Matters aspects.');
  const { problem } = gradingTotal(counted, input.bestFits);
  if (problem) throw bad('err-too-many-gradings', problem);
  return counted;
}

/** Each medium must be the provider's with the token its upload answered; the type must allow it. */
function checkMedia(
  auth: AuthContext,
  tc: TypeAndCode,
  input: UpdateEventInput,
  ids: string[],
  rows: { id: string; type: 'image' | 'video'; media_token: string }[],
) {
  const found = new Map(rows.map((m) => [m.id, m]));
  for (const [i, m] of input.mediaTokens.entries()) {
    if (found.get(ids[i]!)?.media_token !== m.token)
      throw bad(
        'err-media-token-invalid',
        `mediaTokens: ${m.mediaID} is not a medium uploaded with this token.`,
      );
  }
  const kinds = new Set([...found.values()].map((m) => m.type));
  const t = tc.type;
  if (
    (kinds.has('image') && !t.addPhoto && !t.addMedia) ||
    (kinds.has('video') && !t.addVideo && !t.addMedia)
  ) {
    throw new AppError(
      403,
      'err-permission-add-media',
      formatMessage('err-permission-add-media', { type: t.value }),
    );
  }
  const status = statusById(input.statusID);
  if (status?.published) {
    if (kinds.has('image') && !auth.permissions.publishPhotos)
      throw new AppError(403, 'err-publish-blocked', formatMessage('publish-photos-not-permitted'));
    if (kinds.has('video') && !auth.permissions.publishVideo)
      throw new AppError(403, 'err-publish-blocked', formatMessage('publish-videos-not-permitted'));
  }
}

function checkContent(input: UpdateEventInput, gradingCount: number) {
  const has =
    hasSpotlightText(input) ||
    gradingCount > 0 ||
    input.bestFits.length > 0 ||
    input.checkpointIDs.length > 0 ||
    input.considerations.length > 0 ||
    input.mediaTokens.length > 0;
  if (!has) throw bad('err-event-empty', formatMessage('event-no-content'));
}

const result = (
  created: boolean,
  type: UpdateEventInput['type'],
  rows: EventRecord[],
): SpotlightSaveResult => {
  const statusID = rows[0]!.statusId;
  return {
    created,
    type,
    statusID,
    status: statusById(statusID)?.value ?? String(statusID),
    ids: rows.map((r) => r.id),
    events: rows.map((r) => ({ id: r.id, childID: r.childId!, version: r.version })),
  };
};

const conflict = () => new AppError(409, 'err-conflict', 'The event was changed by another save.');

/**
 * GraphQL updateEvent: the input mapped to the events module's one save command (runEventSave), with
 * the Spotlight part below, and its outcome mapped back to the mutation's answer.
 */
export async function saveSpotlight(
  deps: AppDeps,
  auth: AuthContext,
  raw: unknown,
): Promise<SpotlightSaveResult> {
  const input = parseUpdateEventInput(raw);
  const existing = input.id != null;
  if (existing && input.version == null) throw bad('err-invalid-request', 'version: required with an id.');
  if (existing && input.uuid != null) throw bad('err-invalid-request', 'uuid: only an add has a save uuid.');
  const request: EventSaveRequest = {
    edit: existing ? { id: input.id!, version: input.version! } : undefined,
    saveUuid: input.uuid ?? undefined,
    replayable: input.uuid != null,
    childIds: input.childIDs,
    statusId: input.statusID,
  };
  const outcome = await runEventSave(deps, auth, request, spotlightPart(input));
  if (outcome.kind === 'conflict') throw conflict();
  return result(outcome.kind !== 'updated', input.type, outcome.rows);
}

interface SpotlightChecked extends CheckedSave {
  counted: ReturnType<typeof countedGradings>;
  mediaIds: string[];
  /** What the checks after the shared rules judge. */
  reads: {
    schemeRows: { item_id: string }[];
    enabled: Map<number, CheckpointPlace>;
    media: { id: string; type: 'image' | 'video'; media_token: string }[];
    storedConsideration: number | null;
  };
  parts: SpotlightPartsIn;
  /** The stored consideration the save keeps (updated), if any. */
  kept: number | null;
  consideration: ReturnType<typeof normaliseConsiderations>[number] | undefined;
}

/** The Spotlight editor's part of a save: snapshots and learning stories. */
function spotlightPart(input: UpdateEventInput): EventSavePart<SpotlightChecked> {
  const childIds = [...new Set(input.childIDs)];
  const partsOf = (counted: SpotlightChecked['counted'], mediaIds: string[]) => ({
    gradings: counted,
    // The media links by the events module's partsInserts.
    links: { values: [], meals: [], mediaIDs: mediaIds },
  });
  return {
    saves: (stored, policy) => {
      const tag = policy.type(stored.typeId)?.tag;
      return tag === 'snapshot' || tag === 'learningStory';
    },
    async check({ db, auth, policy, stored: e, kids }) {
      if (e && policy.type(e.typeId)?.tag !== input.type)
        throw bad('err-type-locked', 'type: the type of an existing event cannot change.');
      // Another provider's child (or one of a site the user may not use) is not found before anything
      // else about the save is judged.
      if (kids.length !== childIds.length || kids.some((k) => !mayUseSite(auth, k.site_id)))
        throw notFound('Child not found.');
      const type = spotlightTypeOf(policy, input);
      const tc = resolveTypeAndCode(policy, type.id, input.codeID);
      if (!type.codes.find((c) => c.id === input.codeID)?.enabled && input.codeID !== e?.codeId)
        throw bad('err-invalid-code', 'codeID: the code is not enabled.');

      checkChildCount(input, e !== undefined);
      if (e && childIds[0] !== e.childId)
        throw bad('err-child-locked', 'childIDs: the child of an existing event cannot change.');
      checkFieldsOfType(input);

      const counted = countedGradings(input);
      const checkpoints = [...new Set(input.checkpointIDs)];
      const mediaIds = input.mediaTokens.map((m) => m.mediaID.toLowerCase());
      if (new Set(mediaIds).size !== mediaIds.length)
        throw bad('err-invalid-request', 'mediaTokens: a medium is listed twice.');
      // The rest of the reads do not depend on each other: one parallel round.
      const siteId = e?.siteId ?? kids[0]!.site_id;
      const [zone, schemeRows, enabled, media, storedConsideration] = await Promise.all([
        siteTimeZone(db, auth.providerId, siteId),
        schemeItems(
          db,
          auth.providerId,
          type.id,
          counted.map((g) => g.itemID),
        ),
        enabledCheckpoints(db, auth.providerId, checkpoints),
        mediaWithTokens(db, auth.providerId, mediaIds),
        e ? considerationIdOf(db, auth.providerId, e.id) : null,
      ]);
      const raised = zonedDateTime(input.date, input.time, zone ?? undefined);
      return {
        typeId: type.id,
        tc,
        raised,
        date2: null,
        counted,
        mediaIds,
        reads: { schemeRows, enabled, media, storedConsideration },
        kept: null,
        consideration: undefined,
        parts: {
          bestFits: input.bestFits,
          checkpointIDs: checkpoints,
          checkpointNotes: [],
          newConsideration: null,
        },
        columns: {
          codeId: input.codeID,
          ...textColumns(input),
          raised,
          due: raised,
        },
      };
    },
    checkAfter({ auth, flags, stored: e }, checked) {
      const { tc, counted, parts } = checked;
      const { schemeRows, enabled, media, storedConsideration } = checked.reads;
      if (
        flags.anyContactGroupCanAddNotes === true &&
        (input.parentNotes ?? null) !== (e?.parentNotes ?? null) &&
        (input.parentNotes ?? '') !== ''
      )
        throw new AppError(403, 'err-parent-notes-locked', 'parentNotes: parents write these notes.');
      checkTexts(input, flags, tc);
      const allowed = new Set(schemeRows.map((r) => r.item_id));
      if (counted.some((g) => !allowed.has(g.itemID)))
        throw bad('err-grading-not-allowed', formatMessage('grading-not-allowed'));
      if (parts.checkpointIDs.some((id) => !enabled.has(id)))
        throw bad('err-invalid-checkpoint', 'checkpointIDs: not a development checkpoint of the provider.');
      parts.checkpointNotes = checkpointNotesOf(input, enabled);

      const considerations = normaliseConsiderations(
        input.considerations.map((c) => ({ ...c, notes: c.notes ?? null })),
      );
      const restricted = restrictedConsiderationProblem(
        considerations,
        input.statusID,
        auth.permissions.publishConsiderations,
      );
      if (restricted) throw new AppError(403, 'err-restricted-consideration', restricted);
      checkMedia(auth, tc, input, checked.mediaIds, media);
      checkContent(input, counted.length);

      const kept = considerations[0]?.id ?? null;
      if (kept !== null && kept !== storedConsideration) throw notFound('Consideration not found.');
      const c = considerations[0];
      checked.kept = kept;
      checked.consideration = c;
      parts.newConsideration =
        c && kept === null
          ? { status: c.status, notes: c.notes, visibleToParents: c.visibleToParents }
          : null;
    },
    async writeCreated(tx, { auth, now }, checked, created, alongside) {
      const { gradings, links } = partsOf(checked.counted, checked.mediaIds);
      const author = { staffId: auth.staffId, personId: auth.personId };
      const targets = created.map((t) => ({ eventId: t.eventId, childId: t.childId! }));
      await runInserts(tx, [
        ...gradingsInsert(auth.providerId, targets, gradings),
        ...partsInserts(tx, auth.providerId, targets, links),
        ...spotlightInserts(tx, auth.providerId, targets, checked.parts, author, now),
        ...alongside,
      ]);
    },
    async writeUpdated(tx, { auth, now }, checked, saved) {
      // Every Spotlight event is about one child.
      const target = { eventId: saved.eventId, childId: saved.childId! };
      const { gradings, links } = partsOf(checked.counted, checked.mediaIds);
      const author = { staffId: auth.staffId, personId: auth.personId };
      await clearSpotlightParts(tx, auth.providerId, target.eventId, checked.kept);
      const c = checked.consideration;
      if (c && checked.kept !== null) await updateConsideration(tx, auth.providerId, checked.kept, c);
      await runInserts(tx, [
        ...gradingsInsert(auth.providerId, [target], gradings),
        ...partsInserts(tx, auth.providerId, [target], links),
        ...spotlightInserts(tx, auth.providerId, [target], checked.parts, author, now),
      ]);
    },
  };
}
