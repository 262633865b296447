import type { FastifyInstance } from 'fastify';
import { funding, operatorStaff } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import { endpointRegistrar } from '../../http/route';
import { FixedWindowLimiter } from '../../http/rate-limit';
import { auditPage } from './audit-log';
import { operatorRegistrar } from './operator-registrar';
import { createStaffMember, resetStaffTotp, setStaffDisabled, setStaffRole, staffPage } from './staff-members';
import { isStaffRole, staffLogin, staffLogout } from './staff-service';

/** Registered by app.ts: staff sign-in, the staff themselves, and the audit log (the console's own calls). */
export function staffFeature(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const operator = operatorRegistrar(app, context);
  const loginLimiter = new FixedWindowLimiter(
    context.config.authRateLimitPerMinute,
    60_000,
    context.clock,
    context.bus.redis,
  );

  // Public: no token yet. The staff authenticator is never consulted for it.
  endpointRegistrar(app, async () => null)(funding.operatorLogin, async ({ body, context: request }) => {
    loginLimiter.take(`operator-login:${request.ip}`);
    return staffLogin(db, body, context.clock());
  });

  operator(funding.operatorLogout, async ({ context: request }) => {
    await staffLogout(db, request.user.tokenHash, context.clock());
  });

  operator(operatorStaff.operatorMe, async ({ context: request }) => {
    const row = await db
      .selectFrom('staff_member')
      .select(['id', 'username', 'role'])
      .where('id', '=', request.user.userId)
      .executeTakeFirst();
    if (!row || !isStaffRole(row.role)) refuse('error.staff_not_found');
    return { id: row.id, username: row.username, role: row.role };
  });

  operator(operatorStaff.operatorStaffList, async ({ query }) => staffPage(db, query));

  const actorOf = (staffId: number) => ({ staffId, now: context.clock(), dialect: context.database.dialect });
  operator(operatorStaff.operatorStaffCreate, async ({ body, context: request }) =>
    createStaffMember(db, actorOf(request.user.userId), body),
  );
  operator(operatorStaff.operatorStaffSetRole, async ({ body, context: request }) =>
    setStaffRole(db, actorOf(request.user.userId), body),
  );
  operator(operatorStaff.operatorStaffSetDisabled, async ({ body, context: request }) =>
    setStaffDisabled(db, actorOf(request.user.userId), body),
  );
  operator(operatorStaff.operatorStaffResetTotp, async ({ body, context: request }) =>
    resetStaffTotp(db, actorOf(request.user.userId), body),
  );

  operator(operatorStaff.operatorAuditLog, async ({ query }) => auditPage(db, query));
}
