import { sql, type Kysely } from 'kysely';
import { ACCOUNT_TYPE, bookOf, staking } from '@kestrel/contract';
import {
  decideStakingOrder,
  decideStakingRedemption,
  formatDecimal,
  parseStakingTerms,
  stakingMaturity,
  stakingTermsChanged,
  type ActorType,
} from '@kestrel/domain';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import type { Once } from '../../core/idempotency';
import { lockCustomer } from '../../core/customer-lock';
import { bigintValue } from '../../core/columns';
import { refuse, refuseProblem } from '../../core/errors';
import { availableUnits } from '../ledger/balances';
import { InsufficientBalanceError } from '../ledger/post-entry';
import { recordAudit } from '../staff/audit';
import {
  activePrincipal,
  changeCommitment,
  findOrder,
  findProduct,
  lockCommitment,
  lockProduct,
  orderForUpdate,
  productTerms,
  reserveUncommitted,
} from './staking-repository';
import { postStakingEntry, prepareStakingAccounts, STAKING_REASONS } from './staking-entries';
import { matureOrder, payNextDay } from './staking-accrual';

const { STAKING_ORDER_STATUS } = staking;

export interface StakingCustomer {
  userId: number;
  accountType: number;
}

interface Request {
  once: Once;
  now: number;
}

async function orderView(transaction: Kysely<Database>, id: number): Promise<staking.StakingOrderRecord> {
  const record = await findOrder(transaction, id);
  if (!record) throw new Error(`staking order ${id} vanished inside its own transaction`);
  return record;
}

/**
 * `stakingOrder/add`: under the customer's lock and the product's (PostgreSQL), the domain decides
 * from the product's terms, the active principal of the customer and of the product in the book, the
 * reserve's uncommitted amount and the available balance; then ONE conditional statement commits the
 * whole-term yield against the reserve (the last word when orders race), the order row is written, and
 * one entry moves the principal from available to staked.
 */
export async function addStakingOrder(
  dialect: DialectName,
  who: StakingCustomer,
  input: { productId: number; buyPrice: string },
  request: Request,
): Promise<staking.StakingOrderRecord> {
  const book = bookOf(who.accountType);
  const now = request.now;
  return request.once(async (transaction) => {
    await lockCustomer(transaction, dialect, who.userId);
    const product = await lockProduct(transaction, dialect, input.productId, { visibleOnly: true });
    if (!product) refuse('error.staking_product_not_found');
    const terms = productTerms(product);
    const [customerActive, productActive, uncommitted, available] = [
      await activePrincipal(transaction, product.id, { userId: who.userId }),
      await activePrincipal(transaction, product.id, { book }),
      await reserveUncommitted(transaction, book, product.currency_id),
      await availableUnits(transaction, { userId: who.userId, book }, product.currency_id),
    ];
    const decision = decideStakingOrder({
      amount: input.buyPrice,
      terms,
      paused: product.paused !== 0,
      demoAllowed: product.demo_allowed !== 0,
      demo: who.accountType === ACCOUNT_TYPE.demo,
      customerActive,
      productActive,
      reserveUncommitted: uncommitted,
      available,
      now,
    });
    if (decision.problem) refuseProblem(decision.problem);
    const key = { book, currencyId: product.currency_id };
    if (!(await changeCommitment(transaction, dialect, key, decision.commitment))) {
      const left = await reserveUncommitted(transaction, book, product.currency_id);
      refuse('error.staking_reserve_exhausted', {
        available: formatDecimal(left > 0n ? left : 0n, terms.moneyScale, { trimZeros: true }),
      });
    }
    const { order } = decision;
    const inserted = await transaction
      .insertInto('staking_order')
      .values({
        product_id: product.id,
        user_id: who.userId,
        book,
        currency_id: product.currency_id,
        money_scale: terms.moneyScale,
        principal_units: bigintValue(order.principal),
        daily_rate: order.dailyRate,
        term_days: order.termDays,
        penalty_rate: order.penaltyRate,
        daily_yield_units: bigintValue(order.dailyYield),
        expected_yield_units: bigintValue(order.expectedYield),
        days_accrued: 0,
        accrued_units: sql<string>`0`,
        start_time: order.startTime,
        maturity_time: order.maturityTime,
        status: STAKING_ORDER_STATUS.active,
        penalty_units: sql<string>`0`,
        payout_units: null,
        open_entry_id: null,
        end_entry_id: null,
        end_time: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let entryId: number;
    try {
      entryId = await postStakingEntry(
        transaction,
        {
          reasonCode: STAKING_REASONS.locked,
          orderId: inserted.id,
          actor: { type: 'customer', id: String(who.userId) },
          memo: '',
          userId: who.userId,
          book,
          currencyId: product.currency_id,
          moves: decision.moves,
        },
        now,
      );
    } catch (error) {
      if (error instanceof InsufficientBalanceError) refuse('error.insufficient_balance');
      throw error;
    }
    await transaction
      .updateTable('staking_order')
      .set({ open_entry_id: entryId })
      .where('id', '=', inserted.id)
      .execute();
    return orderView(transaction, inserted.id);
  });
}

/**
 * `stakingOrder/redemption`: the customer's own active order (another's reads as unknown). Every full
 * day that has ended is paid first (the same payment as the job's, keyed by order and day); an order
 * whose term has then run out matures, without a penalty. Otherwise: status 0 -> 2 by a conditional
 * update, the yield not yet paid released from the commitment, and one entry returning principal minus
 * the published penalty plus the accrued yield, the penalty to fee income.
 */
export async function redeemStakingOrder(
  dialect: DialectName,
  who: StakingCustomer,
  orderId: number,
  request: Request,
): Promise<staking.StakingOrderRecord> {
  const now = request.now;
  const customer = { type: 'customer' as ActorType, id: String(who.userId) };
  return request.once(async (transaction) => {
    await lockCustomer(transaction, dialect, who.userId);
    const owned = await orderForUpdate(transaction, orderId, { userId: who.userId, lock: dialect });
    if (!owned) refuse('error.staking_order_not_found');
    if (owned.state.status !== STAKING_ORDER_STATUS.active) refuse('error.staking_order_finished');
    // Before the first entry: this transaction may post several (the days due, then the redemption).
    await lockCommitment(transaction, dialect, { book: owned.book, currencyId: owned.currencyId });
    await prepareStakingAccounts(transaction, { userId: who.userId, book: owned.book, currencyId: owned.currencyId });
    for (let day = owned.state.daysAccrued; day < owned.state.termDays; day += 1) {
      if (!(await payNextDay(transaction, dialect, orderId, now, now))) break;
    }
    if (await matureOrder(transaction, orderId, now, now, customer)) return orderView(transaction, orderId);

    const order = await orderForUpdate(transaction, orderId, { userId: who.userId, lock: null });
    if (!order) throw new Error(`staking order ${orderId} vanished inside its own transaction`);
    // Mature orders were handled above: a penalty is never kept on an order whose term has run out.
    if (stakingMaturity(order.state, now)) throw new Error(`staking order ${orderId} is due to mature, not redeem`);
    const decision = decideStakingRedemption(order.state);
    if (decision.problem) refuseProblem(decision.problem);
    const moved = await transaction
      .updateTable('staking_order')
      .set({
        status: STAKING_ORDER_STATUS.redeemed,
        penalty_units: bigintValue(decision.penalty),
        payout_units: bigintValue(decision.payout),
        end_time: now,
      })
      .where('id', '=', orderId)
      .where('user_id', '=', who.userId)
      .where('status', '=', STAKING_ORDER_STATUS.active)
      .where('days_accrued', '=', order.state.daysAccrued)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) refuse('error.staking_order_finished');
    await changeCommitment(
      transaction,
      dialect,
      { book: order.book, currencyId: order.currencyId },
      decision.commitment,
    );
    const entryId = await postStakingEntry(
      transaction,
      {
        reasonCode: STAKING_REASONS.redeemed,
        orderId,
        actor: customer,
        memo: '',
        userId: who.userId,
        book: order.book,
        currencyId: order.currencyId,
        moves: decision.moves,
      },
      now,
    );
    await transaction.updateTable('staking_order').set({ end_entry_id: entryId }).where('id', '=', orderId).execute();
    return orderView(transaction, orderId);
  });
}

// ---- Operator ----

export type ProductSave = {
  id?: number | undefined;
  name: string;
  description: string;
  currencyId: number;
  termDays: number;
  dailyRate: string;
  minAmount: string;
  maxAmount: string;
  perCustomerMax: string;
  penaltyRate: string;
  quota: string;
  paused: number;
  demoAllowed: number;
  /** Whether customers see it; undefined keeps an edited product's, and shows a new one. */
  visible?: number | undefined;
  reason: string;
};

/**
 * `operator/stakingProducts/save` (admin): creates a product, or edits one. While the product has
 * active orders its terms (currency, term, rates, minimum, maximum, per-customer maximum) cannot
 * change; the quota, the pause, the name, the description and demo use can. One audit row, in the
 * same transaction. Answers the product as the real book sees it.
 */
export async function saveStakingProduct(
  db: Kysely<Database>,
  dialect: DialectName,
  staff: { staffId: number },
  input: ProductSave,
  request: Request,
): Promise<staking.StakingProduct> {
  const now = request.now;
  const currency = await db
    .selectFrom('platform_currency')
    .select(['id', 'scale'])
    .where('id', '=', input.currencyId)
    .executeTakeFirst();
  if (!currency) refuse('error.currency_unavailable');
  const parsed = parseStakingTerms(input, currency.scale);
  if (parsed.problem) refuseProblem(parsed.problem);
  const { terms } = parsed;
  const editable = {
    name: input.name,
    description: input.description,
    quota_units: bigintValue(terms.quota),
    paused: input.paused,
    demo_allowed: input.demoAllowed,
    ...(input.visible === undefined ? {} : { is_visible: input.visible }),
    updated_at: now,
  };
  const termColumns = {
    currency_id: currency.id,
    term_days: terms.termDays,
    daily_rate: terms.dailyRate,
    penalty_rate: terms.penaltyRate,
    min_units: bigintValue(terms.min),
    max_units: bigintValue(terms.max),
    per_customer_max_units: bigintValue(terms.perCustomerMax),
  };

  return request.once(async (transaction) => {
    let productId: number;
    if (input.id === undefined) {
      const last = await transaction
        .selectFrom('staking_product')
        .select(sql<number | null>`max(sort)`.as('sort'))
        .executeTakeFirstOrThrow();
      const inserted = await transaction
        .insertInto('staking_product')
        .values({
          ...editable,
          ...termColumns,
          is_visible: input.visible ?? 1,
          sort: Number(last.sort ?? -1) + 1,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      productId = inserted.id;
    } else {
      // Locked on PostgreSQL: an order being placed in it waits, and sees the edit.
      const existing = await lockProduct(transaction, dialect, input.id, { visibleOnly: false });
      if (!existing) refuse('error.staking_product_not_found');
      const active = await transaction
        .selectFrom('staking_order')
        .select(sql<number>`count(*)`.as('count'))
        .where('product_id', '=', existing.id)
        .where('status', '=', STAKING_ORDER_STATUS.active)
        .executeTakeFirstOrThrow();
      const changed = stakingTermsChanged(
        { ...productTerms(existing), currencyId: existing.currency_id },
        { ...terms, currencyId: currency.id },
      );
      if (Number(active.count) > 0 && changed.length > 0) {
        refuse('error.staking_product_has_orders', { fields: changed.join(', ') });
      }
      await transaction
        .updateTable('staking_product')
        .set(changed.length > 0 ? { ...editable, ...termColumns } : editable)
        .where('id', '=', existing.id)
        .execute();
      productId = existing.id;
    }
    await recordAudit(
      transaction,
      {
        staffId: staff.staffId,
        action: input.id === undefined ? 'staking.product_create' : 'staking.product_edit',
        targetType: 'staking_product',
        targetId: productId,
        reason: input.reason,
        entryId: null,
      },
      now,
    );
    const record = await findProduct(transaction, productId, 'real', { visibleOnly: false });
    if (!record) throw new Error(`staking product ${productId} vanished inside its own transaction`);
    return record;
  });
}
