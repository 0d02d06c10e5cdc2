/**
 * Between the server's shapes and the form: a stored event as a form (spotlightEvent), and the form as
 * the updateEvent input (docs/api.md "Spotlight editor"). Only gradings that count are sent; fields a
 * type does not have are sent empty (the server refuses them otherwise).
 */
import { gradingCounts } from '@nursery/domain/frameworks';
import type { SpotlightEvent, UpdateEventInput } from '@nursery/domain/spotlight';
import { sliceFromAnswer, typedFieldsToInput } from '../events';
import { emptyTexts, type FormGrading, type SpotlightForm, spotlightTextFields } from './spotlightForm';

const asValue = (v: number | null): 0 | 1 | null => (v === 0 || v === 1 ? v : null);

export function formFromEvent(e: SpotlightEvent, uuid: string): SpotlightForm {
  const gradings: FormGrading[] = e.gradings.map((g) => ({
    itemID: g.itemID,
    value: asValue(g.value),
    ageRangeID: g.ageRangeID,
    notes: g.notes ?? '',
  }));
  const c = e.considerations[0];
  return {
    uuid,
    typeID: e.typeID,
    tag: e.type,
    codeID: e.code.id,
    childIDs: [...e.childIDs],
    date: e.date,
    time: e.time,
    ...sliceFromAnswer(emptyTexts(), e),
    mediaIDs: e.media.map((m) => m.id),
    media: e.media.map((m) => ({
      id: m.id,
      type: m.type,
      token: m.mediaToken,
      url: m.url,
      thumbnailUrl: m.thumbnailUrl,
    })),
    uploading: [],
    gradings,
    bestFits: e.bestFits.map((b) => ({ itemID: b.itemID, ageRangeID: b.ageRangeID })),
    checkpointIDs: [...e.checkpointIDs],
    checkpointNotes: e.checkpointNotes.map((n) => ({ checkpointID: n.checkpointID, note: n.note })),
    consideration: c
      ? {
          id: c.id ?? undefined,
          status: c.status,
          notes: c.notes ?? '',
          visibleToParents: c.visibleToParents,
        }
      : null,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text);

export function toUpdateInput(
  form: SpotlightForm,
  opts: { event: Pick<SpotlightEvent, 'id' | 'version'> | null; statusID: number },
): UpdateEventInput {
  const story = form.tag === 'learningStory';
  const c = form.consideration;
  return {
    id: opts.event?.id ?? null,
    version: opts.event?.version ?? null,
    uuid: opts.event ? null : form.uuid,
    type: form.tag,
    codeID: form.codeID ?? 0,
    childIDs: form.childIDs,
    date: form.date,
    time: form.time,
    ...typedFieldsToInput(spotlightTextFields, form, form.tag),
    gradings: form.gradings.filter(gradingCounts).map((g) => ({
      itemID: g.itemID,
      value: g.value,
      ageRangeID: g.ageRangeID,
      notes: orNull(g.notes),
    })),
    bestFits: story ? form.bestFits.map((b) => ({ itemID: b.itemID, ageRangeID: b.ageRangeID })) : [],
    checkpointIDs: story ? form.checkpointIDs : [],
    // A note only for a checkpoint still chosen, and not a blank one.
    checkpointNotes: story
      ? form.checkpointNotes
          .filter((n) => form.checkpointIDs.includes(n.checkpointID) && n.note.trim() !== '')
          .map((n) => ({ checkpointID: n.checkpointID, note: n.note }))
      : [],
    considerations: c
      ? [
          {
            id: c.id ?? null,
            status: c.status as UpdateEventInput['considerations'][number]['status'],
            notes: orNull(c.notes),
            visibleToParents: c.visibleToParents,
          },
        ]
      : [],
    mediaTokens: form.media
      .filter((m): m is typeof m & { token: string } => m.token !== null)
      .map((m) => ({ mediaID: m.id, token: m.token })),
    statusID: opts.statusID,
  };
}
