// The rules of the anonymous account calls (issue 30, docs/decisions.md "Issue 30"): which accounts a
// code or a reset may touch, and the guessing limit on security answers.
import { codeUsable } from '@nursery/domain/account';
import type { InvitedAccount, ResettableAccount } from './queries.ts';

/** An invitation is usable once, before it expires, for an account that is not disabled. */
export const invitationUsable = (account: InvitedAccount | undefined, now: Date): account is InvitedAccount =>
  account !== undefined &&
  account.activatedAt === null &&
  !account.disabled &&
  codeUsable(account.activationExpiresAt, now);

/** The reset by question needs an activated account with both a question and its answer's hash. */
export const hasSecurityQuestion = (
  account: ResettableAccount | undefined,
): account is ResettableAccount & { securityQuestion: string; securityAnswerHash: string } =>
  account !== undefined &&
  !account.disabled &&
  account.passwordHash !== null &&
  !!account.securityQuestion &&
  !!account.securityAnswerHash;

/** A reset link is sent only to an activated account that is not disabled (others get the same 204). */
export const mayGetResetLink = (account: ResettableAccount | undefined): account is ResettableAccount =>
  account !== undefined && !account.disabled && account.passwordHash !== null;

/** The least time a reset-link request takes, whether an e-mail was queued or not (no timing tell). */
export const RESET_LINK_ANSWER_MS = 250;
