import type { AppContext } from '../../app-context';
import type { Book } from '../ledger/accounts';

/** Realized and floating PnL of a customer's spot holdings and contract positions, in USDT units (scale 8). */
export interface PositionSummary {
  profitAndLoseUnits: bigint;
  profitAndLoseTodayUnits: bigint;
}

export async function positionSummary(_context: AppContext, _userId: number, _book: Book): Promise<PositionSummary> {
  return { profitAndLoseUnits: 0n, profitAndLoseTodayUnits: 0n };
}
