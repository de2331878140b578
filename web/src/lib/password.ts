/** The password rules of register, reset and change (SPEC 5, 9), in the order checked. */
export const PASSWORD_MIN_LENGTH = 8;

export type PasswordRule = 'length' | 'lowercase' | 'uppercase' | 'number';

const RULES: ReadonlyArray<[PasswordRule, (password: string) => boolean]> = [
  ['length', (password) => [...password].length >= PASSWORD_MIN_LENGTH],
  ['lowercase', (password) => /\p{Ll}/u.test(password)],
  ['uppercase', (password) => /\p{Lu}/u.test(password)],
  ['number', (password) => /\p{Nd}/u.test(password)],
];

/** The first rule the password breaks, or null when it keeps them all. */
export function firstBrokenPasswordRule(password: string): PasswordRule | null {
  for (const [rule, holds] of RULES) if (!holds(password)) return rule;
  return null;
}

/** Why a new password (with its confirmation) cannot be sent; the order of SPEC 5. */
export type NewPasswordProblem = 'fillAll' | 'mismatch' | PasswordRule;

export function newPasswordProblem(password: string, confirm: string): NewPasswordProblem | null {
  if (password === '' || confirm === '') return 'fillAll';
  if (password !== confirm) return 'mismatch';
  return firstBrokenPasswordRule(password);
}

/** The reset form adds the link's token in front (SPEC 5). */
export type ResetPasswordProblem = 'invalidLink' | NewPasswordProblem;

export function resetPasswordProblem(
  token: string | undefined,
  password: string,
  confirm: string,
): ResetPasswordProblem | null {
  if (!token || token.trim() === '') return 'invalidLink';
  return newPasswordProblem(password, confirm);
}

/** Submit stays disabled until both fields are filled and equal (SPEC 5). */
export function canSubmitNewPassword(password: string, confirm: string): boolean {
  return password !== '' && password === confirm;
}
