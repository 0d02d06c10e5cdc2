import { describe, expect, it } from 'vitest';
import { readTarget } from './threadCache';

describe('the read mark of a shown thread', () => {
  const messages = [{ id: 3 }, { id: 5 }, { id: 9 }];
  it("moves to the route's message, or the last loaded one", () => {
    expect(readTarget(messages, 5, null)).toBe(5);
    expect(readTarget(messages, null, null)).toBe(9);
    expect(readTarget(messages, 42, 3)).toBe(9);
  });
  it('never moves back, and needs a message', () => {
    expect(readTarget(messages, 5, 9)).toBeNull();
    expect(readTarget(messages, 9, 9)).toBeNull();
    expect(readTarget([], null, null)).toBeNull();
  });
});
