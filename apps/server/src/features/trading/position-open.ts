import type { Kysely } from 'kysely';
import type { contracts } from '@kestrel/contract';
import {
  decideContractOpen,
  EXCHANGE_TYPE,
  formatDecimal,
  POSITION_TYPE,
  type ContractOpening,
  type ContractMove,
} from '@kestrel/domain';
import { tickIdOf } from '@kestrel/market';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { refuseProblem } from '../../core/errors';
import { lockCustomer } from '../../core/customer-lock';
import type { Book } from '../ledger/accounts';
import {
  countOpenPositions,
  findPosition,
  insertPosition,
  setOpenEntry,
  type PositionRecord,
} from './position-repository';
import { OPEN_POSITIONS_MAX } from './position-stream';
import { feeRateOrNull, tradableProduct, type FeeRate, type TradableProduct, type TradeCurrency } from './trade-gate';
import { postTradeEntry, tradeAccounts } from './trade-ledger';
import { availableUnits } from '../ledger/balances';
import type { ClosingTick } from './position-close';
import { COPY_ACTOR_ID } from './copy/copy-settlement';

export type BuyBody = z.output<typeof contracts.buy.body>;

export interface OpenRequest {
  transaction: Kysely<Database>;
  context: AppContext;
  currency: TradeCurrency;
  owner: { userId: number; book: Book };
  body: BuyBody;
  now: number;
  /**
   * A copy of a trader's position (features/trading/copy): it opens at the trader's tick, not the live
   * one, and its entry is booked as a copy by the system on the follower's behalf.
   */
  copyOf?: { tick: ClosingTick; traderPositionId: number };
}

/** What the opening rules need, read inside the transaction. */
interface LoadedOpening {
  gate: TradableProduct;
  feeRate: FeeRate | null;
  openPositions: number;
  available: bigint;
}

/**
 * Opens a position at the live price inside the caller's transaction: loads what the rules need,
 * lets decideContractOpen (packages/domain) decide, and refuses its problem or writes the position and
 * its one ledger entry (available -(margin + fee), margin +margin, fee income +fee).
 */
export async function openInTransaction(request: OpenRequest): Promise<PositionRecord> {
  const loaded = await loadOpening(request);
  const { body } = request;
  const { settings, tick, scales } = loaded.gate;
  const decision = decideContractOpen({
    order: {
      direction: body.orderDirection === 0 ? 'long' : 'short',
      leverage: body.orderLever,
      notional: body.orderTotalPrice,
      margin: body.marginAmount,
      takeProfit: body.stopProfitPrice,
      stopLoss: body.stopLossPrice,
    },
    terms: settings,
    scales,
    price: request.copyOf?.tick.price ?? tick.price,
    feeRate: loaded.feeRate,
    openPositions: { count: loaded.openPositions, maximum: OPEN_POSITIONS_MAX },
    available: loaded.available,
    now: request.now,
  });
  if (decision.problem) return refuseProblem(decision.problem);
  return writeOpening(request, loaded.gate, decision);
}

async function loadOpening(request: OpenRequest): Promise<LoadedOpening> {
  const { transaction, context, currency, owner, body, now } = request;
  // The gate refuses on its own, before any rule of the order: the product, its session and trading
  // windows, and a live price.
  const gate = await tradableProduct(
    transaction,
    context.market,
    body.productCode,
    { positionType: POSITION_TYPE.contract, productType: body.productType },
    now,
    currency.scale,
  );
  const feeRate = await feeRateOrNull(
    transaction,
    gate.product.product_type,
    POSITION_TYPE.contract,
    EXCHANGE_TYPE.buy,
  );
  // Under the customer's lock, so a concurrent opening cannot overtake the count or the balance.
  await lockCustomer(transaction, context.database.dialect, owner.userId);
  const openPositions = await countOpenPositions(transaction, owner);
  const available = await availableUnits(transaction, owner, currency.currencyId);
  return { gate, feeRate, openPositions, available };
}

async function writeOpening(
  request: OpenRequest,
  gate: TradableProduct,
  decided: { position: ContractOpening; moves: ContractMove[] },
): Promise<PositionRecord> {
  const { transaction, currency, owner, body, now, copyOf } = request;
  const { product, scales } = gate;
  const tick: ClosingTick = copyOf?.tick ?? {
    price: gate.tick.price,
    tickId: tickIdOf(gate.tick),
    source: gate.tick.source,
  };
  const accounts = await tradeAccounts(transaction, owner, currency.currencyId);
  const positionId = await insertPosition(transaction, {
    ...decided.position,
    userId: owner.userId,
    book: owner.book,
    productCode: product.product_code,
    productType: product.product_type,
    currencyId: currency.currencyId,
    moneyScale: currency.scale,
    priceScale: scales.priceScale,
    quantityScale: scales.quantityScale,
    contractSize: product.standard,
    direction: body.orderDirection,
    leverage: body.orderLever,
    openTickId: tick.tickId,
    openTickSource: tick.source,
    // The levels were checked against this tick: every later tick may fire them.
    levelsSetAt: gate.tick.time,
  });
  const direction = body.orderDirection === 0 ? 'long' : 'short';
  const entryId = await postTradeEntry(
    transaction,
    currency.currencyId,
    {
      reasonCode: copyOf ? 'contract.copy_open' : 'contract.open',
      referenceType: 'contract_position',
      referenceId: positionId,
      actorType: copyOf ? 'system' : 'customer',
      actorId: copyOf ? COPY_ACTOR_ID : String(owner.userId),
      memo:
        `${direction} ${product.product_code} x${body.orderLever} at ${formatDecimal(tick.price, scales.priceScale)}` +
        (copyOf ? `, copy of position ${copyOf.traderPositionId}` : ''),
      tickId: tick.tickId,
      tickSource: tick.source,
      moves: decided.moves.map((move) => [accounts[move.role], move.amount] as const),
    },
    now,
  );
  await setOpenEntry(transaction, positionId, entryId);
  const position = await findPosition(transaction, positionId);
  if (!position) throw new Error(`position ${positionId} vanished inside its opening`);
  return position;
}
