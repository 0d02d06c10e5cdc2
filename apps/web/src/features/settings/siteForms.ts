// What the Sites pages share: the words of a refusal (a field's problem under that field, anything else
// in a notice) and the checks made before sending (the server makes them again).
import { ApiError } from '../../lib/api';
import i18n from '../../lib/i18n';
import { sitesStrings } from './sitesStrings';

/** A name's problem as the server would answer it: required, at most `max` characters once trimmed. */
export function nameProblem(name: string, max: number): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return i18n.t('this-field-is-required');
  if (trimmed.length > max) return i18n.t('this-field-has-max-length-of', { limit: String(max) });
  return null;
}

/** A text's problem: at most `max` characters once trimmed. */
export function lengthProblem(text: string, max: number): string | null {
  return text.trim().length > max ? i18n.t('this-field-has-max-length-of', { limit: String(max) }) : null;
}

const isSitesKey = (key: string): key is keyof typeof sitesStrings => key in sitesStrings;

/** The refusal's words: a known code's, a validation message's key, or the server's message. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError) {
    if (isSitesKey(error.code)) return i18n.t(error.code);
    // A validation refusal names its field: "capacity: room-capacity-range".
    const key = error.message.split(': ').at(-1) ?? '';
    if (isSitesKey(key)) return i18n.t(key);
    if (key === 'this-field-is-required') return i18n.t(key);
  }
  return i18n.t('sites-error', { message: error instanceof Error ? error.message : String(error) });
}

/** The field a refusal is about: `err.field`, or the path of a validation refusal ("name: ..."). */
function refusedField(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (typeof error.details.field === 'string') return error.details.field;
  const m = /^([a-zA-Z]+)(\.\d+)?: /.exec(error.message);
  return error.code === 'err-invalid-request' && m ? m[1]! : null;
}

/**
 * A save's refusal split for the form: `field(name)` is the text under that field, `general` the
 * notice for a refusal about no field shown (null when there is none).
 */
export function refusal(error: unknown, shownFields: readonly string[]) {
  const field = error ? refusedField(error) : null;
  const text = error ? refusalText(error) : null;
  const underField = field !== null && shownFields.includes(field);
  return {
    field: (name: string) => (underField && field === name ? text : null),
    general: error && !underField ? text : null,
  };
}
