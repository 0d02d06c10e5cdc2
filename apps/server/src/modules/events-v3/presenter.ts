// The one place that shapes events v3's included parts (packages/domain/src/schemas/eventsV3.ts).
import type { EventV3Media, EventV3Signature } from '@nursery/domain/events';
import { signatureImagePath } from '@nursery/domain/registers';
import type { MediaRow, SignatureRow } from './queries.ts';

const KINDS: Record<string, EventV3Media['kind']> = { image: 'photo', video: 'video' };

export function mediaView(r: MediaRow): EventV3Media {
  return {
    id: r.id,
    kind: KINDS[r.type] ?? 'other',
    mimeType: r.mimeType,
    mediaToken: r.mediaToken,
    d: new Date(r.updated).toISOString(),
  };
}

export function signatureView(providerId: number, r: SignatureRow): EventV3Signature {
  const id = Number(r.id);
  return {
    id,
    signatureType: r.signatureType,
    personID: r.personId,
    staffID: r.staffId,
    contactID: r.contactId,
    forename: r.forename,
    surname: r.surname,
    created: new Date(r.created).toISOString(),
    imageUrl: signatureImagePath(providerId, id, r.key),
  };
}

/** Rows grouped by their event, in the order read; every asked event has its (maybe empty) list. */
export function byEvent<R extends { eventId: number | string }, V>(
  eventIds: number[],
  rows: R[],
  view: (r: R) => V,
): Map<number, V[]> {
  const out = new Map<number, V[]>(eventIds.map((id) => [id, []]));
  for (const r of rows) out.get(Number(r.eventId))?.push(view(r));
  return out;
}
