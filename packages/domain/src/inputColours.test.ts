import { describe, expect, it } from 'vitest';
import { contrastRatio, INPUT_PLACEHOLDER_ON_COLOUR_HEX, INPUT_TEXT_HEX } from './inputColours.ts';
import { INPUT_COLOURS } from './limits.ts';

describe('input box colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('000000', 'FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('FFFFFF', 'FFFFFF')).toBe(1);
    // Mantine's grey 6, the placeholder on white, is 3.3:1: not enough on a coloured box.
    expect(contrastRatio('868E96', 'B3B3B3')).toBeLessThan(2);
  });

  it.each(INPUT_COLOURS.map((c) => [c.name, c.hex]))(
    'keeps typed text at 7:1 and the placeholder at 4.5:1 on %s',
    (_name, hex) => {
      expect(contrastRatio(INPUT_TEXT_HEX, hex)).toBeGreaterThanOrEqual(7);
      expect(contrastRatio(INPUT_PLACEHOLDER_ON_COLOUR_HEX, hex)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
