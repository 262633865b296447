/**
 * Closing a contract position, decided: from the position, the close price, the closing fee rate and
 * the customer's available balance, the values the closed row records and the ledger moves
 * (settleClose says how the money splits):
 *   margin  -margin      house  -realized      fee income  +fee      available  margin + realized - fee
 * A close is never refused for its money: a loss is capped so no balance goes negative. Whether the
 * position is still open is the write's to find out (a conditional update), not a rule here.
 */
import { nonZeroMoves } from '../decision';
import {
  profitAndLoss,
  settleClose,
  type ContractDirection,
  type ProductScales,
  type ScaledValue,
} from './contract-math';
import type { ContractMove } from './open-contract';

/** What the close needs of the open position. */
export interface ClosingPosition {
  direction: ContractDirection;
  openPrice: bigint;
  quantity: bigint;
  margin: bigint;
  /** The most a close may take (lossLimit at opening). */
  lossLimit: bigint;
  scales: ProductScales;
}

export interface ContractCloseInput {
  position: ClosingPosition;
  /** The price of the tick the close happens at. */
  closePrice: bigint;
  /** The closing fee rate (contract, sell). */
  closeFeeRate: ScaledValue;
  /** The customer's available balance in the trade currency, before the close. */
  available: bigint;
}

/** The money the closed row records; the service adds the tick, the reason and the time. */
export interface ContractClosing {
  closePrice: bigint;
  closeFee: bigint;
  /** The gain, or minus the loss actually taken. */
  realizedPnl: bigint;
  /** What reached available (negative only where method 1 lets a loss reach into it). */
  settled: bigint;
  /** True when the loss was capped at the loss limit or at margin + available. */
  capped: boolean;
}

export interface ContractCloseDecision {
  closing: ContractClosing;
  moves: ContractMove[];
}

export function decideContractClose(input: ContractCloseInput): ContractCloseDecision {
  const { position, closePrice } = input;
  const pnl = profitAndLoss(position.direction, position.openPrice, closePrice, position.quantity, position.scales);
  const settlement = settleClose({
    margin: position.margin,
    profitAndLoss: pnl,
    lossLimit: position.lossLimit,
    available: input.available,
    closeFeeRate: input.closeFeeRate,
    moneyScale: position.scales.moneyScale,
  });
  return {
    closing: {
      closePrice,
      closeFee: settlement.fee,
      realizedPnl: settlement.realized,
      settled: settlement.availableChange,
      capped: settlement.capped,
    },
    moves: nonZeroMoves<ContractMove>([
      { role: 'margin', amount: -position.margin },
      { role: 'house', amount: settlement.houseChange },
      { role: 'fees', amount: settlement.fee },
      { role: 'available', amount: settlement.availableChange },
    ]),
  };
}
