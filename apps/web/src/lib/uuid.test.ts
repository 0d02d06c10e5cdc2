import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUuid } from './uuid';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a v4 UUID, and different each time', () => {
    const a = randomUuid();
    expect(a).toMatch(V4);
    expect(randomUuid()).not.toBe(a);
  });

  it('is still a v4 UUID without crypto.randomUUID (a tablet on plain http)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (b: Uint8Array) => real.getRandomValues(b) });
    expect(randomUuid()).toMatch(V4);
  });
});
