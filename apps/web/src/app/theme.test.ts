import { DEFAULT_THEME, type MantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Resolves `var(--mantine-color-red-9)` or a literal #rrggbb against Mantine's palette. */
function resolve(value: string): string {
  const match = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
  if (!match) return value;
  return DEFAULT_THEME.colors[match[1]!]![Number(match[2])]!;
}

describe('theme colour overrides', () => {
  const light: Record<string, string> = cssVariablesResolver(DEFAULT_THEME as MantineTheme).light;

  it.each(['red', 'blue', 'orange'])(
    'a %s button carries white text at 4.5:1 or better, resting and hovered',
    (colour) => {
      const shade7 = DEFAULT_THEME.colors[colour]![7]!;
      // Mantine's own filled shade fails: the reason for the override. autoContrast judges shade 7
      // and keeps white text only while its luminance is under the threshold.
      expect(contrast(shade7, '#ffffff')).toBeLessThan(4.5);
      expect(luminance(shade7)).toBeLessThan(theme.luminanceThreshold ?? DEFAULT_THEME.luminanceThreshold);
      for (const name of [`--mantine-color-${colour}-filled`, `--mantine-color-${colour}-filled-hover`]) {
        expect(contrast(resolve(light[name]!), '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('dimmed and error text reach 4.5:1 on white', () => {
    for (const name of ['--mantine-color-dimmed', '--mantine-color-error']) {
      expect(contrast(resolve(light[name]!), '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
