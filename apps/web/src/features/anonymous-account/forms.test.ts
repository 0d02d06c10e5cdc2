import { sha512Hex } from '@nursery/domain/common';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { accountErrorMessage, hashedAnswer, newPasswordProblems, securityQuestionValid } from './forms';

const t = ((key: string, opts?: { count?: number }) => (opts?.count ? `${key}:${opts.count}` : key)) as never;

describe('the anonymous account forms', () => {
  it('shows the strength and mismatch messages only once typed, and is valid only when both pass', () => {
    expect(
      newPasswordProblems({ password: '', confirmation: '' }, [], 'passwords-do-not-match'),
    ).toMatchObject({
      valid: false,
      password: undefined,
      confirmation: undefined,
    });
    expect(
      newPasswordProblems({ password: 'Password1', confirmation: 'x' }, [], 'passwords-do-not-match'),
    ).toMatchObject({
      valid: false,
      password: 'new-password-is-invalid',
      confirmation: 'passwords-do-not-match',
    });
    expect(
      newPasswordProblems(
        { password: 'Blue kite 47 river', confirmation: 'Blue kite 47 river' },
        [],
        'passwords-do-not-match',
      ),
    ).toMatchObject({ valid: true, password: undefined, confirmation: undefined });
    // The user's own e-mail makes a password weak.
    expect(
      newPasswordProblems(
        { password: 'ola.newstart1', confirmation: 'ola.newstart1' },
        ['ola.newstart@example.org'],
        'passwords-do-not-match',
      ).valid,
    ).toBe(false);
  });

  it('needs a question of at most 50 characters and an answer', () => {
    expect(securityQuestionValid('First pet', 'Rex')).toBe(true);
    expect(securityQuestionValid('', 'Rex')).toBe(false);
    expect(securityQuestionValid('q'.repeat(51), 'Rex')).toBe(false);
    expect(securityQuestionValid('First pet', '   ')).toBe(false);
  });

  it('hashes the trimmed, lower-cased answer', async () => {
    expect(await hashedAnswer('  Station Road ')).toBe(await sha512Hex('station road'));
  });

  it('words the errors: the spec keys, the wait of a 429, else a general message', () => {
    expect(accountErrorMessage(new ApiError(400, 'err-secret-answer-wrong', 'x'), t)).toBe(
      'err-secret-answer-wrong',
    );
    expect(accountErrorMessage(new ApiError(429, 'err-too-many-attempts', 'x', 600), t)).toBe(
      'account-too-many:10',
    );
    expect(accountErrorMessage(new ApiError(500, 'err-other', 'x'), t)).toBe('account-unexpected-error');
  });
});
