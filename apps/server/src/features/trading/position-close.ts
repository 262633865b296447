import type { Kysely } from 'kysely';
import {
  decideContractClose,
  formatDecimal,
  type ContractCloseDecision,
  type ContractClosing,
  type ScaledValue,
} from '@kestrel/domain';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { lockCustomer } from '../../core/customer-lock';
import { findPosition, markClosed, setCloseEntry, type PositionRecord } from './position-repository';
import { availableBalance, postTradeEntry, tradeAccounts, type TradeAccounts } from './trade-ledger';
import { directionOf, recordScales } from './trade-views';
import { writeSiteMessage } from '../messages/site-message-writer';
import { currencyLabel, productLabel } from '../messages/labels';
import { settleCopyOnClose } from './copy/copy-settlement';

/** copy_trader: a copy closed with the trader's position; copy_stop_loss: by its follow's stop-loss. */
export type CloseReason =
  'manual' | 'close_all' | 'take_profit' | 'stop_loss' | 'liquidation' | 'copy_trader' | 'copy_stop_loss';

/** The tick a close is priced at; recorded on the position and on its ledger entry. */
export interface ClosingTick {
  price: bigint;
  tickId: string;
  source: string;
}

export interface CloseActor {
  type: 'customer' | 'system';
  id: string;
}

export const CLOSE_REASON_CODES: Record<CloseReason, string> = {
  manual: 'contract.close',
  close_all: 'contract.close',
  take_profit: 'contract.take_profit',
  stop_loss: 'contract.stop_loss',
  liquidation: 'contract.liquidation',
  copy_trader: 'contract.copy_close',
  copy_stop_loss: 'contract.copy_stop_loss',
};

export interface CloseRequest {
  transaction: Kysely<Database>;
  dialect: DialectName;
  /** The open position, as read in this transaction. */
  position: PositionRecord;
  tick: ClosingTick;
  reason: CloseReason;
  closeFeeRate: { text: string; rate: ScaledValue };
  actor: CloseActor;
  now: number;
}

/**
 * Closes one open position at `tick` inside the caller's transaction, as one ledger entry:
 *   customer margin  -margin
 *   trading house    +loss or -gain
 *   fee income       +closing fee
 *   customer available: the rest (margin + realized - fee), which is negative only for method 1,
 *                       where the rules let a loss reach into available
 * (decideContractClose in packages/domain). Refuses `error.position_closed` when another close won the
 * race; the caller's transaction then rolls back, so nothing is written twice.
 */
export async function closeInTransaction(request: CloseRequest): Promise<PositionRecord> {
  const { transaction, position } = request;
  // The customer's lock first, so the balance read is the one the entry moves.
  await lockCustomer(transaction, request.dialect, position.userId);
  const owner = { userId: position.userId, book: position.book };
  const accounts = await tradeAccounts(transaction, owner, position.currencyId);
  const available = await availableBalance(transaction, accounts);
  const decision = decideContractClose({
    position: {
      direction: directionOf(position),
      openPrice: position.openPrice,
      quantity: position.quantity,
      margin: position.margin,
      lossLimit: position.lossLimit,
      scales: recordScales(position),
    },
    closePrice: request.tick.price,
    closeFeeRate: request.closeFeeRate.rate,
    available,
  });
  return writeClose(request, accounts, decision);
}

/** Marks the position closed (exactly once: a conditional update) and posts its entry. */
async function writeClose(
  request: CloseRequest,
  accounts: TradeAccounts,
  { closing, moves }: ContractCloseDecision,
): Promise<PositionRecord> {
  const { transaction, position, tick, now } = request;
  const closed = await markClosed(transaction, position.id, {
    closePrice: closing.closePrice,
    closeFeeRate: request.closeFeeRate.text,
    closeFee: closing.closeFee,
    closeTickId: tick.tickId,
    closeTickSource: tick.source,
    closeReason: request.reason,
    closeTime: now,
    realizedPnl: closing.realizedPnl,
    settled: closing.settled,
  });
  if (!closed) refuse('error.position_closed');
  const entryId = await postTradeEntry(
    transaction,
    position.currencyId,
    {
      reasonCode: CLOSE_REASON_CODES[request.reason],
      referenceType: 'contract_position',
      referenceId: position.id,
      actorType: request.actor.type,
      actorId: request.actor.id,
      memo: closeMemo(request, closing),
      tickId: tick.tickId,
      tickSource: tick.source,
      moves: moves.map((move) => [accounts[move.role], move.amount] as const),
    },
    now,
  );
  await setCloseEntry(transaction, position.id, entryId);
  const after = await findPosition(transaction, position.id);
  if (!after) throw new Error(`position ${position.id} vanished inside its close`);
  // A copy's close, whoever closed it, settles the follow's result and the trader's profit share here.
  await settleCopyOnClose(transaction, after, tick, now);
  await writeTriggerMessage(request, closing);
  return after;
}

const TRIGGER_MESSAGES = {
  take_profit: 'position_take_profit',
  stop_loss: 'position_stop_loss',
  liquidation: 'position_liquidated',
} as const;

/**
 * A close the customer did not ask for (take-profit, stop-loss, liquidation) is told to them in a site
 * message, written in the close's own transaction.
 */
async function writeTriggerMessage(
  { transaction, position, tick, reason, now }: CloseRequest,
  closing: ContractClosing,
) {
  if (reason !== 'take_profit' && reason !== 'stop_loss' && reason !== 'liquidation') return;
  await writeSiteMessage(
    transaction,
    {
      userId: position.userId,
      kind: TRIGGER_MESSAGES[reason],
      reference: `position:${position.id}`,
      params: {
        product: await productLabel(transaction, position.productCode),
        price: { price: formatDecimal(tick.price, position.priceScale) },
        profit: { money: formatDecimal(closing.realizedPnl, position.moneyScale) },
        currency: await currencyLabel(transaction, position.currencyId),
      },
    },
    now,
  );
}

/** The entry's memo: why, what and at which price, the PnL (and whether it was capped) and the fee. */
function closeMemo({ reason, position, tick }: CloseRequest, closing: ContractClosing): string {
  const money = (units: bigint) => formatDecimal(units, position.moneyScale);
  return (
    `${reason} ${position.productCode} at ${formatDecimal(tick.price, position.priceScale)}: ` +
    `pnl ${money(closing.realizedPnl)}${closing.capped ? ' (capped at the loss limit)' : ''}, fee ${money(closing.closeFee)}`
  );
}
