/**
 * Branded ids: a ChildID cannot be passed where a StaffID is expected. The schemas accept
 * positive integers up to 2^31-1 (PostgreSQL's integer, schemas/primitives.ts); `parseIDParam` reads
 * route and query parameters.
 */
import type { z } from 'zod';
import { Id } from './schemas/primitives.ts';

const positiveInt = () => Id;

export const ChildID = positiveInt().brand<'ChildID'>();
export type ChildID = z.infer<typeof ChildID>;
export const EventID = positiveInt().brand<'EventID'>();
export type EventID = z.infer<typeof EventID>;
export const StaffID = positiveInt().brand<'StaffID'>();
export type StaffID = z.infer<typeof StaffID>;
export const SiteID = positiveInt().brand<'SiteID'>();
export type SiteID = z.infer<typeof SiteID>;
export const PersonID = positiveInt().brand<'PersonID'>();
export type PersonID = z.infer<typeof PersonID>;
export const ProviderID = positiveInt().brand<'ProviderID'>();
export type ProviderID = z.infer<typeof ProviderID>;

type IDSchema =
  | typeof ChildID
  | typeof EventID
  | typeof StaffID
  | typeof SiteID
  | typeof PersonID
  | typeof ProviderID;

/** The branded id, or a thrown RangeError when the number is not an integer from 1 to 2^31-1. */
function make<S extends IDSchema>(schema: S, name: string) {
  return (value: number): z.infer<S> => {
    const result = schema.safeParse(value);
    if (!result.success) throw new RangeError(`Invalid ${name}: ${value}`);
    return result.data as z.infer<S>;
  };
}

export const asChildID = make(ChildID, 'ChildID');
export const asEventID = make(EventID, 'EventID');
export const asStaffID = make(StaffID, 'StaffID');
export const asSiteID = make(SiteID, 'SiteID');
export const asPersonID = make(PersonID, 'PersonID');
export const asProviderID = make(ProviderID, 'ProviderID');

/**
 * A positive-integer id from a route/query string ('12'), or null ('add', '0', '1.5', '', undefined,
 * '2147483648').
 */
export function parseIDParam<S extends IDSchema>(
  schema: S,
  raw: string | null | undefined,
): z.infer<S> | null {
  if (raw == null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const result = schema.safeParse(Number(raw));
  return result.success ? (result.data as z.infer<S>) : null;
}

/** A comma-separated id list from a route ('1,2,3' in #/edit/{id1,id2,...}); null if any part is invalid. */
export function parseIDListParam<S extends IDSchema>(
  schema: S,
  raw: string | null | undefined,
): z.infer<S>[] | null {
  if (raw == null || raw === '') return null;
  const ids = raw.split(',').map((part) => parseIDParam(schema, part.trim()));
  return ids.every((id) => id !== null) ? (ids as z.infer<S>[]) : null;
}
