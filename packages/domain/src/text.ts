/**
 * Text the server stores (issue 11): no control characters except tab, line feed and carriage
 * return. Refused: the C0 controls (U+0000-U+001F but \t \n \r), DEL (U+007F) and the C1 controls
 * (U+0080-U+009F), which nobody types and which break exports and PostgreSQL (U+0000 is an error);
 * and lone UTF-16 surrogates, which cannot be written as UTF-8 (the database drivers would turn
 * them silently into U+FFFD). The web strips them before a save is queued, so a draft holding one
 * can never be stuck in the outbox.
 */

/** A character SafeText refuses (a control other than \t \n \r, DEL or a C1 control). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** True when the text holds no refused character (see above). */
export function isSafeText(text: string): boolean {
  return !CONTROL.test(text) && !LONE_SURROGATE.test(text);
}

/** The text without the characters SafeText refuses; tabs, line breaks and emoji are kept. */
export function stripControlCharacters(text: string): string {
  return isSafeText(text) ? text : text.replace(CONTROLS, '').replace(LONE_SURROGATES, '');
}
