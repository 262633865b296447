import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BOOKS, newShares, type Book } from '@kestrel/contract';
import {
  allocateNewShareLots,
  divideWithRounding,
  formatDecimal,
  HOUSE_ROUNDING,
  NEW_SHARE_TICKETS_MAX,
  pow10,
  settleNewShareSubscription,
} from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { bigintValue, unitsText } from '../../core/columns';
import { UNSOLD_SPOT_ORDER_COLUMNS } from '../../core/spot-holding';
import { postingsOf } from './postings';
import { accountId, PLATFORM_ACCOUNTS, platformAccount } from '../ledger/accounts';
import { postEntry } from '../ledger/post-entry';
import { findOffer, lockOffer, type OfferRecord } from './repository';
import { NEW_SHARE_REASONS, SUBSCRIPTION_REFERENCE } from './subscribe-service';
import { writeSiteMessage } from '../messages/site-message-writer';

const { SUBSCRIPTION_STATUS } = newShares;

export const NEW_SHARES_JOB = 'new_shares.settle';
export const NEW_SHARES_PERIOD_MS = 60_000;
/** Offers allocated per run at most; the next period takes the rest. */
export const OFFERS_PER_RUN_MAX = 50;
/** Deliveries read per batch, and batches per run at most (the next period takes the rest). */
export const DELIVERY_BATCH = 200;
export const DELIVERY_BATCHES_MAX = 50;
/** The tick source of a delivered holding: the issue, not a market price. */
export const NEW_SHARE_TICK_SOURCE = 'new_share_issue';

/** The published rank: SHA-256 of the key, lowercase hex. */
export function newShareRank(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export interface SettleRun {
  offersAllocated: number;
  subscriptionsSettled: number;
  /** Subscriptions a concurrent or earlier runner had already settled (the conditional update found them done). */
  alreadySettled: number;
  delivered: number;
  alreadyDelivered: number;
  /** Allocated subscriptions whose spot product no longer exists: left allocated, retried next run. */
  undeliverable: number;
  /** Offers or deliveries that failed (logged): left as they were, retried by the next run. */
  failed: number;
}

type Runtime = Pick<AppContext, 'database' | 'clock' | 'log'>;

/**
 * One run of `new_shares.settle` as of `asOf`: allocates every offer whose allocation time has come,
 * then delivers every allocated subscription whose unlock time has come. Each subscription settles
 * and is delivered in its own transaction by a conditional update of its status, so a run cut off
 * half-way and run again, two runners at once, or a catch-up after downtime settles each once; the
 * allocation is recomputed from the same subscriptions and seed, so it answers the same every time.
 */
export async function settleNewShares(runtime: Runtime, db: Kysely<Database>, asOf: number): Promise<SettleRun> {
  const run: SettleRun = {
    offersAllocated: 0,
    subscriptionsSettled: 0,
    alreadySettled: 0,
    delivered: 0,
    alreadyDelivered: 0,
    undeliverable: 0,
    failed: 0,
  };
  const due = await db
    .selectFrom('new_share_product')
    .select('id')
    .where('allocation_time', '<=', asOf)
    .where('allocated_at', 'is', null)
    .orderBy('allocation_time')
    .orderBy('id')
    .limit(OFFERS_PER_RUN_MAX)
    .execute();
  for (const { id } of due) {
    // One offer's fault (logged) does not hold up the others; it stays unallocated and is retried.
    try {
      await allocateOffer(runtime, db, id, run);
    } catch (error) {
      run.failed += 1;
      runtime.log.error({ err: error, offerId: id }, 'new shares: allocation failed, retried next run');
    }
  }
  await deliverDue(runtime, db, asOf, run);
  return run;
}

/**
 * Allocates one offer, book by book (each book has its own supply), then marks it allocated, which
 * reveals the seed. Every subscription is settled before the mark, so a revealed seed always comes
 * with a complete result.
 */
async function allocateOffer(runtime: Runtime, db: Kysely<Database>, offerId: number, run: SettleRun): Promise<void> {
  const offer = await findOffer(db, offerId);
  if (!offer) return;
  for (const book of BOOKS) await allocateBook(runtime, db, offer, book, run);
  const marked = await db
    .updateTable('new_share_product')
    .set({ allocated_at: runtime.clock() })
    .where('id', '=', offer.id)
    .where('allocated_at', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 1) run.offersAllocated += 1;
}

/** Every subscription of one book, read under the offer's lock: none can be added after this read. */
async function subscriptionsOf(runtime: Runtime, db: Kysely<Database>, offerId: number, book: Book) {
  const rows = await db.transaction().execute(async (transaction) => {
    await lockOffer(transaction, runtime.database.dialect, offerId);
    return transaction
      .selectFrom('new_share_subscription')
      .select(['id', 'lots', 'status'])
      .where('product_id', '=', offerId)
      .where('book', '=', book)
      .orderBy('id')
      .limit(NEW_SHARE_TICKETS_MAX + 1)
      .execute();
  });
  if (rows.length > NEW_SHARE_TICKETS_MAX) {
    throw new Error(`new share offer ${offerId} has more than ${NEW_SHARE_TICKETS_MAX} subscriptions in ${book}`);
  }
  return rows;
}

async function allocateBook(runtime: Runtime, db: Kysely<Database>, offer: OfferRecord, book: Book, run: SettleRun) {
  const rows = await subscriptionsOf(runtime, db, offer.id, book);
  if (rows.length === 0) return;
  const allocation = allocateNewShareLots({
    rule: offer.rule,
    seed: offer.seed,
    supplyLots: offer.supplyLots,
    subscriptions: rows.map((row) => ({ subscriptionId: row.id, lots: row.lots })),
    rank: newShareRank,
  });
  for (const [index, row] of allocation.entries()) {
    if (rows[index]!.status !== SUBSCRIPTION_STATUS.pending) {
      run.alreadySettled += 1;
      continue;
    }
    const settled = await settleSubscription(runtime, db, offer, row.subscriptionId, row.allocatedLots);
    if (settled) run.subscriptionsSettled += 1;
    else run.alreadySettled += 1;
  }
}

/**
 * One subscription's allocation, in its own transaction: pending -> allocated (or nothing allocated)
 * by a conditional update, then one entry `new_share.allocated`: frozen -F, the house (the issuer)
 * +A, available +R. Answers false when another runner got there first.
 */
async function settleSubscription(
  runtime: Runtime,
  db: Kysely<Database>,
  offer: OfferRecord,
  subscriptionId: number,
  allocatedLots: number,
): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    const now = runtime.clock();
    const subscription = await transaction
      .selectFrom('new_share_subscription')
      .select([
        'id',
        'user_id',
        'book',
        'lots',
        'lot_size',
        'currency_id',
        'status',
        unitsText('issue_price_units', 'issue_price'),
        unitsText('frozen_units', 'frozen'),
      ])
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    if (subscription.status !== SUBSCRIPTION_STATUS.pending) return false;
    const settled = settleNewShareSubscription({
      lots: subscription.lots,
      lotSize: subscription.lot_size,
      issuePrice: BigInt(subscription.issue_price),
      frozen: BigInt(subscription.frozen),
      allocatedLots,
    });
    const moved = await transaction
      .updateTable('new_share_subscription')
      .set({
        status: allocatedLots > 0 ? SUBSCRIPTION_STATUS.allocated : SUBSCRIPTION_STATUS.notAllocated,
        allocated_lots: allocatedLots,
        allocated_units: bigintValue(settled.allocated),
        refund_units: bigintValue(settled.refund),
        allocated_at: now,
      })
      .where('id', '=', subscriptionId)
      .where('status', '=', SUBSCRIPTION_STATUS.pending)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;

    const owner = { userId: subscription.user_id, book: subscription.book, currencyId: subscription.currency_id };
    const accounts = {
      frozen: await accountId(transaction, { ...owner, kind: 'frozen' }),
      available: await accountId(transaction, { ...owner, kind: 'available' }),
      issuer: await accountId(
        transaction,
        platformAccount(subscription.book, subscription.currency_id, PLATFORM_ACCOUNTS.tradingHouse),
      ),
    };
    const { entryId } = await postEntry(
      transaction,
      {
        reasonCode: NEW_SHARE_REASONS.allocated,
        referenceType: SUBSCRIPTION_REFERENCE,
        referenceId: String(subscriptionId),
        actorType: 'system',
        actorId: NEW_SHARES_JOB,
        memo: `${offer.rule} allocation of offer ${offer.id} (${offer.productCode}), seed commitment ${offer.seedCommitment}: ${allocatedLots} of ${subscription.lots} lots`,
        tickId: null,
        tickSource: null,
        postings: postingsOf(settled.moves, accounts, subscription.currency_id),
      },
      now,
    );
    await transaction
      .updateTable('new_share_subscription')
      .set({ allocation_entry_id: entryId })
      .where('id', '=', subscriptionId)
      .execute();
    const money = (units: bigint) => ({ money: formatDecimal(units, offer.moneyScale) });
    await writeSiteMessage(
      transaction,
      {
        userId: subscription.user_id,
        kind: 'new_share_allocated',
        outcome: allocatedLots > 0 ? 'allocated' : 'not_allocated',
        reference: `${SUBSCRIPTION_REFERENCE}:${subscriptionId}`,
        params: {
          name: offer.name,
          shares: String(allocatedLots * subscription.lot_size),
          lots: String(allocatedLots),
          requestedLots: String(subscription.lots),
          paid: money(settled.allocated),
          refund: money(settled.refund),
          currency: offer.currencyName,
        },
      },
      now,
    );
    return true;
  });
}

async function deliverDue(runtime: Runtime, db: Kysely<Database>, asOf: number, run: SettleRun): Promise<void> {
  let afterId = 0;
  for (let batch = 0; batch < DELIVERY_BATCHES_MAX; batch += 1) {
    const due = await db
      .selectFrom('new_share_subscription as subscription')
      .innerJoin('new_share_product as offer', 'offer.id', 'subscription.product_id')
      .select(['subscription.id', 'offer.product_code'])
      .where('subscription.status', '=', SUBSCRIPTION_STATUS.allocated)
      .where('offer.unlock_time', '<=', asOf)
      .where('subscription.id', '>', afterId)
      .orderBy('subscription.id')
      .limit(DELIVERY_BATCH)
      .execute();
    for (const row of due) {
      afterId = row.id;
      try {
        const outcome = await deliver(runtime, db, row.id, row.product_code, asOf);
        if (outcome === 'delivered') run.delivered += 1;
        else if (outcome === 'already') run.alreadyDelivered += 1;
        else run.undeliverable += 1;
      } catch (error) {
        run.failed += 1;
        runtime.log.error({ err: error, subscriptionId: row.id }, 'new shares: delivery failed, retried next run');
      }
    }
    if (due.length < DELIVERY_BATCH) return;
  }
}

/**
 * One allocated subscription becomes a held spot order, in its own transaction: allocated ->
 * delivered by a conditional update, then the spot_order row a spot buy would write (quantity at the
 * product's quantity scale, the issue price at its price scale, the allocated amount, no fee, the
 * allocation's entry as the buy entry). No ledger entry: the shares were paid for at allocation.
 */
async function deliver(
  runtime: Runtime,
  db: Kysely<Database>,
  subscriptionId: number,
  productCode: string,
  asOf: number,
): Promise<'delivered' | 'already' | 'undeliverable'> {
  return db.transaction().execute(async (transaction) => {
    const now = runtime.clock();
    const product = await transaction
      .selectFrom('product')
      .select(['product_type', 'price_scale', 'quantity_scale', 'standard'])
      .where('product_code', '=', productCode)
      .executeTakeFirst();
    if (!product) {
      runtime.log.warn({ subscriptionId, productCode }, 'new shares: the spot product is gone, delivery waits');
      return 'undeliverable';
    }
    const subscription = await transaction
      .updateTable('new_share_subscription')
      .set({ status: SUBSCRIPTION_STATUS.delivered, delivered_at: now })
      .where('id', '=', subscriptionId)
      .where('status', '=', SUBSCRIPTION_STATUS.allocated)
      .returning([
        'id',
        'product_id',
        'user_id',
        'book',
        'lot_size',
        'currency_id',
        'money_scale',
        'allocated_lots',
        'allocation_entry_id',
        unitsText('issue_price_units', 'issue_price'),
        unitsText('allocated_units', 'allocated'),
      ])
      .executeTakeFirst();
    if (!subscription) return 'already';
    const shares = BigInt((subscription.allocated_lots ?? 0) * subscription.lot_size);
    const issuePrice = BigInt(subscription.issue_price);
    const moneyScale = subscription.money_scale;
    // The issue price at the product's price scale: exact for an offer saved through the operator API
    // (its price is checked at both scales); were the product's scale changed since, rounded up, as a
    // price the customer paid.
    const buyPrice =
      product.price_scale >= moneyScale
        ? issuePrice * pow10(product.price_scale - moneyScale)
        : divideWithRounding(issuePrice, pow10(moneyScale - product.price_scale), HOUSE_ROUNDING.customerPays);
    const inserted = await transaction
      .insertInto('spot_order')
      .values({
        user_id: subscription.user_id,
        book: subscription.book,
        product_code: productCode,
        product_type: product.product_type,
        currency_id: subscription.currency_id,
        money_scale: moneyScale,
        price_scale: product.price_scale,
        quantity_scale: product.quantity_scale,
        contract_size: product.standard,
        quantity_units: bigintValue(shares * pow10(product.quantity_scale)),
        buy_price_units: bigintValue(buyPrice),
        buy_amount_units: bigintValue(BigInt(subscription.allocated ?? '0')),
        buy_fee_rate: '0',
        buy_fee_units: bigintValue(0n),
        buy_tick_id: `new_share:${subscription.product_id}`,
        buy_tick_source: NEW_SHARE_TICK_SOURCE,
        buy_entry_id: subscription.allocation_entry_id,
        buy_time: now,
        ...UNSOLD_SPOT_ORDER_COLUMNS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await transaction
      .updateTable('new_share_subscription')
      .set({ spot_order_id: inserted.id })
      .where('id', '=', subscriptionId)
      .execute();
    runtime.log.debug({ subscriptionId, spotOrderId: inserted.id, asOf }, 'new shares delivered');
    return 'delivered';
  });
}
