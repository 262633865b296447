import type { FastifyInstance } from 'fastify';
import { ACCOUNT_TYPE, team } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import type { SessionUser } from '../../http/route';
import { endpointRegistrar } from '../../http/route';
import { commissionRecords, teamDashboard, teamMembers } from './team-repository';

/** The team belongs to the real account (a demo account invites nobody and earns nothing). */
function realAccount(user: SessionUser): SessionUser {
  if (user.accountType !== ACCOUNT_TYPE.real) refuse('error.real_account_only');
  return user;
}

/** Registered by app.ts: the team and its commissions (API-FACTS "Team"). Commissions are paid by features/ledger. */
export function teamFeature(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const register = endpointRegistrar(app, context.authenticate);

  register(team.teamDashboard, async ({ context: request }) =>
    teamDashboard(db, realAccount(request.user).userId, context.clock(), context.market),
  );

  register(team.teamMembers, async ({ query, context: request }) =>
    teamMembers(db, realAccount(request.user).userId, query, context.clock(), context.market),
  );

  register(team.commissionList, async ({ query, context: request }) =>
    commissionRecords(db, realAccount(request.user).userId, query),
  );
}
