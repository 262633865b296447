import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import { staffIdempotencyOwner } from '../../core/idempotency';
import { endpointRegistrar, type UserRequestContext } from '../../http/route';
import { mayReviewMoney, staffAuthenticator, staffRole } from './staff-service';

/**
 * The registrar of every operator endpoint, whichever feature serves it: staff tokens only (a
 * customer's token is unknown to the staff authenticator), and idempotency records owned by the staff
 * member, never by a customer.
 */
export function operatorRegistrar(app: FastifyInstance, context: AppContext) {
  const { db } = context.database;
  return endpointRegistrar(app, staffAuthenticator(db, context.clock), {
    db,
    clock: context.clock,
    ownerOf: (staff) => staffIdempotencyOwner(staff.userId),
  });
}

/** The staff member behind a request that moves money; refused unless their role may (finance, admin). */
export async function moneyReviewer(context: AppContext, request: UserRequestContext): Promise<{ staffId: number }> {
  const role = await staffRole(context.database.db, request.user.userId);
  if (!role || !mayReviewMoney(role)) refuse('error.operator_forbidden');
  return { staffId: request.user.userId };
}
