import { fastTrade } from '@kestrel/contract';
import type { Kysely } from 'kysely';
import {
  fastTradeSettlementMovement,
  formatDecimal,
  fastTradeTerms,
  settleFastTrade,
  type FastTradeDirection,
  type FastTradeSettlement,
} from '@kestrel/domain';
import { tickIdOf, type Tick } from '@kestrel/market';
import type { Database } from '../../db/schema';
import { accountId, PLATFORM_ACCOUNTS, platformAccount } from '../ledger/accounts';
import { postEntry } from '../ledger/post-entry';
import type { OrderRow } from './order-repository';
import { FAST_TRADE_REASONS, FAST_TRADE_REFERENCE, RESULT_CODE, SETTLEMENT_ACTOR } from './reasons';
import { bigintValue } from '../../core/columns';
import { writeSiteMessage } from '../messages/site-message-writer';
import { currencyLabel, productLabel } from '../messages/labels';

/** The settlement an order's recorded open price and the expiry tick decide, under the terms it was placed with. */
export function decideSettlement(order: OrderRow, expiryTick: Tick): FastTradeSettlement {
  return settleFastTrade({
    stake: BigInt(order.stake),
    amountScale: order.money_scale,
    direction: order.direction as FastTradeDirection,
    openPrice: BigInt(order.open_price),
    expiryPrice: expiryTick.price,
    // The terms were checked when the order was accepted and are copied onto its row.
    terms: fastTradeTerms({
      winRatio: order.win_ratio,
      loseRatio: order.lose_ratio,
      loseMoneyMethod: order.lose_money_method,
    }),
  });
}

/**
 * Settles one order inside the caller's transaction, or does nothing when it is no longer open.
 * The conditional update (status 0 -> 1) comes first: of two runners (two processes, a replay after a
 * crash) only one moves the row, and only that one posts the journal entry, in the same transaction.
 * The entry records the expiry tick. Returns the entry id, or null when another runner settled it.
 */
export async function settleOrder(
  transaction: Kysely<Database>,
  order: OrderRow,
  expiryTick: Tick,
  now: number,
): Promise<number | null> {
  const settlement = decideSettlement(order, expiryTick);
  const tickId = tickIdOf(expiryTick);
  const claimed = await transaction
    .updateTable('fast_trade_order')
    .set({
      status: fastTrade.FAST_TRADE_STATUS.settled,
      result: RESULT_CODE[settlement.outcome],
      settle_price_units: bigintValue(expiryTick.price),
      settle_tick_id: tickId,
      settle_tick_source: expiryTick.source,
      settle_tick_time: expiryTick.time,
      payout_units: bigintValue(settlement.payout),
      settled_at: now,
    })
    .where('id', '=', order.id)
    .where('status', '=', 0)
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return null;

  const price = (units: bigint) => formatDecimal(units, order.price_scale);
  const stake = BigInt(order.stake);
  const movement = fastTradeSettlementMovement(stake, settlement.payout);
  const book = order.book;
  const currencyId = order.currency_id;
  const customer = (kind: string) => ({ userId: order.user_id, book, currencyId, kind });
  const legs = [
    { account: customer('frozen'), amount: movement.customerHeld },
    { account: customer('available'), amount: movement.customerAvailable },
    { account: platformAccount(book, currencyId, PLATFORM_ACCOUNTS.tradingHouse), amount: movement.house },
  ].filter((leg) => leg.amount !== 0n);
  const postings = [];
  for (const leg of legs)
    postings.push({ accountId: await accountId(transaction, leg.account), currencyId, amount: leg.amount });
  // A held stake that is not there is a broken invariant, not a refusal: postEntry's error rolls back.
  const { entryId } = await postEntry(
    transaction,
    {
      reasonCode: FAST_TRADE_REASONS[settlement.outcome],
      referenceType: FAST_TRADE_REFERENCE,
      referenceId: String(order.id),
      actorType: 'system',
      actorId: SETTLEMENT_ACTOR,
      memo: `open ${order.open_tick_id} at ${price(BigInt(order.open_price))}, expiry ${tickId} at ${price(expiryTick.price)}`,
      tickId,
      tickSource: expiryTick.source,
      postings,
    },
    now,
  );
  await transaction
    .updateTable('fast_trade_order')
    .set({ settle_entry_id: entryId })
    .where('id', '=', order.id)
    .execute();
  await writeSiteMessage(
    transaction,
    {
      userId: order.user_id,
      kind: 'fast_trade_settled',
      outcome: settlement.outcome,
      reference: `fast_trade:${order.id}`,
      params: {
        product: await productLabel(transaction, order.product_code),
        openPrice: { price: price(BigInt(order.open_price)) },
        price: { price: price(expiryTick.price) },
        payout: { money: formatDecimal(settlement.payout, order.money_scale) },
        currency: await currencyLabel(transaction, currencyId),
      },
    },
    now,
  );
  return entryId;
}
