import type { FastifyInstance } from 'fastify';
import { funding } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import type { IdempotentRequestContext } from '../../http/route';
import { operatorDeposits } from './deposit-repository';
import { confirmDeposit, rejectDeposit } from './deposit-service';
import { moneyReviewer, operatorRegistrar } from '../staff/operator-registrar';
import { operatorWithdrawals } from './withdrawal-repository';
import { approveWithdrawal, rejectWithdrawal } from './withdrawal-service';

/**
 * The minimal operator API (issue "Money core" item 6). Its endpoints authenticate with the staff
 * authenticator, so "auth: user" here means a valid staff token; a customer token is unknown to it.
 */
export function operatorRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const register = operatorRegistrar(app, context);

  const requestOf = (request: IdempotentRequestContext) => ({ once: request.once, now: context.clock() });

  register(funding.operatorDeposits, async ({ query }) => operatorDeposits(db, query));

  register(funding.operatorDepositConfirm, async ({ body, context: request }) =>
    confirmDeposit(moneyReviewer(request), body, requestOf(request)),
  );

  register(funding.operatorDepositReject, async ({ body, context: request }) =>
    rejectDeposit(moneyReviewer(request), body, requestOf(request)),
  );

  register(funding.operatorWithdrawals, async ({ query }) => operatorWithdrawals(db, query));

  register(funding.operatorWithdrawalApprove, async ({ body, context: request }) =>
    approveWithdrawal(moneyReviewer(request), body, requestOf(request)),
  );

  register(funding.operatorWithdrawalReject, async ({ body, context: request }) =>
    rejectWithdrawal(moneyReviewer(request), body, requestOf(request)),
  );
}
