// SQL of events v3's included parts (issue 31): the media and the signatures of a set of events, one
// statement each whatever the number of events (never a query per event). The caller has checked
// that the user may see every one of the events (events/ eventDetailsByIds: THE visibility rule).
import { type SQL, sql } from 'drizzle-orm';
import type { Exec } from '../events/index.ts';

/** A medium attached to an event (raw: a bigint may come back as text, a timestamp as text). */
export type MediaRow = {
  eventId: number | string;
  id: string;
  type: string;
  mimeType: string;
  mediaToken: string;
  updated: Date | string;
};

/** The events' media in each event's order (event_media's primary key, then media's). */
export async function mediaRows(db: Exec, providerId: number, eventIds: number[]): Promise<MediaRow[]> {
  return (await db.execute<MediaRow>(mediaRowsSql(providerId, eventIds))).rows;
}

/** The statement of mediaRows (the bench times it). */
export function mediaRowsSql(providerId: number, eventIds: number[]): SQL {
  return sql`
    select em.event_id as "eventId", m.id::text as id, m.type, m.mime_type as "mimeType",
           m.media_token as "mediaToken", m.updated_at as updated
    from event_media em
    join media m on m.provider_id = em.provider_id and m.id = em.media_id
    where em.provider_id = ${providerId} and em.event_id = any(${sql.param(eventIds)}::bigint[])
    order by em.event_id, em.sort_order, em.media_id`;
}

/** A signature on an event with its signer's name. */
export type SignatureRow = {
  eventId: number | string;
  id: number | string;
  signatureType: string;
  personId: number;
  staffId: number | null;
  contactId: number | null;
  forename: string;
  surname: string;
  created: Date | string;
  key: string;
};

/** The events' signatures, oldest first (event_signatures_type_key leads with provider and event). */
export async function signatureRows(
  db: Exec,
  providerId: number,
  eventIds: number[],
): Promise<SignatureRow[]> {
  return (await db.execute<SignatureRow>(signatureRowsSql(providerId, eventIds))).rows;
}

/** The statement of signatureRows (the bench times it). */
export function signatureRowsSql(providerId: number, eventIds: number[]): SQL {
  return sql`
    select s.event_id as "eventId", s.id, s.signature_type as "signatureType", s.person_id as "personId",
           s.staff_id as "staffId", s.contact_id as "contactId", p.forename, p.surname,
           s.created_at as created, s.key
    from event_signatures s
    join people p on p.provider_id = s.provider_id and p.id = s.person_id
    where s.provider_id = ${providerId} and s.event_id = any(${sql.param(eventIds)}::bigint[])
    order by s.event_id, s.created_at, s.id`;
}
