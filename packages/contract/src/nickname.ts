/**
 * The nickname rule (issue 15): 1 to 32 characters after trimming, no control characters, no
 * direction overrides (they make a name read differently from what it is), no `<` or `>`. React
 * renders text inert anyway; markup is refused at the door so no other reader of the name (an
 * operator console, an export) has to be careful. Schema-free, so the phone applies the same rule
 * before it sends (the server applies it again).
 */
export const NICKNAME_LENGTH_MAX = 32;

const FORBIDDEN_IN_NICKNAME = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069<>]/u;

/** Whether a nickname (already trimmed) may be saved. Length counts characters, not UTF-16 units. */
export function isValidNickName(trimmed: string): boolean {
  const length = [...trimmed].length;
  return length >= 1 && length <= NICKNAME_LENGTH_MAX && !FORBIDDEN_IN_NICKNAME.test(trimmed);
}
