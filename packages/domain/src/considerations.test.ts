import { describe, expect, it } from 'vitest';
import {
  canAddConsideration,
  canShareWithParents,
  hasRestrictedConsiderations,
  isRestrictedConsideration,
  withConsiderationStatus,
} from './considerations.ts';

describe('considerations', () => {
  it('Intervention and Staff Support are restricted', () => {
    expect(isRestrictedConsideration('Intervention')).toBe(true);
    expect(isRestrictedConsideration('StaffSupport')).toBe(true);
    expect(isRestrictedConsideration('Staff Support')).toBe(true);
    expect(isRestrictedConsideration('Concern')).toBe(false);
    expect(isRestrictedConsideration(null)).toBe(false);
    expect(hasRestrictedConsiderations([{ status: 'Concern' }, { status: 'Intervention' }])).toBe(true);
  });
  it('share-to-parents only for Intervention; other statuses clear it', () => {
    expect(canShareWithParents('Intervention')).toBe(true);
    expect(canShareWithParents('StaffSupport')).toBe(false);
    const c = { status: 'Intervention', visibleToParents: true };
    expect(withConsiderationStatus(c, 'StaffSupport')).toEqual({
      status: 'StaffSupport',
      visibleToParents: false,
    });
    expect(withConsiderationStatus(c, 'Intervention').visibleToParents).toBe(true);
  });
  it('only one consideration', () => {
    expect(canAddConsideration(0)).toBe(true);
    expect(canAddConsideration(1)).toBe(false);
  });
});
