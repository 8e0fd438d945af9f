import { characters } from './text.ts';

export const PASSWORD_MIN_LENGTH = 10;

/** The special characters a password may have in place of a digit. */
const SPECIALS = '!@#$%^&*(),.?":{}|<>';

export interface PasswordChecks {
  letter: boolean;
  digitOrSpecial: boolean;
  length: boolean;
}

export function checkPassword(password: string): PasswordChecks {
  return {
    letter: /\p{L}/u.test(password),
    digitOrSpecial: [...password].some((c) => /\d/.test(c) || SPECIALS.includes(c)),
    length: characters(password) >= PASSWORD_MIN_LENGTH,
  };
}

export function isStrongPassword(password: string): boolean {
  const checks = checkPassword(password);
  return checks.letter && checks.digitOrSpecial && checks.length;
}

/** The messages shown when Next is pressed on /createPass, in the order they are checked. */
export function validatePasswordPair(
  password: string | undefined | null,
  confirmation: string | undefined | null,
): string | null {
  if (!password) return 'Password is required';
  if (!confirmation) return 'Confirm password is required';
  if (password !== confirmation) return 'Passwords do not match';
  if (!isStrongPassword(password)) return 'Password does not meet requirements';
  return null;
}
