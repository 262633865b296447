/**
 * Input validators of SPEC.md §5. Each is a pure format check on the exact string (no trimming: the
 * caller decides whether to trim, and a validator that trims would accept what the server then refuses).
 * All patterns are anchored and use ASCII classes only ([0-9], not Unicode digits).
 */

/** Mainland China mobile: 1, then 3-9, then 9 digits (11 digits in all). */
export function isMainlandPhone(text: string): boolean {
  return /^1[3-9][0-9]{9}$/.test(text);
}

/**
 * Other area codes: the national number only (the area code is chosen separately, so no '+' and no
 * spaces), 6 to 15 digits; 15 is the E.164 maximum for a whole number, 6 covers the shortest plans.
 */
export function isInternationalPhone(text: string): boolean {
  return /^[0-9]{6,15}$/.test(text);
}

/** SPEC §9 "Password minimum". */
export const PASSWORD_MINIMUM_LENGTH = 8;

/**
 * At least 8 characters, at least one letter, only ASCII letters and digits (SPEC §5). No maximum is
 * stated by SPEC, so none is invented here; request size limits bound it.
 */
export function isValidPassword(text: string): boolean {
  return text.length >= PASSWORD_MINIMUM_LENGTH && /^[A-Za-z0-9]+$/.test(text) && /[A-Za-z]/.test(text);
}

/**
 * ID card: 15 or 18 digits, as SPEC §5 says. Real mainland resident IDs of 18 characters may end in a
 * check character 'X'; SPEC says digits, so 'X' is refused here. Change this and SPEC together if needed.
 */
export function isIdCardNumber(text: string): boolean {
  return /^(?:[0-9]{15}|[0-9]{18})$/.test(text);
}

/**
 * Price input: up to 2 decimals, no leading zero unless the value is 0.xx (SPEC §5).
 * Decisions: "0.5" and "0.05" are accepted; "0", "0.0" and "0.00" are refused because a price must be
 * positive and a field that says "valid" for a price the server refuses misleads; "1." and ".5" are
 * refused (incomplete); no sign, no spaces, no thousands separators.
 */
export function isPriceInput(text: string): boolean {
  if (!/^(?:0|[1-9][0-9]*)(?:\.[0-9]{1,2})?$/.test(text)) return false;
  return /[1-9]/.test(text);
}

/** SPEC §5 "The code input is 6 digits" and §9 "Code input length". */
export const VERIFICATION_CODE_LENGTH = 6;

export function isVerificationCode(text: string): boolean {
  return /^[0-9]{6}$/.test(text);
}

/** RFC 5321 limits: a whole address of at most 254 characters, a local part of at most 64. */
export const EMAIL_MAXIMUM_LENGTH = 254;
const EMAIL_LOCAL_MAXIMUM_LENGTH = 64;

/**
 * A practical email check, not the full RFC 5322 grammar (quoted local parts, IP literals and comments
 * are refused: nobody registers with them and they are a common injection vector):
 * - local part: ASCII letters, digits and !#$%&'*+/=?^_`{|}~- in dot-separated runs (no leading,
 *   trailing or double dot), at most 64 characters;
 * - domain: at least two dot-separated labels of letters, digits and inner hyphens (1 to 63 each), the
 *   last one at least 2 letters (a top-level domain); internationalised domains arrive as punycode
 *   ("xn--..."), which this accepts.
 */
export function isEmail(text: string): boolean {
  if (text.length > EMAIL_MAXIMUM_LENGTH) return false;
  const at = text.lastIndexOf('@');
  if (at <= 0) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAXIMUM_LENGTH) return false;
  const localPattern = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
  if (!localPattern.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const labelPattern = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
  if (!labels.every((label) => labelPattern.test(label))) return false;
  const topLevel = labels[labels.length - 1] ?? '';
  return /^(?:[A-Za-z]{2,}|xn--[A-Za-z0-9-]+)$/.test(topLevel);
}
