/**
 * Password, security question and PIN rules (spec 002 §5).
 *
 * Password strength rule (OURS, issue 30): passwordStrength.ts, a zxcvbn-style estimate (7 to 128
 * characters and at least STRONG_BITS of estimated entropy; common passwords, repeats, sequences,
 * years and the user's own name or e-mail count for little).
 * PIN rule (OURS): exactly 4 digits.
 */
import { PIN_PATTERN, SECURITY_QUESTION_MAX } from './limits.ts';
import { passwordStrength } from './passwordStrength.ts';

/** True when the password passes our strength rule (userInputs: the user's name and e-mail). */
export function isStrongPassword(
  password: string,
  userInputs: readonly (string | null | undefined)[] = [],
): boolean {
  return passwordStrength(password, userInputs).strong;
}

export type PasswordProblem =
  | 'new-password-is-invalid'
  | 'new-password-does-not-match-confirmation'
  | 'old-password-is-the-same-as-new-password';

/**
 * Profile password change. Problems in the spec's order: new equals confirmation; new differs
 * from old; new passes the strength rule. Empty list = valid.
 */
export function checkPasswordChange(input: {
  oldPassword: string;
  newPassword: string;
  confirmation: string;
}): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (input.newPassword !== input.confirmation) problems.push('new-password-does-not-match-confirmation');
  if (input.newPassword === input.oldPassword) problems.push('old-password-is-the-same-as-new-password');
  if (!isStrongPassword(input.newPassword)) problems.push('new-password-is-invalid');
  return problems;
}

/**
 * A new password with its confirmation (activation, password reset). Activation words the
 * mismatch 'Passwords do not match' (key 'passwords-do-not-match').
 */
export function checkNewPassword(
  password: string,
  confirmation: string,
  mismatchKey:
    | 'passwords-do-not-match'
    | 'new-password-does-not-match-confirmation' = 'passwords-do-not-match',
  userInputs: readonly (string | null | undefined)[] = [],
): Array<'new-password-is-invalid' | typeof mismatchKey> {
  const problems: Array<'new-password-is-invalid' | typeof mismatchKey> = [];
  if (!isStrongPassword(password, userInputs)) problems.push('new-password-is-invalid');
  if (password !== confirmation) problems.push(mismatchKey);
  return problems;
}

/** The answer is lower-cased and trimmed before hashing. */
export function normaliseSecurityAnswer(answer: string): string {
  return answer.trim().toLowerCase();
}

export function checkSecurityAnswer(answer: string | null | undefined): 'err-invalid-security-answer' | null {
  return normaliseSecurityAnswer(answer ?? '') === '' ? 'err-invalid-security-answer' : null;
}

/** Question required, at most 50 characters. */
export function checkSecurityQuestion(
  question: string | null | undefined,
):
  | { key: 'this-field-is-required' }
  | { key: 'this-field-has-max-length-of'; params: { limit: number } }
  | null {
  const q = (question ?? '').trim();
  if (q === '') return { key: 'this-field-is-required' };
  if (q.length > SECURITY_QUESTION_MAX)
    return { key: 'this-field-has-max-length-of', params: { limit: SECURITY_QUESTION_MAX } };
  return null;
}

export function isValidPin(pin: string | null | undefined): boolean {
  return pin != null && PIN_PATTERN.test(pin);
}

export type PinProblem = 'pin-incorrect' | 'pin-must-be-4-digits' | 'confirmation-pin-not-the-same';

/**
 * PIN change. The old PIN is required only if one is set and must match ('pin-incorrect'; the
 * match is checked where the hash is known, passed as `oldPinMatches`). New must be 4 digits and
 * equal the confirmation ('confirmation-pin-not-the-same').
 */
export function checkPinChange(input: {
  hasPin: boolean;
  oldPin?: string | null;
  oldPinMatches?: boolean;
  newPin: string;
  confirmation: string;
}): PinProblem[] {
  const problems: PinProblem[] = [];
  if (input.hasPin && (!isValidPin(input.oldPin) || input.oldPinMatches === false))
    problems.push('pin-incorrect');
  if (!isValidPin(input.newPin)) problems.push('pin-must-be-4-digits');
  if (input.newPin !== input.confirmation) problems.push('confirmation-pin-not-the-same');
  return problems;
}

/** A 128-character lower-case hex SHA-512 digest, as the client sends passwords. */
export function isSha512Hex(value: string): boolean {
  return /^[0-9a-f]{128}$/.test(value);
}
