import { describe, expect, it } from 'vitest';
import {
  canSubmitNewPassword,
  firstBrokenPasswordRule,
  newPasswordProblem,
  resetPasswordProblem,
} from '@/lib/password';

describe('password rules', () => {
  it('reports the first broken rule in the order length, lowercase, uppercase, number', () => {
    expect(firstBrokenPasswordRule('')).toBe('length');
    expect(firstBrokenPasswordRule('Ab1')).toBe('length');
    expect(firstBrokenPasswordRule('ABCDEFG1')).toBe('lowercase');
    expect(firstBrokenPasswordRule('abcdefg1')).toBe('uppercase');
    expect(firstBrokenPasswordRule('Abcdefgh')).toBe('number');
    expect(firstBrokenPasswordRule('Abcdefg1')).toBeNull();
  });

  it('counts characters, not UTF-16 units, toward the minimum length', () => {
    expect(firstBrokenPasswordRule('Ab1😀😀😀')).toBe('length'); // 6 characters
    expect(firstBrokenPasswordRule('Ab1😀😀😀😀😀')).toBeNull(); // 8 characters
  });

  it('checks a new password with its confirmation: filled, equal, then the rules', () => {
    expect(newPasswordProblem('', '')).toBe('fillAll');
    expect(newPasswordProblem('Abcdefg1', '')).toBe('fillAll');
    expect(newPasswordProblem('', 'Abcdefg1')).toBe('fillAll');
    expect(newPasswordProblem('short', 'other')).toBe('mismatch');
    expect(newPasswordProblem('short', 'short')).toBe('length');
    expect(newPasswordProblem('Abcdefg1', 'Abcdefg1')).toBeNull();
  });

  it('checks the reset link token before anything else', () => {
    expect(resetPasswordProblem(undefined, '', '')).toBe('invalidLink');
    expect(resetPasswordProblem('  ', 'Abcdefg1', 'Abcdefg1')).toBe('invalidLink');
    expect(resetPasswordProblem('tok', '', '')).toBe('fillAll');
    expect(resetPasswordProblem('tok', 'Abcdefg1', 'Abcdefg2')).toBe('mismatch');
    expect(resetPasswordProblem('tok', 'abcdefg1', 'abcdefg1')).toBe('uppercase');
    expect(resetPasswordProblem('tok', 'Abcdefg1', 'Abcdefg1')).toBeNull();
  });

  it('allows submitting only with both fields filled and equal', () => {
    expect(canSubmitNewPassword('', '')).toBe(false);
    expect(canSubmitNewPassword('a', '')).toBe(false);
    expect(canSubmitNewPassword('a', 'b')).toBe(false);
    expect(canSubmitNewPassword('a', 'a')).toBe(true);
  });
});
