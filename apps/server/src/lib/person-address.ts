// A person's postal address as the server reads and answers it: the five lines and the postcode of
// `people`, under the API's names (packages/domain schemas/personFields.ts addressFields is the answer).
import { people } from '../db/schema/index.ts';

/** The address columns of `people`, to spread into a Drizzle select. */
export const ADDRESS_COLUMNS = {
  address1: people.address1,
  address2: people.address2,
  address3: people.address3,
  address4: people.address4,
  address5: people.address5,
  postCode: people.postCode,
};

export type Address = { [K in keyof typeof ADDRESS_COLUMNS]: string | null };

/** The address of a row (or a form's values) that carries one: those six fields only, in this order. */
export const addressOf = (row: Address): Address => ({
  address1: row.address1,
  address2: row.address2,
  address3: row.address3,
  address4: row.address4,
  address5: row.address5,
  postCode: row.postCode,
});

/**
 * The person's details a change request may change (spec 002 §3 Change request: telmob, telwork, telhome,
 * address1 to address5, postcode, biography), by the request's field name: postcode is `post_code`.
 * Read and written by the requests' approval and by one's own profile details.
 */
export const PERSON_DETAILS = {
  telmob: people.telmob,
  telwork: people.telwork,
  telhome: people.telhome,
  address1: people.address1,
  address2: people.address2,
  address3: people.address3,
  address4: people.address4,
  address5: people.address5,
  postcode: people.postCode,
  biography: people.biography,
};
