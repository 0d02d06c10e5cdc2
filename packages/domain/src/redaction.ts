/**
 * Removing a person's names from free text (GDPR erasure, issue 26). Records kept for statute
 * (accidents, medication) keep their facts but must not name an erased child; other children's
 * records that mention the child lose the name too. Matching is case-insensitive and on whole
 * words, so "Luna", "luna's", "LUNA’S" and "Luna Smith" go but "Lunar" stays.
 */

/** What a removed name is replaced with. */
export const REDACTED_NAME = '[name erased]';

/** Apostrophes people type: ASCII, right single quotation mark, modifier letter apostrophe. */
const APOSTROPHES = "'\u2019\u02bc";
/** Hyphens between the parts of a double-barrelled name. */
const HYPHENS = '\\-\u2010\u2011';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One name as a pattern: any apostrophe matches any apostrophe, any run of spaces or hyphens another. */
function namePattern(name: string): string {
  return name
    .trim()
    .split(new RegExp(`[\\s${HYPHENS}]+`, 'u'))
    .map((word) =>
      [...word].map((ch) => (APOSTROPHES.includes(ch) ? `[${APOSTROPHES}]` : escapeRegExp(ch))).join(''),
    )
    .join(`[\\s${HYPHENS}]+`);
}

/**
 * The names to look for, longest first (so "Luna Smith" is one match, not two): each given name,
 * each part of a multi-part name ("Mary-Jane" gives "Mary" and "Jane" too), and every full name
 * of a forename followed by a surname. Parts shorter than two letters are left out: an initial
 * would remove every "a" in the text.
 */
export function namesToRedact(forenames: readonly string[], surnames: readonly string[]): string[] {
  const parts = (n: string) => n.split(new RegExp(`[\\s${HYPHENS}]+`, 'u')).filter((p) => p.length >= 2);
  const given = [...forenames, ...surnames].map((n) => n.trim()).filter((n) => n.length >= 2);
  const full = forenames.flatMap((f) => surnames.map((s) => `${f.trim()} ${s.trim()}`));
  const all = new Set([...full, ...given, ...given.flatMap(parts)].map((n) => n.normalize('NFC')));
  return [...all].filter((n) => n.trim().length >= 2).sort((a, b) => b.length - a.length);
}

/** A matcher for the names (or null when there is nothing to match). */
export function nameMatcher(names: readonly string[]): RegExp | null {
  const patterns = names.filter((n) => n.trim().length > 0).map(namePattern);
  if (patterns.length === 0) return null;
  // Whole words: no letter, digit or combining mark on either side; a possessive ('s or a lone
  // apostrophe after a final s) is part of the name.
  return new RegExp(
    `(?<![\\p{L}\\p{N}\\p{M}])(?:${patterns.join('|')})(?:[${APOSTROPHES}]s|(?<=s)[${APOSTROPHES}])?(?![\\p{L}\\p{N}\\p{M}])`,
    'giu',
  );
}

/** The text with every whole-word occurrence of the names (and their possessives) replaced. */
export function redactNames(text: string, names: readonly string[]): string {
  const matcher = nameMatcher(names);
  if (!matcher) return text;
  return text.normalize('NFC').replace(matcher, REDACTED_NAME);
}

/** True when the text still names someone of the list (whole words, any case). */
export function mentionsNames(text: string, names: readonly string[]): boolean {
  const matcher = nameMatcher(names);
  return matcher ? matcher.test(text.normalize('NFC')) : false;
}

/** Every string inside a JSON value with the names redacted (keys are kept: they are field names). */
export function redactNamesInJson(value: unknown, names: readonly string[]): unknown {
  if (typeof value === 'string') return redactNames(value, names);
  if (Array.isArray(value)) return value.map((v) => redactNamesInJson(v, names));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactNamesInJson(v, names)]));
  return value;
}
