import { describe, expect, it } from 'vitest';
import { asChildID, asSiteID, ChildID, EventID, parseIDListParam, parseIDParam, StaffID } from './ids.ts';

describe('branded ids', () => {
  it('accept positive integers only', () => {
    expect(asChildID(12)).toBe(12);
    expect(() => asChildID(0)).toThrow('Invalid ChildID: 0');
    expect(() => asSiteID(1.5)).toThrow(RangeError);
    expect(ChildID.safeParse(-1).success).toBe(false);
  });
  it('stay within PostgreSQL integer: 2^31-1 is an id, 2^31 is not', () => {
    expect(asChildID(2 ** 31 - 1)).toBe(2147483647);
    expect(() => asChildID(2 ** 31)).toThrow(RangeError);
    expect(EventID.safeParse(2 ** 53).success).toBe(false);
    expect(parseIDParam(EventID, '2147483647')).toBe(2147483647);
    expect(parseIDParam(EventID, '2147483648')).toBeNull();
    expect(parseIDParam(EventID, '99999999999999999999')).toBeNull();
    expect(parseIDListParam(ChildID, '1,2147483648')).toBeNull();
  });
  it('parse route parameters', () => {
    expect(parseIDParam(EventID, '42')).toBe(42);
    expect(parseIDParam(EventID, 'add')).toBeNull();
    expect(parseIDParam(EventID, '0')).toBeNull();
    expect(parseIDParam(EventID, '012')).toBeNull();
    expect(parseIDParam(EventID, '1.5')).toBeNull();
    expect(parseIDParam(StaffID, undefined)).toBeNull();
  });
  it('parse id lists', () => {
    expect(parseIDListParam(EventID, '1,2, 3')).toEqual([1, 2, 3]);
    expect(parseIDListParam(EventID, '1,x')).toBeNull();
    expect(parseIDListParam(EventID, '')).toBeNull();
  });
  it('brands are distinct at compile time', () => {
    const child = asChildID(1);
    // @ts-expect-error a ChildID is not a StaffID
    const staff: StaffID = child;
    expect(staff).toBe(1);
  });
});
