// The rules of the profile's secret changes (issue 30, docs/decisions.md "Issue 30: password, question
// and logout"): what the server can check of values it only sees hashed.
import { sha512Hex } from '../auth/index.ts';

/** The SHA-512 hex of an empty answer: what the web would send for a blank (trimmed) answer. */
const EMPTY_ANSWER = sha512Hex('');

/**
 * The server sees the answer only hashed, after the web trimmed and lower-cased it: the one empty
 * answer it can still recognise is the hash of ''. 'err-invalid-security-answer' then, as on the web.
 */
export const isEmptyAnswer = (answerHash: string): boolean => answerHash.toLowerCase() === EMPTY_ANSWER;

/**
 * The new password the same as the old one: compared as the SHA-512 hex both arrive in (equal texts,
 * equal hashes). The strength rule needs the text, which only the web sees: it checks it before hashing.
 */
export const sameAsOld = (oldHash: string, newHash: string): boolean =>
  oldHash.toLowerCase() === newHash.toLowerCase();
