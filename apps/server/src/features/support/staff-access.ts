import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import type { UserRequestContext } from '../../http/route';
import { STAFF_OWNER, type ResolveOwner } from '../../realtime/hub';
import { staffAuthenticator } from '../staff/staff-service';

/** Support work is for the support and admin roles (finance reviews money, not chats). */
function answersCustomers(role: string | null): boolean {
  return role === 'support' || role === 'admin';
}

/**
 * The staff member behind an operator request on the support chat, with the name a reply is signed
 * with. The role was checked by the registrar (the endpoints' staffRoles: support, admin).
 */
export async function supportStaff(
  db: Kysely<Database>,
  request: UserRequestContext,
): Promise<{ staffId: number; username: string }> {
  const staffId = request.user.userId;
  const member = await db.selectFrom('staff_member').select('username').where('id', '=', staffId).executeTakeFirst();
  if (!member) refuse('error.operator_forbidden');
  return { staffId, username: member.username };
}

/**
 * The hub's staff resolver: a live staff token of the support or admin role opens the staff side of
 * `private:support` (STAFF_OWNER); any other token is not logged in there. The role is read when the
 * socket authenticates; a later change applies at its next authentication.
 */
export function staffSocketOwner(db: Kysely<Database>, clock: () => number): ResolveOwner {
  const authenticate = staffAuthenticator(db, clock);
  return async (token) => {
    const staff = await authenticate(token);
    if (!staff) return null;
    return answersCustomers(staff.staffRole ?? null) ? STAFF_OWNER : null;
  };
}
