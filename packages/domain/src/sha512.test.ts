import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha512Bytes, sha512Hex } from './sha512.ts';

const reference = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('sha512', () => {
  // Lengths around the 112-byte padding boundary, multi-block input and non-ASCII text.
  it.each(['', 'abc', 'nursery-demo', 'x'.repeat(111), 'y'.repeat(112), 'z'.repeat(300), 'héllo £ 👶'])(
    'the fallback matches Node crypto for %j',
    (text) => {
      expect(hex(sha512Bytes(new TextEncoder().encode(text)))).toBe(reference(text));
    },
  );

  it('answers lowercase hex of 128 characters', async () => {
    const digest = await sha512Hex('nursery-demo');
    expect(digest).toMatch(/^[0-9a-f]{128}$/);
    expect(digest).toBe(reference('nursery-demo'));
  });
});
