/** The validation rules of spec §5, as small pure functions. */

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

const ID_CARD_15 = /^[1-9]\d{5}(\d{2})(\d{2})(\d{2})\d{3}$/;
const ID_CARD_18 = /^[1-9]\d{5}(\d{4})(\d{2})(\d{2})\d{3}[\dXx]$/;

/** GB 11643-1999: the weights of the first 17 digits and the check character of sum mod 11. */
const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CARD_CHECK = '10X98765432';

/** The check character of an 18-digit number's first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  ID_CARD_WEIGHTS.forEach((weight, index) => {
    sum += Number(first17.charAt(index)) * weight;
  });
  return ID_CARD_CHECK.charAt(sum % 11);
}

/**
 * Identity card number: the old 15-digit format (birth date YYMMDD, 19xx), or the 18-digit
 * format whose date part is a real date (not in the future) and whose last character is a digit
 * or X, the check character of GB 11643 (a number with a wrong one was mistyped).
 */
export function isIdCard(value: string): boolean {
  const old = ID_CARD_15.exec(value);
  if (old) return isRealDate(1900 + Number(old[1]), Number(old[2]), Number(old[3]));
  const current = ID_CARD_18.exec(value);
  if (!current) return false;
  const [year, month, day] = [Number(current[1]), Number(current[2]), Number(current[3])];
  if (year < 1800 || !isRealDate(year, month, day)) return false;
  if (Date.UTC(year, month - 1, day) > Date.now()) return false;
  return idCardCheckChar(value.slice(0, 17)) === value.charAt(17).toUpperCase();
}

/** Email: a loose local part, @, domain and dot. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** Mobile phone: 11 digits starting with 1. */
export function isMobile(value: string): boolean {
  return /^1\d{10}$/.test(value);
}

/** Contact number: empty, or only digits, hyphens and spaces. */
export function isContact(value: string): boolean {
  return /^[\d -]*$/.test(value);
}

/**
 * Password rule A: 8 to 20 non-space characters, no Chinese characters, and digits mixed with
 * non-digits or letters mixed with non-letters.
 */
export function isPasswordRuleA(value: string): boolean {
  if (!/^\S{8,20}$/u.test(value) || /\p{Script=Han}/u.test(value)) return false;
  const mixesDigits = /\d/.test(value) && /\D/.test(value);
  const mixesLetters = /[A-Za-z]/.test(value) && /[^A-Za-z]/.test(value);
  return mixesDigits || mixesLetters;
}

/** Password rule B: 8 to 20 characters from letters, digits, underscore, dot, @ and hyphen. */
export function isPasswordRuleB(value: string): boolean {
  return /^[A-Za-z0-9_.@-]{8,20}$/.test(value);
}

/** The login box's error keys (spec §5): l7 missing username, l8 missing password. */
export const LOGIN_ERROR_KEYS = { username: 'l7', password: 'l8' } as const;

export interface LoginFormErrors {
  username?: typeof LOGIN_ERROR_KEYS.username;
  password?: typeof LOGIN_ERROR_KEYS.password;
}

/** The login form's check (spec §5): inputs are trimmed; each empty field gets its error key. */
export function validateLoginForm(form: { username: string; password: string }): LoginFormErrors {
  const errors: LoginFormErrors = {};
  if (form.username.trim() === '') errors.username = LOGIN_ERROR_KEYS.username;
  if (form.password.trim() === '') errors.password = LOGIN_ERROR_KEYS.password;
  return errors;
}
