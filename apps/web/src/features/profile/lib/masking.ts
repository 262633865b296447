/*
 * Contact details on the security screens, partly hidden: enough for the customer to recognise their
 * own address on a shared or filmed screen, not enough to read it off. Pure. Emails: the domain's
 * maskEmail, as the server masks them.
 */

/**
 * "13800001234" with area code "86" -> "+86 138****1234": the first three and last four digits of a
 * long number, the first two and last two of a short one, never more than half of it.
 */
export function maskPhone(phone: string, areaCode: string | null | undefined): string {
  const digits = phone.trim();
  let masked: string;
  if (digits.length >= 10) masked = `${digits.slice(0, 3)}****${digits.slice(-4)}`;
  else if (digits.length >= 5) masked = `${digits.slice(0, 2)}${'*'.repeat(digits.length - 4)}${digits.slice(-2)}`;
  else masked = '*'.repeat(digits.length);
  return areaCode ? `+${areaCode} ${masked}` : masked;
}
