/**
 * Readable text in coloured input boxes (issue 30: the input box colours of spec 002 §9 are light; the
 * text in the boxes stays dark). WCAG 2 relative luminance and contrast ratio, so a test can prove every
 * colour keeps the typed text at AAA (7:1) and the placeholder at AA (4.5:1).
 */

/** The typed text's colour in every input box (Mantine's light-scheme text, black). */
export const INPUT_TEXT_HEX = '000000';
/** The placeholder's colour on a chosen colour: Mantine's grey 8 (its grey 6 is too faint on Grey). */
export const INPUT_PLACEHOLDER_ON_COLOUR_HEX = '343A40';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a colour written as six hex digits (no '#'). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => channel(Number.parseInt(hex.slice(i, i + 2), 16)));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}
