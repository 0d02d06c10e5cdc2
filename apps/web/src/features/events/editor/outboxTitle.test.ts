import type { SiteChild } from '@nursery/domain/children';
import { describe, expect, it } from 'vitest';
import { outboxTitle } from './outboxTitle';

const child = (id: number, forename: string): SiteChild =>
  ({ id, forename, surname: 'Smith' }) as unknown as SiteChild;
const children = [child(1, 'Ada'), child(2, 'Ben'), child(3, 'Cy'), child(4, 'Di')];

describe('the queued save title', () => {
  it('names the children, then the first words of the notes', () => {
    expect(outboxTitle({ childIDs: [1, 2], notes: '  Built   a tower ' }, children, 'Event')).toBe(
      'Ada Smith, Ben Smith: Built a tower',
    );
  });
  it('names three children and counts the rest, shortening long notes', () => {
    const notes = 'x'.repeat(80);
    expect(outboxTitle({ childIDs: [1, 2, 3, 4], notes }, children, 'Event')).toBe(
      `Ada Smith, Ben Smith, Cy Smith +1: ${'x'.repeat(57)}…`,
    );
  });
  it('falls back when there is neither a known child nor a note', () => {
    expect(outboxTitle({ childIDs: [9], notes: ' ' }, children, 'Event')).toBe('Event');
  });
});
