import type { Kysely, Selectable } from 'kysely';
import type { Database, UserAccountTable } from '../../db/schema';

/**
 * An email or a phone: what a code is sent to, what a customer binds, and (one of them) the login name.
 * The login name (user_account) is the contact the customer registered with: a lower-case email, or a
 * phone as "area-number"; a bound second contact is kept in the email or area_code/phone columns, and
 * unique indexes on those columns (migration 0011) keep every contact on one account at most.
 */
export type Contact = { kind: 'email'; email: string } | { kind: 'phone'; areaCode: string; phone: string };

/** A phone account's login name is "area-number", as the original system stored it. */
export function phoneAccount(areaCode: string, phone: string): string {
  return `${areaCode}-${phone}`;
}

/** The verification code's target for a contact: the email, or "area-number". */
export function contactTarget(contact: Contact): string {
  return contact.kind === 'email' ? contact.email : phoneAccount(contact.areaCode, contact.phone);
}

const AREA_AND_NUMBER = /^(\d{1,4})-(\d{1,20})$/;
const BARE_NUMBER = /^\d{1,20}$/;

/**
 * What a customer typed as their account while logged out: an email, "area-number", or a bare number
 * in `areaCode`. Null for anything else (no code can have been sent to it).
 */
export function contactOf(userAccount: string, areaCode: string): Contact | null {
  const trimmed = userAccount.trim();
  if (trimmed.includes('@')) return { kind: 'email', email: trimmed.toLowerCase() };
  const full = AREA_AND_NUMBER.exec(trimmed);
  if (full?.[1] && full[2]) return { kind: 'phone', areaCode: full[1], phone: full[2] };
  if (BARE_NUMBER.test(trimmed)) return { kind: 'phone', areaCode, phone: trimmed };
  return null;
}

/** The account that uses a contact, as its login name or as a bound contact; undefined when none does. */
export async function contactOwner(
  db: Kysely<Database>,
  contact: Contact,
): Promise<Selectable<UserAccountTable> | undefined> {
  const target = contactTarget(contact);
  return (
    db
      .selectFrom('user_account')
      .selectAll()
      .where((eb) =>
        contact.kind === 'email'
          ? eb.or([eb('user_account', '=', target), eb('email', '=', contact.email)])
          : eb.or([
              eb('user_account', '=', target),
              eb.and([eb('area_code', '=', contact.areaCode), eb('phone', '=', contact.phone)]),
            ]),
      )
      // The login name wins should a row's login and another row's bound contact ever both match.
      .orderBy((eb) => eb.case().when('user_account', '=', target).then(0).else(1).end())
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
  );
}
