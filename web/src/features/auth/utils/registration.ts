import { ApiError } from '@/lib/api-client';
import type { components } from '@/types/api.gen';
import { firstBrokenPasswordRule } from '@/lib/password';

/** The sign-up form's fields (SPEC 3: the first name is sent as `nickname`). */
export type RegistrationField = 'username' | 'email' | 'nickname' | 'password';

export type RegistrationInput = Record<RegistrationField, string>;

/** Which rule a field breaks; each has its message in auth's `register.problems`. */
export type RegistrationRule =
  | 'username.required'
  | 'username.length'
  | 'username.characters'
  | 'username.character'
  | 'username.mixedAlphabets'
  | 'username.taken'
  | 'username.other'
  | 'email.required'
  | 'email.invalid'
  | 'email.invisible'
  | 'email.taken'
  | 'email.other'
  | 'nickname.required'
  | 'nickname.tooLong'
  | 'nickname.other'
  | 'password.required'
  | 'password.length'
  | 'password.tooLong'
  | 'password.lowercase'
  | 'password.uppercase'
  | 'password.number'
  | 'password.other';

/** A field's problem; `serverText` is the server's own words for a rule the form does not know. */
export type FieldProblem = { rule: RegistrationRule; serverText?: string };

export type RegistrationProblems = Partial<Record<RegistrationField, FieldProblem>>;

/** The fields in the order the form shows them: the first with a problem takes the focus. */
export const REGISTRATION_FIELDS: readonly RegistrationField[] = ['username', 'email', 'nickname', 'password'];

// The server's bounds (models/src/user.rs, api/src/routes/auth.rs).
export const USERNAME_LENGTH = { min: 3, max: 30 } as const;
export const MAX_NICKNAME = 50;
const MAX_PASSWORD_BYTES = 256;
const MAX_EMAIL = 254;

const chars = (text: string) => [...text].length;

function usernameRule(input: string): RegistrationRule | null {
  const name = input.trim().normalize('NFKC');
  if (name === '') return 'username.required';
  if (chars(name) < USERNAME_LENGTH.min || chars(name) > USERNAME_LENGTH.max) return 'username.length';
  if (!/^[\p{Alphabetic}\p{N}_.-]+$/u.test(name)) return 'username.characters';
  return null;
}

function emailRule(input: string): RegistrationRule | null {
  const email = input.trim().normalize('NFKC');
  if (email === '') return 'email.required';
  const at = email.indexOf('@');
  const [local, domain] = [email.slice(0, at), email.slice(at + 1)];
  const valid =
    email.length <= MAX_EMAIL &&
    !/\s/u.test(email) &&
    at > 0 &&
    !domain.includes('@') &&
    domain.includes('.') &&
    !domain.startsWith('.') &&
    !domain.endsWith('.') &&
    local !== '';
  return valid ? null : 'email.invalid';
}

function nicknameRule(input: string): RegistrationRule | null {
  const name = input.trim();
  if (name === '') return 'nickname.required';
  return chars(name) > MAX_NICKNAME ? 'nickname.tooLong' : null;
}

function passwordRule(password: string): RegistrationRule | null {
  if (password === '') return 'password.required';
  if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES) return 'password.tooLong';
  const broken = firstBrokenPasswordRule(password);
  return broken ? `password.${broken}` : null;
}

/**
 * The rules of SPEC 5 the server checks on sign-up, checked before it is called: each
 * field's first broken rule, said under that field. The server checks them again, and
 * more (`registrationFailure`).
 */
export function registrationProblems(input: RegistrationInput): RegistrationProblems {
  const rules: Record<RegistrationField, RegistrationRule | null> = {
    username: usernameRule(input.username),
    email: emailRule(input.email),
    nickname: nicknameRule(input.nickname),
    password: passwordRule(input.password),
  };
  const problems: RegistrationProblems = {};
  for (const field of REGISTRATION_FIELDS) {
    const rule = rules[field];
    if (rule) problems[field] = { rule };
  }
  return problems;
}

/** The server's rules of sign-up (models/src/user.rs `FieldRule`) by the name the form gives them. */
const SERVER_RULES: Record<NonNullable<BrokenRule['rule']>, string> = {
  required: 'required',
  length: 'length',
  too_long: 'tooLong',
  characters: 'characters',
  character: 'character',
  mixed_alphabets: 'mixedAlphabets',
  invisible: 'invisible',
  invalid: 'invalid',
  lowercase: 'lowercase',
  uppercase: 'uppercase',
  number: 'number',
};

type BrokenRule = Pick<components['schemas']['Failure']['error'], 'field' | 'rule'>;

const KNOWN_RULES: ReadonlySet<string> = new Set<RegistrationRule>([
  'username.required',
  'username.length',
  'username.characters',
  'username.character',
  'username.mixedAlphabets',
  'email.required',
  'email.invalid',
  'email.invisible',
  'nickname.tooLong',
  'password.length',
  'password.tooLong',
  'password.lowercase',
  'password.uppercase',
  'password.number',
]);

/**
 * The field a refused sign-up is about, and the rule: a name or an address taken (by
 * code), or a rule of a field (named by the envelope). Null when the refusal is about
 * no field (a rate limit, the server away): the form says that as a whole.
 */
export function registrationFailure(error: unknown): { field: RegistrationField; problem: FieldProblem } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'USERNAME_TAKEN') return { field: 'username', problem: { rule: 'username.taken' } };
  if (error.code === 'EMAIL_TAKEN') return { field: 'email', problem: { rule: 'email.taken' } };
  if (error.code !== 'VALIDATION_ERROR') return null;
  // The envelope names the field and the rule (models/src/user.rs `RuleBroken`).
  const broken = (error.body as { error?: BrokenRule } | undefined)?.error;
  const field = REGISTRATION_FIELDS.find((f) => f === broken?.field);
  if (!field) return null;
  const rule = `${field}.${broken?.rule ? SERVER_RULES[broken.rule] : 'other'}`;
  if (KNOWN_RULES.has(rule)) return { field, problem: { rule: rule as RegistrationRule } };
  return { field, problem: { rule: `${field}.other`, serverText: error.message.trim() } };
}
