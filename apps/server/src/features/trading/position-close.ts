import type { Kysely } from 'kysely';
import { formatDecimal, settleClose, type ScaledValue } from '@kestrel/domain';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { lockCustomer } from '../../core/customer-lock';
import { findPosition, markClosed, setCloseEntry, type PositionRecord } from './position-repository';
import { availableBalance, postTradeEntry, tradeAccounts } from './trade-ledger';
import { floatingPnl } from './trade-views';

export type CloseReason = 'manual' | 'close_all' | 'take_profit' | 'stop_loss' | 'liquidation';

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
};

/**
 * Closes one open position at `tick` inside the caller's transaction, as one ledger entry:
 *   customer margin  -margin
 *   trading house    +loss or -gain
 *   fee income       +closing fee
 *   customer available: the rest (margin + realized - fee), which is negative only for method 1,
 *                       where the rules let a loss reach into available
 * (contract-math settleClose). Refuses `error.position_closed` when another close won the race; the
 * caller's transaction then rolls back, so nothing is written twice.
 */
export async function closeInTransaction(
  transaction: Kysely<Database>,
  dialect: DialectName,
  position: PositionRecord,
  tick: ClosingTick,
  reason: CloseReason,
  closeFeeRate: { text: string; rate: ScaledValue },
  actor: CloseActor,
  now: number,
): Promise<PositionRecord> {
  await lockCustomer(transaction, dialect, position.userId);
  const owner = { userId: position.userId, book: position.book };
  const accounts = await tradeAccounts(transaction, owner, position.currencyId);
  const available = await availableBalance(transaction, accounts);
  const settlement = settleClose({
    margin: position.margin,
    profitAndLoss: floatingPnl(position, tick.price),
    lossLimit: position.lossLimit,
    available,
    closeFeeRate: closeFeeRate.rate,
    moneyScale: position.moneyScale,
  });
  const closed = await markClosed(transaction, position.id, {
    closePrice: tick.price,
    closeFeeRate: closeFeeRate.text,
    closeFee: settlement.fee,
    closeTickId: tick.tickId,
    closeTickSource: tick.source,
    closeReason: reason,
    closeTime: now,
    realizedPnl: settlement.realized,
    settled: settlement.availableChange,
  });
  if (!closed) refuse('error.position_closed');
  const money = (units: bigint) => formatDecimal(units, position.moneyScale);
  const entryId = await postTradeEntry(
    transaction,
    position.currencyId,
    {
      reasonCode: CLOSE_REASON_CODES[reason],
      referenceType: 'contract_position',
      referenceId: position.id,
      actorType: actor.type,
      actorId: actor.id,
      memo:
        `${reason} ${position.productCode} at ${formatDecimal(tick.price, position.priceScale)}: ` +
        `pnl ${money(settlement.realized)}${settlement.capped ? ' (capped at the loss limit)' : ''}, fee ${money(settlement.fee)}`,
      tickId: tick.tickId,
      tickSource: tick.source,
      moves: [
        [accounts.margin, -position.margin],
        [accounts.house, settlement.houseChange],
        [accounts.fees, settlement.fee],
        [accounts.available, settlement.availableChange],
      ],
    },
    now,
  );
  await setCloseEntry(transaction, position.id, entryId);
  const after = await findPosition(transaction, position.id);
  if (!after) throw new Error(`position ${position.id} vanished inside its close`);
  return after;
}
