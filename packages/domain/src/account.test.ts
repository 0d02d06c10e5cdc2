import { describe, expect, it } from 'vitest';
import {
  checkNewPassword,
  checkPasswordChange,
  checkPinChange,
  checkSecurityAnswer,
  checkSecurityQuestion,
  isSha512Hex,
  isStrongPassword,
  isValidPin,
  normaliseSecurityAnswer,
} from './account.ts';
import { sha512Hex } from './sha512.ts';

describe('password strength', () => {
  it('needs at least 7 characters', () => {
    expect(isStrongPassword('abcde1')).toBe(false);
    expect(isStrongPassword('kx7fq2m')).toBe(true);
  });
  it('refuses sequences of letters or digits', () => {
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('12345678')).toBe(false);
    expect(isStrongPassword('Éclair99')).toBe(true);
  });
  it('refuses common passwords, case-insensitively, and over 128 characters', () => {
    expect(isStrongPassword('Password1')).toBe(false);
    expect(isStrongPassword('Tq8#mZ2p'.repeat(16))).toBe(true);
    expect(isStrongPassword(`${'Tq8#mZ2p'.repeat(16)}x`)).toBe(false);
  });
});

describe('checkPasswordChange', () => {
  it('returns the spec keys', () => {
    expect(
      checkPasswordChange({ oldPassword: 'old', newPassword: 'kx7fq2m9', confirmation: 'kx7fq2m9' }),
    ).toEqual([]);
    expect(
      checkPasswordChange({ oldPassword: 'old', newPassword: 'kx7fq2m9', confirmation: 'kx7fq2m8' }),
    ).toEqual(['new-password-does-not-match-confirmation']);
    expect(
      checkPasswordChange({ oldPassword: 'kx7fq2m9', newPassword: 'kx7fq2m9', confirmation: 'kx7fq2m9' }),
    ).toEqual(['old-password-is-the-same-as-new-password']);
    expect(checkPasswordChange({ oldPassword: 'old', newPassword: 'short', confirmation: 'short' })).toEqual([
      'new-password-is-invalid',
    ]);
  });
  it('checkNewPassword for activation uses "passwords-do-not-match"', () => {
    expect(checkNewPassword('kx7fq2m9', 'kx7fq2m')).toEqual(['passwords-do-not-match']);
    expect(checkNewPassword('garden', 'garden')).toEqual(['new-password-is-invalid']);
  });
});

describe('security question', () => {
  it('answer is trimmed and lower-cased; empty is invalid', () => {
    expect(normaliseSecurityAnswer('  Fluffy The Cat ')).toBe('fluffy the cat');
    expect(checkSecurityAnswer('   ')).toBe('err-invalid-security-answer');
    expect(checkSecurityAnswer(null)).toBe('err-invalid-security-answer');
    expect(checkSecurityAnswer('x')).toBeNull();
  });
  it('question required and at most 50 characters', () => {
    expect(checkSecurityQuestion('')).toEqual({ key: 'this-field-is-required' });
    expect(checkSecurityQuestion('q'.repeat(50))).toBeNull();
    expect(checkSecurityQuestion('q'.repeat(51))).toEqual({
      key: 'this-field-has-max-length-of',
      params: { limit: 50 },
    });
  });
});

describe('PIN', () => {
  it('is exactly 4 digits', () => {
    expect(isValidPin('0000')).toBe(true);
    expect(isValidPin('123')).toBe(false);
    expect(isValidPin('12a4')).toBe(false);
    expect(isValidPin('12345')).toBe(false);
  });
  it('old PIN only when one is set; must match', () => {
    expect(checkPinChange({ hasPin: false, newPin: '1234', confirmation: '1234' })).toEqual([]);
    expect(checkPinChange({ hasPin: true, newPin: '1234', confirmation: '1234' })).toEqual(['pin-incorrect']);
    expect(
      checkPinChange({
        hasPin: true,
        oldPin: '1111',
        oldPinMatches: false,
        newPin: '1234',
        confirmation: '1234',
      }),
    ).toEqual(['pin-incorrect']);
    expect(
      checkPinChange({
        hasPin: true,
        oldPin: '1111',
        oldPinMatches: true,
        newPin: '1234',
        confirmation: '1234',
      }),
    ).toEqual([]);
  });
  it('new and confirmation must match', () => {
    expect(checkPinChange({ hasPin: false, newPin: '1234', confirmation: '4321' })).toEqual([
      'confirmation-pin-not-the-same',
    ]);
    expect(checkPinChange({ hasPin: false, newPin: '12', confirmation: '12' })).toEqual([
      'pin-must-be-4-digits',
    ]);
  });
});

describe('hashing', () => {
  it('sha512Hex gives the known digest', async () => {
    const hex = await sha512Hex('abc');
    expect(hex).toBe(
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    );
    expect(isSha512Hex(hex)).toBe(true);
    expect(isSha512Hex(hex.toUpperCase())).toBe(false);
    expect(isSha512Hex(hex.slice(1))).toBe(false);
  });
});
