import { sql, type Kysely } from 'kysely';
import { staking, type Book } from '@kestrel/contract';
import {
  formatDecimal,
  stakingAnnualRate,
  stakingPenalty,
  stakingProductStatus,
  type StakingOrderState,
  type StakingTerms,
} from '@kestrel/domain';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import { bigintValue, bookColumn, nullableUnitsText, unitsText } from '../../core/columns';
import { filterWhenGiven, readPage, type PageRequest } from '../../core/paging';
import { PLATFORM_ACCOUNTS, PLATFORM_USER_ID } from '../ledger/accounts';

const { STAKING_ORDER_STATUS } = staking;
const RESERVE_KIND = PLATFORM_ACCOUNTS.stakingReserve.kind;

// ---- Products ----

/** What an order is decided by: a product's terms (`productTerms`), its switches and its currency's scale. */
const PRODUCT_TERMS_COLUMNS = [
  'product.id',
  'product.currency_id',
  'product.term_days',
  'product.daily_rate',
  'product.penalty_rate',
  unitsText('product.min_units', 'min_units'),
  unitsText('product.max_units', 'max_units'),
  unitsText('product.per_customer_max_units', 'per_customer_max_units'),
  unitsText('product.quota_units', 'quota_units'),
  'product.paused',
  'product.demo_allowed',
  'currency.scale',
] as const;

/** A product with what its customers' view needs, for one book: active principal, the reserve and what is promised of it. */
function productQuery(db: Kysely<Database>, book: Book) {
  return db
    .selectFrom('staking_product as product')
    .innerJoin('platform_currency as currency', 'currency.id', 'product.currency_id')
    .select([
      ...PRODUCT_TERMS_COLUMNS,
      'product.name',
      'product.description',
      'product.is_visible',
      'currency.currency_name',
      sql<string>`(select cast(coalesce(sum(active.principal_units), 0) as text) from staking_order active
        where active.product_id = product.id and active.book = ${book} and active.status = ${STAKING_ORDER_STATUS.active})`.as(
        'active_units',
      ),
      sql<string | null>`(select cast(reserve.balance_units as text) from ledger_account reserve
        where reserve.user_id = ${PLATFORM_USER_ID} and reserve.book = ${book}
          and reserve.currency_id = product.currency_id and reserve.kind = ${RESERVE_KIND})`.as('reserve_units'),
      sql<string | null>`(select cast(commitment.committed_units as text) from staking_commitment commitment
        where commitment.book = ${book} and commitment.currency_id = product.currency_id)`.as('committed_units'),
    ]);
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof productQuery>['execute']>>[number];

export function productTerms(row: {
  scale: number;
  term_days: number;
  daily_rate: string;
  penalty_rate: string;
  min_units: string;
  max_units: string;
  per_customer_max_units: string;
  quota_units: string;
}): StakingTerms {
  return {
    moneyScale: row.scale,
    termDays: row.term_days,
    dailyRate: row.daily_rate,
    penaltyRate: row.penalty_rate,
    min: BigInt(row.min_units),
    max: BigInt(row.max_units),
    perCustomerMax: BigInt(row.per_customer_max_units),
    quota: BigInt(row.quota_units),
  };
}

function productRecord(row: ProductRow): staking.StakingProduct {
  const terms = productTerms(row);
  const reserveUncommitted = BigInt(row.reserve_units ?? '0') - BigInt(row.committed_units ?? '0');
  const status = stakingProductStatus({
    terms,
    paused: row.paused !== 0,
    activePrincipal: BigInt(row.active_units),
    reserveUncommitted,
  });
  const money = (units: bigint) => formatDecimal(units, row.scale);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    currencyId: row.currency_id,
    currencyName: row.currency_name,
    termDays: row.term_days,
    dailyRate: row.daily_rate,
    annualRate: stakingAnnualRate(row.daily_rate),
    minAmount: money(terms.min),
    maxAmount: money(terms.max),
    perCustomerMax: money(terms.perCustomerMax),
    penaltyRate: row.penalty_rate,
    quota: money(terms.quota),
    quotaRemaining: money(status.quotaRemaining),
    reserveUncommitted: money(reserveUncommitted > 0n ? reserveUncommitted : 0n),
    acceptingOrders: status.acceptingOrders,
    closedReason: status.closedReason,
    demoAllowed: row.demo_allowed === 0 ? 0 : 1,
  };
}

/** The visible products, as the viewer's book sees them (a logged-out viewer sees the real book). */
export async function listProducts(
  db: Kysely<Database>,
  book: Book,
  page: PageRequest,
): Promise<{ rows: staking.StakingProduct[]; total: number }> {
  const { rows, total } = await productPage(db, book, page, { withHidden: false });
  return { rows: rows.map(({ visible: _visible, ...product }) => product), total };
}

/** Every product, hidden ones included, with whether customers see it (the operator's list). */
export async function operatorProducts(
  db: Kysely<Database>,
  page: PageRequest,
): Promise<{ rows: (staking.StakingProduct & { visible: boolean })[]; total: number }> {
  return productPage(db, 'real', page, { withHidden: true });
}

async function productPage(
  db: Kysely<Database>,
  book: Book,
  page: PageRequest,
  options: { withHidden: boolean },
): Promise<{ rows: (staking.StakingProduct & { visible: boolean })[]; total: number }> {
  const products = productQuery(db, book).select('product.is_visible');
  return readPage(
    (options.withHidden ? products : products.where('product.is_visible', '=', 1))
      .orderBy('product.sort')
      .orderBy('product.id'),
    page,
    (row) => ({ ...productRecord(row), visible: row.is_visible === 1 }),
  );
}

/** One product as `book` sees it; with `visibleOnly`, a hidden product reads as unknown. */
export async function findProduct(
  db: Kysely<Database>,
  id: number,
  book: Book,
  options: { visibleOnly: boolean },
): Promise<staking.StakingProduct | null> {
  let query = productQuery(db, book).where('product.id', '=', id);
  if (options.visibleOnly) query = query.where('product.is_visible', '=', 1);
  const row = await query.executeTakeFirst();
  return row ? productRecord(row) : null;
}

/**
 * A product's terms read inside a transaction that places an order in it or edits it. On PostgreSQL its
 * row is locked, so orders of one product (their quota) and an operator's edit of it go one at a time.
 * Orders see visible products only; an operator's edit reaches hidden ones too.
 */
export async function lockProduct(
  transaction: Kysely<Database>,
  dialect: DialectName,
  id: number,
  options: { visibleOnly: boolean },
) {
  let query = transaction
    .selectFrom('staking_product as product')
    .innerJoin('platform_currency as currency', 'currency.id', 'product.currency_id')
    .select(PRODUCT_TERMS_COLUMNS)
    .where('product.id', '=', id);
  if (options.visibleOnly) query = query.where('product.is_visible', '=', 1);
  if (dialect === 'postgres') query = query.forUpdate('product');
  return query.executeTakeFirst();
}

/** Active principal in a product: one customer's (`userId`) or every customer's in `book`. */
export async function activePrincipal(
  db: Kysely<Database>,
  productId: number,
  who: { userId: number } | { book: Book },
): Promise<bigint> {
  let query = db
    .selectFrom('staking_order')
    .select(sql<string>`cast(coalesce(sum(principal_units), 0) as text)`.as('units'))
    .where('product_id', '=', productId)
    .where('status', '=', STAKING_ORDER_STATUS.active);
  query = 'userId' in who ? query.where('user_id', '=', who.userId) : query.where('book', '=', who.book);
  const row = await query.executeTakeFirstOrThrow();
  return BigInt(row.units);
}

/** The reserve's balance minus every yield still promised, for a book and currency (zero reserve when it does not exist). */
export async function reserveUncommitted(db: Kysely<Database>, book: Book, currencyId: number): Promise<bigint> {
  const row = await db
    .selectNoFrom([
      sql<string | null>`(select cast(balance_units as text) from ledger_account
        where user_id = ${PLATFORM_USER_ID} and book = ${book} and currency_id = ${currencyId} and kind = ${RESERVE_KIND})`.as(
        'reserve',
      ),
      sql<string | null>`(select cast(committed_units as text) from staking_commitment
        where book = ${book} and currency_id = ${currencyId})`.as('committed'),
    ])
    .executeTakeFirstOrThrow();
  return BigInt(row.reserve ?? '0') - BigInt(row.committed ?? '0');
}

/**
 * Creates the commitment row of (book, currency) at zero the first time and, on PostgreSQL, locks it
 * for the rest of the transaction. Every writer takes it before its first ledger posting (a yield
 * payment changes the commitment before it posts), so the lock order is always customer, product,
 * order, commitment, ledger accounts, and no two writers wait on each other in a circle.
 */
export async function lockCommitment(
  transaction: Kysely<Database>,
  dialect: DialectName,
  key: { book: Book; currencyId: number },
): Promise<void> {
  await transaction
    .insertInto('staking_commitment')
    .values({ book: key.book, currency_id: key.currencyId, committed_units: sql<string>`0` })
    .onConflict((conflict) => conflict.columns(['book', 'currency_id']).doNothing())
    .execute();
  if (dialect !== 'postgres') return;
  await transaction
    .selectFrom('staking_commitment')
    .select('book')
    .where('book', '=', key.book)
    .where('currency_id', '=', key.currencyId)
    .forUpdate()
    .execute();
}

/**
 * Changes what is promised out of the reserve of (book, currency) by `change`. A commitment
 * (positive) is made by ONE conditional statement that keeps the promised total at or below the
 * reserve's balance: answers false when it would not, and nothing changed. The row is created at zero
 * the first time, and on PostgreSQL locked before the statement, so the statement reads the reserve
 * after every yield payment that was holding it (payments change the commitment before the reserve).
 */
export async function changeCommitment(
  transaction: Kysely<Database>,
  dialect: DialectName,
  key: { book: Book; currencyId: number },
  change: bigint,
): Promise<boolean> {
  if (change === 0n) return true;
  if (change < 0n) {
    const released = await transaction
      .updateTable('staking_commitment')
      .set({ committed_units: sql`committed_units + ${bigintValue(change)}` })
      .where('book', '=', key.book)
      .where('currency_id', '=', key.currencyId)
      .executeTakeFirst();
    if (Number(released.numUpdatedRows) !== 1)
      throw new Error(`no staking commitment to release for ${key.book}/${key.currencyId}`);
    return true;
  }
  await lockCommitment(transaction, dialect, key);
  const amount = change.toString();
  const committed = await transaction
    .updateTable('staking_commitment')
    .set({ committed_units: sql`committed_units + cast(${amount} as bigint)` })
    .where('book', '=', key.book)
    .where('currency_id', '=', key.currencyId)
    .where(
      sql<boolean>`committed_units + cast(${amount} as bigint) <= (select reserve.balance_units from ledger_account reserve
        where reserve.user_id = ${PLATFORM_USER_ID} and reserve.book = ${key.book}
          and reserve.currency_id = ${key.currencyId} and reserve.kind = ${RESERVE_KIND})`,
    )
    .executeTakeFirst();
  return Number(committed.numUpdatedRows) === 1;
}

// ---- Orders ----

function orderQuery(db: Kysely<Database>) {
  return db
    .selectFrom('staking_order as stake')
    .innerJoin('staking_product as product', 'product.id', 'stake.product_id')
    .innerJoin('platform_currency as currency', 'currency.id', 'stake.currency_id')
    .select([
      'stake.id',
      'stake.product_id',
      'stake.user_id',
      'stake.book',
      'stake.currency_id',
      'stake.money_scale',
      unitsText('stake.principal_units', 'principal_units'),
      'stake.daily_rate',
      'stake.term_days',
      'stake.penalty_rate',
      unitsText('stake.daily_yield_units', 'daily_yield_units'),
      unitsText('stake.expected_yield_units', 'expected_yield_units'),
      'stake.days_accrued',
      unitsText('stake.accrued_units', 'accrued_units'),
      'stake.start_time',
      'stake.maturity_time',
      'stake.status',
      unitsText('stake.penalty_units', 'penalty_units'),
      nullableUnitsText('stake.payout_units', 'payout_units'),
      'stake.end_time',
      'product.name as product_name',
      'currency.currency_name',
    ]);
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['execute']>>[number];

export function orderState(row: {
  money_scale: number;
  principal_units: string;
  penalty_rate: string;
  term_days: number;
  daily_yield_units: string;
  expected_yield_units: string;
  days_accrued: number;
  accrued_units: string;
  start_time: number | string;
  maturity_time: number | string;
  status: number;
}): StakingOrderState {
  return {
    moneyScale: row.money_scale,
    principal: BigInt(row.principal_units),
    penaltyRate: row.penalty_rate,
    termDays: row.term_days,
    dailyYield: BigInt(row.daily_yield_units),
    expectedYield: BigInt(row.expected_yield_units),
    daysAccrued: row.days_accrued,
    accrued: BigInt(row.accrued_units),
    startTime: Number(row.start_time),
    maturityTime: Number(row.maturity_time),
    status: row.status,
  };
}

function orderRecord(row: OrderRow): staking.StakingOrderRecord {
  const money = (units: bigint) => formatDecimal(units, row.money_scale);
  const principal = BigInt(row.principal_units);
  // Active: what redeeming now would keep; redeemed: what it kept; matured: nothing.
  const penalty =
    row.status === STAKING_ORDER_STATUS.active
      ? stakingPenalty(principal, row.money_scale, row.penalty_rate)
      : row.status === STAKING_ORDER_STATUS.redeemed
        ? BigInt(row.penalty_units)
        : 0n;
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    currencyName: row.currency_name,
    buyPrice: money(principal),
    dailyRate: row.daily_rate,
    termDays: row.term_days,
    penaltyRate: row.penalty_rate,
    dailyYield: money(BigInt(row.daily_yield_units)),
    expectedYield: money(BigInt(row.expected_yield_units)),
    daysAccrued: row.days_accrued,
    accruedYield: money(BigInt(row.accrued_units)),
    startTime: Number(row.start_time),
    maturityTime: Number(row.maturity_time),
    status: row.status,
    penalty: money(penalty),
    payout: row.payout_units === null ? null : money(BigInt(row.payout_units)),
    endTime: row.end_time === null ? null : Number(row.end_time),
    demo: bookColumn(row.book) === 'demo' ? 1 : 0,
  };
}

/** One order; with `userId`, only if it is that customer's (another's reads as unknown). */
export async function findOrder(
  db: Kysely<Database>,
  id: number,
  userId?: number,
): Promise<staking.StakingOrderRecord | null> {
  let query = orderQuery(db).where('stake.id', '=', id);
  if (userId !== undefined) query = query.where('stake.user_id', '=', userId);
  const row = await query.executeTakeFirst();
  return row ? orderRecord(row) : null;
}

/** The customer's own orders, newest first, optionally of one status. */
export async function customerOrders(
  db: Kysely<Database>,
  userId: number,
  query: PageRequest & { status?: number | undefined },
): Promise<{ rows: staking.StakingOrderRecord[]; total: number }> {
  const own = filterWhenGiven(orderQuery(db).where('stake.user_id', '=', userId), query.status, (orders, status) =>
    orders.where('stake.status', '=', status),
  );
  return readPage(own.orderBy('stake.id', 'desc'), query, orderRecord);
}

/** An order's stored state and its owner, for the writers (locked on PostgreSQL with `lock`). */
export async function orderForUpdate(
  transaction: Kysely<Database>,
  id: number,
  options: { userId?: number; lock: DialectName | null },
) {
  let query = transaction
    .selectFrom('staking_order')
    .select([
      'id',
      'user_id',
      'book',
      'currency_id',
      'money_scale',
      unitsText('principal_units', 'principal_units'),
      'penalty_rate',
      'term_days',
      unitsText('daily_yield_units', 'daily_yield_units'),
      unitsText('expected_yield_units', 'expected_yield_units'),
      'days_accrued',
      unitsText('accrued_units', 'accrued_units'),
      'start_time',
      'maturity_time',
      'status',
    ])
    .where('id', '=', id);
  if (options.userId !== undefined) query = query.where('user_id', '=', options.userId);
  if (options.lock === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    book: bookColumn(row.book),
    currencyId: row.currency_id,
    state: orderState(row),
  };
}

export type StoredOrder = NonNullable<Awaited<ReturnType<typeof orderForUpdate>>>;
