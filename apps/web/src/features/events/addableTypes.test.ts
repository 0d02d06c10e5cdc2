import { describe, expect, it } from 'vitest';
import { medicationRecordPath } from './addableTypes';

describe('medicationRecordPath', () => {
  it('sends a new medication record to the drawer form', () => {
    expect(medicationRecordPath('medication', null)).toBe('/events/new/medication');
  });
  it('sends a stored medication event to its drawer', () => {
    expect(medicationRecordPath('medication', 42)).toBe('/events/42');
  });
  it('leaves every other type in the add/edit screen', () => {
    expect(medicationRecordPath('observation', null)).toBeNull();
    expect(medicationRecordPath('accident', 42)).toBeNull();
    expect(medicationRecordPath(undefined, null)).toBeNull();
  });
});
