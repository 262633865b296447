import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import { staffIdempotencyOwner } from '../../core/idempotency';
import { endpointRegistrar, type Authorize, type UserRequestContext } from '../../http/route';
import { mayReviewMoney, staffAuthenticator } from './staff-service';

/**
 * The registrar of every operator endpoint, whichever feature serves it: staff tokens only (a
 * customer's token is unknown to the staff authenticator), the roles each endpoint names
 * (`staffRoles`, read per request so a role change applies at once), and idempotency records owned
 * by the staff member, never by a customer.
 */
export function operatorRegistrar(app: FastifyInstance, context: AppContext) {
  const { db } = context.database;
  // The role came with the session (staffAuthenticator): no second read per request.
  const authorize: Authorize = async (roles, staff) => {
    if (!staff.staffRole || !roles.includes(staff.staffRole)) refuse('error.operator_forbidden');
  };
  return endpointRegistrar(
    app,
    staffAuthenticator(db, context.clock),
    { db, clock: context.clock, ownerOf: (staff) => staffIdempotencyOwner(staff.userId) },
    authorize,
  );
}

/** The staff member behind a request that moves money; refused unless their role may (finance, admin). */
export function moneyReviewer(request: UserRequestContext): { staffId: number } {
  const role = request.user.staffRole;
  if (!role || !mayReviewMoney(role)) refuse('error.operator_forbidden');
  return { staffId: request.user.userId };
}
