// The anonymous account forms' rules (spec 002 §5 "Activation", "Password reset"): the domain's
// strength rule and confirmation check, the question's limit; submit stays disabled until all pass.
import {
  checkNewPassword,
  checkSecurityAnswer,
  checkSecurityQuestion,
  normaliseSecurityAnswer,
  passwordStrength,
} from '@nursery/domain/account';
import { sha512Hex } from '@nursery/domain/common';
import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../lib/api';

export interface NewPasswordState {
  password: string;
  confirmation: string;
}

/** The messages under the two password fields (only once something is typed), and whether both pass. */
export function newPasswordProblems(
  state: NewPasswordState,
  userInputs: readonly string[],
  mismatchKey: 'passwords-do-not-match' | 'new-password-does-not-match-confirmation',
) {
  const problems = checkNewPassword(state.password, state.confirmation, mismatchKey, userInputs);
  const weak = problems.includes('new-password-is-invalid');
  const mismatch = problems.includes(mismatchKey);
  return {
    valid: problems.length === 0,
    password: weak && state.password !== '' ? ('new-password-is-invalid' as const) : undefined,
    confirmation: mismatch && state.confirmation !== '' ? mismatchKey : undefined,
    strength: passwordStrength(state.password, userInputs),
  };
}

/** Question required and ≤ 50, answer required (after trimming). */
export const securityQuestionValid = (question: string, answer: string): boolean =>
  checkSecurityQuestion(question) === null && checkSecurityAnswer(answer) === null;

/** What the server receives for a security answer: the SHA-512 hex of its trimmed, lower-cased text. */
export const hashedAnswer = (answer: string) => sha512Hex(normaliseSecurityAnswer(answer));

/** The general error box's text for a failed call (field errors are placed by the screens). */
export function accountErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError) return t('account-offline');
  if (!(error instanceof ApiError)) return t('account-unexpected-error');
  if (error.status === 429)
    return t('account-too-many', { count: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)) });
  switch (error.code) {
    case 'err-invalid-activation-code':
    case 'err-invalid-reset-code':
    case 'err-no-security-question':
    case 'err-secret-answer-wrong':
    case 'new-password-does-not-match-confirmation':
    // The profile's password and security question (issue 30).
    case 'err-current-password-incorrect':
    case 'old-password-is-the-same-as-new-password':
    case 'err-invalid-security-answer':
      return t(error.code);
    default:
      return t('account-unexpected-error');
  }
}

/** The error code of a failed call, when the server gave one. */
export const errorCode = (error: unknown): string | null => (error instanceof ApiError ? error.code : null);
