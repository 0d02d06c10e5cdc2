import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHILD_PICKER_MAX } from '../limits.ts';
import { EventSavePayload } from './eventSave.ts';

const base = { uuid: randomUUID(), raised: '2026-11-20T10:00:00.000Z', statusID: 1, typeID: 1, codeID: 2 };

describe('EventSavePayload', () => {
  it('fills the defaults of a minimal save', () => {
    const p = EventSavePayload.parse({ ...base, subjects: [4] });
    expect(p).toMatchObject({
      subjects: [4],
      values: [],
      nextSteps: [],
      mediaIDs: [],
      meals: [],
      learningStyles: 0,
      tagged: false,
    });
  });
  it('refuses a bad uuid, an unknown status, too many children and a long portion amount', () => {
    expect(EventSavePayload.safeParse({ ...base, uuid: 'x' }).success).toBe(false);
    expect(EventSavePayload.safeParse({ ...base, statusID: 2 }).success).toBe(false);
    const many = Array.from({ length: CHILD_PICKER_MAX + 1 }, (_, i) => i + 1);
    expect(EventSavePayload.safeParse({ ...base, subjects: many }).success).toBe(false);
    expect(
      EventSavePayload.safeParse({ ...base, meals: [{ mealID: 1, portionAmount: 'x'.repeat(101) }] }).success,
    ).toBe(false);
    expect(
      EventSavePayload.safeParse({ ...base, meals: [{ mealID: 1, portionAmount: 'x'.repeat(100) }] }).success,
    ).toBe(true);
  });
  it('accepts gradings and next steps, and refuses a grade outside 0-2', () => {
    const values = [{ itemID: '/-29/1/', ageRangeID: 3, value: 1, notes: null }];
    const nextSteps = [{ notes: 'Next', links: ['/-29/1/'], completed: false }];
    expect(EventSavePayload.parse({ ...base, values, nextSteps }).values).toEqual(values);
    expect(EventSavePayload.safeParse({ ...base, values: [{ itemID: '/a/', value: 3 }] }).success).toBe(
      false,
    );
    expect(EventSavePayload.safeParse({ ...base, raised: 'yesterday' }).success).toBe(false);
  });
});
