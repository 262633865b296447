import type { FastifyInstance } from 'fastify';
import { bookOf, newShares } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import { customerIdempotency, endpointRegistrar } from '../../http/route';
import { FixedWindowLimiter } from '../../http/rate-limit';
import { operatorRegistrar } from '../staff/operator-registrar';
import { saveOffer } from './operator-service';
import { findOffer, listAllocations, listOffers, listOwnSubscriptions, offerViewOf } from './repository';
import { NEW_SHARES_JOB, NEW_SHARES_PERIOD_MS, settleNewShares } from './settlement-job';
import { subscribe } from './subscribe-service';

/** Subscriptions per customer per minute (DESIGN §8: rate limits on money movement). */
const SUBSCRIPTIONS_PER_MINUTE = 60;

/**
 * New shares (issue 13 item 1): the offers, subscribing, the public allocation list, the customer's
 * history, the operator's save, and the scheduler's allocation and delivery job.
 */
export function newSharesFeature(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const register = endpointRegistrar(app, context.authenticate, customerIdempotency(context));
  const limiter = new FixedWindowLimiter(SUBSCRIPTIONS_PER_MINUTE, 60_000, context.clock, context.bus.redis);
  /** The book a viewer sees statistics and allocations of: logged out, the real one. */
  const bookOfViewer = (user: { accountType: number } | null) => (user ? bookOf(user.accountType) : 'real');

  register(newShares.newShareList, async ({ query, context: request }) =>
    listOffers(db, { productType: query.productType }, query, bookOfViewer(request.user), context.clock()),
  );

  register(newShares.newShareDetail, async ({ query, context: request }) => {
    const offer = await findOffer(db, query.id);
    if (!offer || !offer.visible) refuse('error.new_share_not_found');
    return offerViewOf(db, offer, bookOfViewer(request.user), context.clock());
  });

  register(newShares.newShareAllocations, async ({ query, context: request }) => {
    const offer = await findOffer(db, query.id);
    if (!offer || !offer.visible) refuse('error.new_share_not_found');
    // Published only once the seed is revealed: before that, nothing has been allocated.
    if (offer.allocatedAt === null) return { rows: [], total: 0 };
    return listAllocations(db, offer.id, bookOfViewer(request.user), query);
  });

  register(newShares.subscribe, async ({ body, context: request }) => {
    limiter.take(`new-share:${request.user.userId}`);
    return subscribe(context, request.user, body, request.once);
  });

  register(newShares.subscriptionList, async ({ query, context: request }) =>
    listOwnSubscriptions(db, request.user.userId, { productId: query.newProductApplyPurchaseId }, query),
  );

  const operator = operatorRegistrar(app, context);
  operator(newShares.operatorNewShares, async ({ query }) =>
    listOffers(db, { withHidden: true }, query, 'real', context.clock()),
  );
  operator(newShares.operatorNewShareSave, async ({ body, context: request }) =>
    saveOffer(context, request.user.userId, body, request.once),
  );

  context.scheduler.addPeriodic({
    name: NEW_SHARES_JOB,
    periodMs: NEW_SHARES_PERIOD_MS,
    run: async (jobDb, { asOf }) => JSON.stringify(await settleNewShares(context, jobDb, asOf)),
  });
}
