import type { FastifyInstance } from 'fastify';
import { operatorCustomers, STAFF_ROLE_SETS } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import type { IdempotentRequestContext } from '../../http/route';
import { operatorRegistrar } from '../staff/operator-registrar';
import { listAdjustments } from './adjustment-repository';
import { approveAdjustment, rejectAdjustment, requestAdjustment, type AdjustmentStore } from './adjustment-service';
import { customerDetail } from './customer-detail';
import { lockCustomer, unlockCustomer } from './customer-lock-service';
import { searchCustomers } from './customer-search';
import { customerSessions } from './customer-sessions';
import { customerStatement } from './customer-statement';
import { dashboardCounts } from './dashboard-counts';
import { dashboardMoney } from './dashboard-money';
import { listMoneyHalts, liftMoneyHalt } from './money-halt-service';
import { latestReconcileRun, ledgerAlarm, ReconcileRunner } from './reconcile-runs';
import { ledgerReconcileJob } from './scheduled-reconcile';

const MONEY_READERS: readonly string[] = STAFF_ROLE_SETS.moneyReaders;

/**
 * The operator console's customer care (issue 16; contract namespace `operatorCustomers`): customer
 * search, detail, statement and sessions; lock and unlock; manual adjustments with a second
 * operator's approval; the dashboard; reconcile runs, on demand and on the schedule (the job
 * `ledger.reconcile` is registered here, so the app's composition does not change); money halts.
 * Staff tokens only; the route layer refuses the roles an endpoint does not name before it reads the
 * input.
 */
export function customerCareFeature(app: FastifyInstance, context: AppContext): void {
  const { db, dialect } = context.database;
  const store: AdjustmentStore = { db, dialect };
  const register = operatorRegistrar(app, context);
  const reconcileRunner = new ReconcileRunner(db, context.clock, context.log);
  const operatorRequest = (request: IdempotentRequestContext) => ({
    staffId: request.user.userId,
    once: request.once,
    now: context.clock(),
  });

  register(operatorCustomers.operatorCustomers, async ({ query }) => searchCustomers(db, query));

  register(operatorCustomers.operatorCustomerDetail, async ({ query }) => customerDetail(db, query.id));

  register(operatorCustomers.operatorCustomerStatement, async ({ query }) => customerStatement(db, query));

  register(operatorCustomers.operatorCustomerSessions, async ({ query }) =>
    customerSessions(db, query.id, context.clock()),
  );

  register(operatorCustomers.operatorCustomerLock, async ({ body, context: request }) =>
    lockCustomer(db, { staffId: request.user.userId, userId: body.id, reason: body.reason, now: context.clock() }),
  );

  register(operatorCustomers.operatorCustomerUnlock, async ({ body, context: request }) =>
    unlockCustomer(db, { staffId: request.user.userId, userId: body.id, reason: body.reason, now: context.clock() }),
  );

  register(operatorCustomers.operatorAdjustments, async ({ query }) => listAdjustments(db, query));

  register(operatorCustomers.operatorAdjustmentRequest, async ({ body, context: request }) =>
    requestAdjustment(store, body, operatorRequest(request)),
  );

  register(operatorCustomers.operatorAdjustmentApprove, async ({ body, context: request }) =>
    approveAdjustment(store, body.id, operatorRequest(request)),
  );

  register(operatorCustomers.operatorAdjustmentReject, async ({ body, context: request }) =>
    rejectAdjustment(store, body, operatorRequest(request)),
  );

  // Every role sees what waits; money figures and the reconcile status only for the roles that read money.
  register(operatorCustomers.operatorDashboard, async ({ context: request }) => {
    const now = context.clock();
    const role = request.user.staffRole ?? null;
    const readsMoney = role !== null && MONEY_READERS.includes(role);
    const [counts, money, reconcile, alarm] = await Promise.all([
      dashboardCounts(db, now),
      readsMoney ? dashboardMoney(db, now, context.market) : null,
      readsMoney ? latestReconcileRun(db) : null,
      readsMoney ? ledgerAlarm(db) : null,
    ]);
    return { asOf: now, counts, money, reconcile, ledgerAlarm: alarm };
  });

  register(operatorCustomers.operatorReconcileRun, async ({ context: request }) =>
    reconcileRunner.run(request.user.userId),
  );

  register(operatorCustomers.operatorMoneyHalts, async ({ query }) => listMoneyHalts(db, query));

  register(operatorCustomers.operatorMoneyHaltLift, async ({ body, context: request }) =>
    liftMoneyHalt(db, { staffId: request.user.userId, id: body.id, reason: body.reason, now: context.clock() }),
  );

  context.scheduler.addPeriodic(
    ledgerReconcileJob({ periodMs: context.config.reconcilePeriodMs, clock: context.clock, log: context.log }),
  );
}
