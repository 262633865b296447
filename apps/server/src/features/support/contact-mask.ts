import { maskEmail } from '@kestrel/domain';

/**
 * A customer's contact as the support staff see it: enough to recognise whom they talk to, not enough
 * to copy it out of the console (j***@example.com, +1-***4567).
 */
export function maskedContact(account: {
  email: string | null;
  phone: string | null;
  area_code: string | null;
  user_account: string;
}): string {
  if (account.email) return maskEmail(account.email);
  if (account.phone) return `+${account.area_code ?? ''}-***${account.phone.slice(-4)}`;
  return account.user_account.includes('@') ? maskEmail(account.user_account) : `***${account.user_account.slice(-4)}`;
}
