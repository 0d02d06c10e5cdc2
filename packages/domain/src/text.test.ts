import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeText, stripControlCharacters } from './text.ts';

/** Any UTF-16 code unit: controls, C1, lone surrogates and the rest, with ASCII and controls often. */
const codeUnit = fc.oneof(
  fc.integer({ min: 0, max: 0xa0 }).map((n) => String.fromCharCode(n)),
  fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)),
);

describe('stripControlCharacters', () => {
  it('removes U+0000, the other C0 controls but tab and line breaks, DEL and C1 controls', () => {
    expect(stripControlCharacters('a\u0000b')).toBe('ab');
    expect(stripControlCharacters('\u001b[31mred\u001b[0m')).toBe('[31mred[0m');
    expect(stripControlCharacters('x\u007f\u0085\u009fy')).toBe('xy');
    expect(stripControlCharacters('\u0001\u0008\u000b\u000c\u001f')).toBe('');
  });

  it('keeps tab, newline, carriage return, accents, emoji and the same string when nothing is refused', () => {
    const text = 'Line one\r\nLine two\n\tcafé \u{1F600} \u00a0';
    expect(stripControlCharacters(text)).toBe(text);
  });

  it('removes lone surrogates (half an emoji) and keeps pairs', () => {
    expect(stripControlCharacters('a\ud83d')).toBe('a');
    expect(stripControlCharacters('\ude00b')).toBe('b');
    expect(stripControlCharacters('\ud83d\ude00')).toBe('\u{1F600}');
  });

  it('always answers safe text, and leaves safe text alone', () => {
    fc.assert(
      fc.property(fc.string({ unit: codeUnit }), (s) => {
        const out = stripControlCharacters(s);
        expect(isSafeText(out)).toBe(true);
        if (isSafeText(s)) expect(out).toBe(s);
      }),
      { seed: 11, numRuns: 500 },
    );
  });
});
