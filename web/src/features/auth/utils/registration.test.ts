import { describe, expect, it } from 'vitest';
import { registrationFailure, registrationProblems } from '@/features/auth/utils/registration';
import { ApiError } from '@/lib/api-client';

const valid = { username: 'bob_li', email: 'bob@example.com', nickname: 'Bob', password: 'Passw0rd1' };

const refused = (status: number, code: string, message: string, broken: { field?: string; rule?: string } = {}) =>
  new ApiError(message, { status, code, body: { success: false, data: null, error: { message, code, ...broken } } });

describe('sign-up rules checked before the server', () => {
  it('finds nothing wrong with a valid sign-up, Chinese and full-width names too', () => {
    expect(registrationProblems(valid)).toEqual({});
    expect(registrationProblems({ ...valid, username: '李华abc', nickname: '小明' })).toEqual({});
    // NFKC: full-width letters are letters, as the server folds them.
    expect(registrationProblems({ ...valid, username: 'ｂｏｂ' })).toEqual({});
  });

  it("gives each field its first broken rule, as the server's", () => {
    expect(registrationProblems({ username: '', email: '', nickname: ' ', password: '' })).toEqual({
      username: { rule: 'username.required' },
      email: { rule: 'email.required' },
      nickname: { rule: 'nickname.required' },
      password: { rule: 'password.required' },
    });
    expect(registrationProblems({ ...valid, username: 'bo' }).username?.rule).toBe('username.length');
    expect(registrationProblems({ ...valid, username: 'b'.repeat(31) }).username?.rule).toBe('username.length');
    expect(registrationProblems({ ...valid, username: 'bob li' }).username?.rule).toBe('username.characters');
    expect(registrationProblems({ ...valid, username: 'bob@li' }).username?.rule).toBe('username.characters');
    for (const email of ['bob', 'bob@', '@example.com', 'bob@example', 'bob@.example.com', 'bob@example.com.', 'bo b@example.com', 'a@b@c.com'])
      expect(registrationProblems({ ...valid, email }).email?.rule, email).toBe('email.invalid');
    expect(registrationProblems({ ...valid, nickname: 'n'.repeat(51) }).nickname?.rule).toBe('nickname.tooLong');
    expect(registrationProblems({ ...valid, nickname: 'n'.repeat(50) }).nickname).toBeUndefined();
    expect(registrationProblems({ ...valid, password: 'Ab1' }).password?.rule).toBe('password.length');
    expect(registrationProblems({ ...valid, password: 'PASSW0RD1' }).password?.rule).toBe('password.lowercase');
    expect(registrationProblems({ ...valid, password: 'passw0rd1' }).password?.rule).toBe('password.uppercase');
    expect(registrationProblems({ ...valid, password: 'Password' }).password?.rule).toBe('password.number');
    // 256 bytes at most, as the server counts: 100 Chinese characters are 300.
    expect(registrationProblems({ ...valid, password: `Ab1${'密'.repeat(100)}` }).password?.rule).toBe('password.tooLong');
  });
});

describe("the server's refusal of a sign-up", () => {
  it('is a taken name or address by its code', () => {
    expect(registrationFailure(refused(409, 'USERNAME_TAKEN', 'This username, or one that looks like it, is already taken'))).toEqual({
      field: 'username',
      problem: { rule: 'username.taken' },
    });
    expect(registrationFailure(refused(409, 'EMAIL_TAKEN', 'An account with this email, or one that looks like it, already exists'))).toEqual({
      field: 'email',
      problem: { rule: 'email.taken' },
    });
  });

  it('is the field and rule the envelope names (models/src/user.rs FieldRule), whatever the words', () => {
    const rules: Array<[string, string, string]> = [
      ['username', 'required', 'username.required'],
      ['username', 'length', 'username.length'],
      ['username', 'characters', 'username.characters'],
      ['username', 'character', 'username.character'],
      ['username', 'mixed_alphabets', 'username.mixedAlphabets'],
      ['email', 'invisible', 'email.invisible'],
      ['email', 'required', 'email.required'],
      ['email', 'invalid', 'email.invalid'],
      ['nickname', 'too_long', 'nickname.tooLong'],
      ['password', 'length', 'password.length'],
      ['password', 'too_long', 'password.tooLong'],
      ['password', 'lowercase', 'password.lowercase'],
      ['password', 'uppercase', 'password.uppercase'],
      ['password', 'number', 'password.number'],
    ];
    for (const [field, rule, expected] of rules)
      expect(registrationFailure(refused(422, 'VALIDATION_ERROR', 'Worded some other way', { field, rule })), expected).toEqual({
        field,
        problem: { rule: expected },
      });
  });

  it("keeps the server's words for a rule of a field it does not know, and is no field's otherwise", () => {
    expect(
      registrationFailure(refused(422, 'VALIDATION_ERROR', 'Password may not be a common one', { field: 'password', rule: 'common' })),
    ).toEqual({
      field: 'password',
      problem: { rule: 'password.other', serverText: 'Password may not be a common one' },
    });
    // A rule of a field the form does not have, or of none, is said as a whole.
    expect(registrationFailure(refused(422, 'VALIDATION_ERROR', 'x', { field: 'new_password', rule: 'length' }))).toBeNull();
    expect(registrationFailure(refused(422, 'VALIDATION_ERROR', 'Password must be at least 8 characters long'))).toBeNull();
    expect(registrationFailure(refused(422, 'VALIDATION_ERROR', 'Request body is not valid JSON'))).toBeNull();
    expect(registrationFailure(refused(429, 'RATE_LIMITED', 'Too many requests'))).toBeNull();
    expect(registrationFailure(new ApiError('Connection error', { status: 0, code: 'NETWORK_ERROR' }))).toBeNull();
    expect(registrationFailure(new Error('boom'))).toBeNull();
  });
});
