import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { newShares, type Book } from '@kestrel/contract';
import { formatDecimal, newSharePhase, type NewShareAllocationRule } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { bookColumn, nullableUnitsText, unitsText } from '../../core/columns';
import { pageOffset, pageWithTotal, type PageRequest } from '../../core/paging';

const { SUBSCRIPTION_STATUS } = newShares;

/** Statuses whose lots count against the customer's maximum: waiting, allocated, delivered. */
export const HELD_STATUSES = [
  SUBSCRIPTION_STATUS.pending,
  SUBSCRIPTION_STATUS.allocated,
  SUBSCRIPTION_STATUS.delivered,
];

/** A new-share offer as the services read it: money as bigint units, the seed kept apart from any view. */
export interface OfferRecord {
  id: number;
  productCode: string;
  name: string;
  description: string;
  currencyId: number;
  currencyName: string;
  moneyScale: number;
  issuePrice: bigint;
  lotSize: number;
  maxLotsPerCustomer: number;
  supplyLots: number;
  subscribeStart: number;
  subscribeEnd: number;
  allocationTime: number;
  listingTime: number;
  lockupDays: number;
  unlockTime: number;
  rule: NewShareAllocationRule;
  /** Never shown before allocatedAt is set. */
  seed: string;
  seedCommitment: string;
  demoAllowed: boolean;
  visible: boolean;
  allocatedAt: number | null;
  /** The spot product's type (1 stock, 2 crypto, 3 futures, 4 forex); 0 if it has gone. */
  productType: number;
}

function offers(db: Kysely<Database>) {
  return db
    .selectFrom('new_share_product as offer')
    .innerJoin('platform_currency as currency', 'currency.id', 'offer.currency_id')
    .leftJoin('product', 'product.product_code', 'offer.product_code')
    .select([
      'offer.id',
      'offer.product_code',
      'offer.name',
      'offer.description',
      'offer.currency_id',
      'currency.currency_name',
      'offer.money_scale',
      unitsText('offer.issue_price_units', 'issue_price'),
      'offer.lot_size',
      'offer.max_lots_per_customer',
      'offer.supply_lots',
      'offer.subscribe_start',
      'offer.subscribe_end',
      'offer.allocation_time',
      'offer.listing_time',
      'offer.lockup_days',
      'offer.unlock_time',
      'offer.allocation_rule',
      'offer.seed',
      'offer.seed_commitment',
      'offer.demo_allowed',
      'offer.is_visible',
      'offer.allocated_at',
      'product.product_type',
    ]);
}

type OfferRow = Awaited<ReturnType<ReturnType<typeof offers>['execute']>>[number];

function ruleOf(text: string): NewShareAllocationRule {
  if (text !== 'lottery' && text !== 'pro_rata') throw new Error(`new_share_product holds the rule ${text}`);
  return text;
}

function toOffer(row: OfferRow): OfferRecord {
  return {
    id: row.id,
    productCode: row.product_code,
    name: row.name,
    description: row.description,
    currencyId: row.currency_id,
    currencyName: row.currency_name,
    moneyScale: row.money_scale,
    issuePrice: BigInt(row.issue_price),
    lotSize: row.lot_size,
    maxLotsPerCustomer: row.max_lots_per_customer,
    supplyLots: row.supply_lots,
    subscribeStart: Number(row.subscribe_start),
    subscribeEnd: Number(row.subscribe_end),
    allocationTime: Number(row.allocation_time),
    listingTime: Number(row.listing_time),
    lockupDays: row.lockup_days,
    unlockTime: Number(row.unlock_time),
    rule: ruleOf(row.allocation_rule),
    seed: row.seed,
    seedCommitment: row.seed_commitment,
    demoAllowed: row.demo_allowed === 1,
    visible: row.is_visible === 1,
    allocatedAt: row.allocated_at === null ? null : Number(row.allocated_at),
    productType: row.product_type ?? 0,
  };
}

/** One offer by id (visible or not: the caller decides what a customer may see). */
export async function findOffer(db: Kysely<Database>, id: number): Promise<OfferRecord | undefined> {
  const row = await offers(db).where('offer.id', '=', id).executeTakeFirst();
  return row ? toOffer(row) : undefined;
}

/**
 * Locks the offer's row for the rest of the transaction (PostgreSQL; SQLite runs one transaction at a
 * time): a subscription, an operator's edit and the allocation's read of the subscriptions each hold it,
 * so none of them sees the offer half-way through another.
 */
export async function lockOffer(transaction: Kysely<Database>, dialect: string, id: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await transaction.selectFrom('new_share_product').select('id').where('id', '=', id).forUpdate().execute();
}

/** Lots subscribed, subscribers and lots allocated per offer in one book. */
interface OfferStatistics {
  subscribedLots: number;
  subscriberCount: number;
  allocatedLots: number;
}

async function statistics(db: Kysely<Database>, ids: number[], book: Book): Promise<Map<number, OfferStatistics>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('new_share_subscription')
    .select([
      'product_id',
      sql<number | string>`coalesce(sum(lots), 0)`.as('lots'),
      sql<number | string>`count(distinct user_id)`.as('subscribers'),
      sql<number | string>`coalesce(sum(allocated_lots), 0)`.as('allocated'),
    ])
    .where('product_id', 'in', ids)
    .where('book', '=', book)
    .groupBy('product_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.product_id,
      {
        subscribedLots: Number(row.lots),
        subscriberCount: Number(row.subscribers),
        allocatedLots: Number(row.allocated),
      },
    ]),
  );
}

/** The customer's (or the public's) view of an offer; the seed only once it has been allocated. */
export function offerView(
  offer: OfferRecord,
  stats: OfferStatistics | undefined,
  now: number,
): newShares.NewShareProduct {
  const allocated = offer.allocatedAt !== null;
  return {
    id: offer.id,
    productCode: offer.productCode,
    productName: offer.name,
    productType: offer.productType,
    description: offer.description,
    currencyId: offer.currencyId,
    currencyName: offer.currencyName,
    issuePrice: formatDecimal(offer.issuePrice, offer.moneyScale),
    lotSize: offer.lotSize,
    maxLotsPerCustomer: offer.maxLotsPerCustomer,
    supplyLots: offer.supplyLots,
    subscribedLots: stats?.subscribedLots ?? 0,
    subscriberCount: stats?.subscriberCount ?? 0,
    subscribeStartTime: offer.subscribeStart,
    subscribeEndTime: offer.subscribeEnd,
    allocationTime: offer.allocationTime,
    listingTime: offer.listingTime,
    lockupDays: offer.lockupDays,
    unlockTime: offer.unlockTime,
    allocationRule: offer.rule,
    seedCommitment: offer.seedCommitment,
    seed: allocated ? offer.seed : null,
    phase: newSharePhase(offer, now),
    demoAllowed: offer.demoAllowed ? 1 : 0,
    allocatedLots: allocated ? (stats?.allocatedLots ?? 0) : null,
    allocatedTime: offer.allocatedAt,
  };
}

/** One offer as `book` sees it (its statistics are that book's). */
export async function offerViewOf(
  db: Kysely<Database>,
  offer: OfferRecord,
  book: Book,
  now: number,
): Promise<newShares.NewShareProduct> {
  return offerView(offer, (await statistics(db, [offer.id], book)).get(offer.id), now);
}

/** Visible offers, newest window first. */
export async function listOffers(
  db: Kysely<Database>,
  /** `withHidden`: the operator's list, hidden offers included. */
  filter: { productType?: number; withHidden?: boolean },
  page: PageRequest,
  book: Book,
  now: number,
): Promise<{ rows: newShares.NewShareProduct[]; total: number }> {
  let rows = offers(db);
  let count = db
    .selectFrom('new_share_product as offer')
    .leftJoin('product', 'product.product_code', 'offer.product_code');
  if (!filter.withHidden) {
    rows = rows.where('offer.is_visible', '=', 1);
    count = count.where('offer.is_visible', '=', 1);
  }
  if (filter.productType !== undefined) {
    rows = rows.where('product.product_type', '=', filter.productType);
    count = count.where('product.product_type', '=', filter.productType);
  }
  const found = await pageWithTotal(
    rows
      .orderBy('offer.subscribe_start', 'desc')
      .orderBy('offer.id', 'desc')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
    count.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  );
  const records = found.rows.map(toOffer);
  const stats = await statistics(
    db,
    records.map((offer) => offer.id),
    book,
  );
  return { rows: records.map((offer) => offerView(offer, stats.get(offer.id), now)), total: found.total };
}

/** Every subscription of an allocated offer in one book, in subscription order, nobody named. */
export async function listAllocations(
  db: Kysely<Database>,
  offerId: number,
  book: Book,
  page: PageRequest,
): Promise<{ rows: z.input<typeof newShares.allocationRow>[]; total: number }> {
  const base = db.selectFrom('new_share_subscription').where('product_id', '=', offerId).where('book', '=', book);
  const found = await pageWithTotal(
    base.select(['id', 'lots', 'allocated_lots']).orderBy('id').limit(page.pageSize).offset(pageOffset(page)).execute(),
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  );
  return {
    rows: found.rows.map((row) => ({ subscriptionId: row.id, lots: row.lots, allocatedLots: row.allocated_lots ?? 0 })),
    total: found.total,
  };
}

// ---- Subscriptions ----

function subscriptions(db: Kysely<Database>) {
  return db
    .selectFrom('new_share_subscription as subscription')
    .innerJoin('new_share_product as offer', 'offer.id', 'subscription.product_id')
    .innerJoin('platform_currency as currency', 'currency.id', 'subscription.currency_id')
    .select([
      'subscription.id',
      'subscription.product_id',
      'subscription.user_id',
      'subscription.book',
      'subscription.lots',
      'subscription.lot_size',
      'subscription.money_scale',
      unitsText('subscription.issue_price_units', 'issue_price'),
      unitsText('subscription.frozen_units', 'frozen'),
      'subscription.status',
      'subscription.allocated_lots',
      nullableUnitsText('subscription.allocated_units', 'allocated'),
      nullableUnitsText('subscription.refund_units', 'refund'),
      'subscription.spot_order_id',
      'subscription.created_at',
      'offer.product_code',
      'offer.name',
      'offer.allocation_time',
      'offer.unlock_time',
      'currency.currency_name',
    ]);
}

type SubscriptionRow = Awaited<ReturnType<ReturnType<typeof subscriptions>['execute']>>[number];

function subscriptionView(row: SubscriptionRow): newShares.SubscriptionRecord {
  const money = (units: string | null) => (units === null ? null : formatDecimal(BigInt(units), row.money_scale));
  return {
    id: row.id,
    newProductApplyPurchaseId: row.product_id,
    productCode: row.product_code,
    productName: row.name,
    currencyName: row.currency_name,
    issuePrice: formatDecimal(BigInt(row.issue_price), row.money_scale),
    lotSize: row.lot_size,
    applyPurchaseQuantity: row.lots * row.lot_size,
    lots: row.lots,
    frozenAmount: formatDecimal(BigInt(row.frozen), row.money_scale),
    allocatedQuantity: row.allocated_lots === null ? null : row.allocated_lots * row.lot_size,
    allocatedAmount: money(row.allocated),
    refundAmount: money(row.refund),
    status: row.status,
    allocationTime: Number(row.allocation_time),
    unlockTime: Number(row.unlock_time),
    spotTradeOrderId: row.spot_order_id,
    demo: bookColumn(row.book) === 'demo' ? 1 : 0,
    createTime: Number(row.created_at),
  };
}

export async function findSubscription(
  db: Kysely<Database>,
  id: number,
): Promise<newShares.SubscriptionRecord | undefined> {
  const row = await subscriptions(db).where('subscription.id', '=', id).executeTakeFirst();
  return row ? subscriptionView(row) : undefined;
}

/** A customer's own subscriptions (one user id is one book), newest first. */
export async function listOwnSubscriptions(
  db: Kysely<Database>,
  userId: number,
  filter: { productId?: number },
  page: PageRequest,
): Promise<{ rows: newShares.SubscriptionRecord[]; total: number }> {
  let rows = subscriptions(db).where('subscription.user_id', '=', userId);
  let count = db.selectFrom('new_share_subscription').where('user_id', '=', userId);
  if (filter.productId !== undefined) {
    rows = rows.where('subscription.product_id', '=', filter.productId);
    count = count.where('product_id', '=', filter.productId);
  }
  const found = await pageWithTotal(
    rows.orderBy('subscription.id', 'desc').limit(page.pageSize).offset(pageOffset(page)).execute(),
    count.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  );
  return { rows: found.rows.map(subscriptionView), total: found.total };
}

/** Lots held by one customer in an offer (waiting, allocated or delivered), and by everyone in that book. */
export async function lotsHeld(
  transaction: Kysely<Database>,
  offerId: number,
  owner: { userId: number; book: Book },
): Promise<{ customerLots: number; bookLots: number }> {
  const row = await transaction
    .selectFrom('new_share_subscription')
    .select([
      sql<number | string>`coalesce(sum(case when user_id = ${owner.userId} then lots else 0 end), 0)`.as('customer'),
      sql<number | string>`coalesce(sum(lots), 0)`.as('book'),
    ])
    .where('product_id', '=', offerId)
    .where('book', '=', owner.book)
    .where('status', 'in', HELD_STATUSES)
    .executeTakeFirstOrThrow();
  return { customerLots: Number(row.customer), bookLots: Number(row.book) };
}
