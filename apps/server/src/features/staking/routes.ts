import type { FastifyInstance } from 'fastify';
import { bookOf, staking } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import { customerIdempotency, endpointRegistrar } from '../../http/route';
import { FixedWindowLimiter } from '../../http/rate-limit';
import { operatorRegistrar } from '../staff/operator-registrar';
import { runStakingAccrual } from './staking-accrual';
import { customerOrders, findOrder, findProduct, listProducts, operatorProducts } from './staking-repository';
import { addStakingOrder, redeemStakingOrder, saveStakingProduct } from './staking-service';

/** Orders and redemptions per customer per minute (DESIGN §8: rate limits on money movement). */
const MONEY_REQUESTS_PER_MINUTE = 60;
/** The job looks for days to pay every hour; each run pays everything due by its period's end. */
export const STAKING_ACCRUAL_PERIOD_MS = 3_600_000;

/** Registered by app.ts: locked staking (issue 13), the customer's and the operator's endpoints, and its daily yield job. */
export function stakingFeature(app: FastifyInstance, context: AppContext): void {
  const { db, dialect } = context.database;
  const register = endpointRegistrar(app, context.authenticate, customerIdempotency(context));
  const operator = operatorRegistrar(app, context);
  const moneyLimiter = new FixedWindowLimiter(MONEY_REQUESTS_PER_MINUTE, 60_000, context.clock, context.bus.redis);

  register(staking.stakingProductList, async ({ query, context: request }) =>
    listProducts(db, bookOf(request.user?.accountType ?? 0), query),
  );

  register(staking.stakingProductDetail, async ({ query, context: request }) => {
    const product = await findProduct(db, query.id, bookOf(request.user?.accountType ?? 0), { visibleOnly: true });
    if (!product) refuse('error.staking_product_not_found');
    return product;
  });

  // Each order call is served under both of the original's names (stakingOrder/ and financialOrder/).
  for (const endpoint of [staking.stakingOrderAdd, staking.financialOrderAdd]) {
    register(endpoint, async ({ body, context: request }) => {
      moneyLimiter.take(`staking:${request.user.userId}`);
      return addStakingOrder(dialect, request.user, body, { once: request.once, now: context.clock() });
    });
  }

  for (const endpoint of [staking.stakingOrderList, staking.financialOrderList]) {
    register(endpoint, async ({ query, context: request }) => customerOrders(db, request.user.userId, query));
  }

  register(staking.stakingOrderDetail, async ({ query, context: request }) => {
    const order = await findOrder(db, query.id, request.user.userId);
    // Another customer's order reads exactly like one that does not exist.
    if (!order) refuse('error.staking_order_not_found');
    return order;
  });

  for (const endpoint of [staking.stakingOrderRedemption, staking.financialOrderRedemption]) {
    register(endpoint, async ({ body, context: request }) => {
      moneyLimiter.take(`staking:${request.user.userId}`);
      return redeemStakingOrder(dialect, request.user, body.orderId, { once: request.once, now: context.clock() });
    });
  }

  operator(staking.operatorStakingProducts, async ({ query }) => operatorProducts(db, query));

  operator(staking.operatorStakingProductSave, async ({ body, context: request }) =>
    saveStakingProduct(db, dialect, { staffId: request.user.userId }, body, {
      once: request.once,
      now: context.clock(),
    }),
  );

  context.scheduler.addPeriodic({
    name: 'staking.accrue',
    periodMs: STAKING_ACCRUAL_PERIOD_MS,
    run: async (jobDb, { asOf }) =>
      JSON.stringify(await runStakingAccrual(jobDb, dialect, asOf, context.clock, context.log)),
  });
}
