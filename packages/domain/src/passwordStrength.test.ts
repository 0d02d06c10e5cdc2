import { describe, expect, it } from 'vitest';
import {
  COMMON_WORDS,
  passwordBits,
  passwordStrength,
  personalWords,
  STRONG_BITS,
} from './passwordStrength.ts';

const strong = (p: string, inputs: string[] = []) => passwordStrength(p, inputs).strong;

describe('password strength (zxcvbn-style estimate)', () => {
  it('needs 7 to 128 characters', () => {
    expect(strong('kx7fq2')).toBe(false);
    expect(strong('kx7fq2m')).toBe(true);
    const varied = 'Tq8#mZ2p'.repeat(16);
    expect(strong(varied)).toBe(true);
    expect(strong(`${varied}x`)).toBe(false);
  });

  it('refuses common passwords and their stems, whatever the case or letter swaps', () => {
    for (const p of [
      'password',
      'Password1',
      'P@ssw0rd!',
      'qwerty123',
      'Liverpool1',
      'monkey12',
      'iloveyou',
    ]) {
      expect(strong(p), p).toBe(false);
    }
    expect(COMMON_WORDS.length).toBeGreaterThan(200);
  });

  it('counts repeats, sequences, keyboard rows and years for little', () => {
    for (const p of [
      'aaaaaaaa',
      'abcdefgh',
      '12345678',
      '98765432',
      'qwertyui',
      'asdfghjk',
      'zzzz1111',
      'Sunshine2024!',
      'garden42',
    ]) {
      expect(strong(p), p).toBe(false);
    }
    expect(passwordBits('abcdefgh')).toBeLessThan(passwordBits('kxqfzmwb'));
  });

  it("refuses a password made of the user's own name or e-mail", () => {
    const inputs = ['Priya', 'Shah', 'priya.shah@sunflower.example'];
    expect(personalWords(inputs)).toEqual(expect.arrayContaining(['priya', 'shah', 'priya.shah']));
    expect(strong('PriyaShah7', inputs)).toBe(false);
    expect(strong('PriyaShah7')).toBe(true);
  });

  it('passes random-looking and long passphrase passwords', () => {
    for (const p of ['kx7fq2m', 'Éclair99', 'Garden42!x', 'correct horse battery staple', 'Tq8#mZ2p']) {
      expect(strong(p), p).toBe(true);
    }
  });

  it('gives the meter a score: 0-1 refused, 2-4 accepted', () => {
    expect(passwordStrength('aaaaaaa').score).toBe(0);
    expect(passwordStrength('kx7fq2m').score).toBeGreaterThanOrEqual(2);
    expect(passwordStrength('correct horse battery staple').score).toBe(4);
    expect(passwordStrength('kx7fq2m').bits).toBeGreaterThanOrEqual(STRONG_BITS);
  });
});
