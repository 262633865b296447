/**
 * Take-profit and stop-loss as the customer types them, checked with the server's direction rule
 * (`checkStopLevels` of @kestrel/domain: a long's take-profit above the price and its stop-loss below,
 * a short's the opposite, never at the price itself). Display only: the server checks again against
 * the price at the moment the order or the edit arrives.
 */
import { checkStopLevels, type ContractDirection } from '@kestrel/domain';
import { parseTyped, unitsAt } from './decimals';

/** A problem with one level, as a language key and its parameters. */
export interface LevelProblem {
  key: 'trading.tp_above' | 'trading.tp_below' | 'trading.sl_above' | 'trading.sl_below' | 'trading.price_invalid';
  params?: Record<string, string | number>;
}

export interface StopLevelsCheck {
  takeProfit: LevelProblem | null;
  stopLoss: LevelProblem | null;
  /** The levels as the server expects them ("" for none), when both are valid. */
  levels: { stopProfitPrice: string; stopLossPrice: string } | null;
}

/** Which side of the price each level belongs on, for hints and messages. */
export function levelSides(direction: ContractDirection): {
  takeProfit: 'above' | 'below';
  stopLoss: 'above' | 'below';
} {
  return direction === 'long' ? { takeProfit: 'above', stopLoss: 'below' } : { takeProfit: 'below', stopLoss: 'above' };
}

function parseLevel(text: string, priceScale: number): { units: bigint | null; problem: LevelProblem | null } {
  const typed = parseTyped(text, priceScale);
  if (typed.state === 'empty') return { units: null, problem: null };
  if (typed.state === 'invalid') {
    return { units: null, problem: { key: 'trading.price_invalid', params: { decimals: priceScale } } };
  }
  return { units: typed.units, problem: null };
}

/**
 * Checks both levels against `price` (the live price, or the entry for a new order). A level that is
 * empty is "none"; without a price only the number format is checked.
 */
export function checkStopLevelText(
  direction: ContractDirection,
  price: string | null | undefined,
  takeProfitText: string,
  stopLossText: string,
  priceScale: number,
): StopLevelsCheck {
  const takeProfit = parseLevel(takeProfitText, priceScale);
  const stopLoss = parseLevel(stopLossText, priceScale);
  const result: StopLevelsCheck = { takeProfit: takeProfit.problem, stopLoss: stopLoss.problem, levels: null };
  const priceUnits = unitsAt(price, priceScale, 'down');
  const sides = levelSides(direction);
  const shownPrice = price ?? '';
  if (priceUnits !== null && priceUnits > 0n) {
    if (takeProfit.units !== null && checkStopLevels(direction, priceUnits, takeProfit.units, null) !== null) {
      result.takeProfit = {
        key: sides.takeProfit === 'above' ? 'trading.tp_above' : 'trading.tp_below',
        params: { price: shownPrice },
      };
    }
    if (stopLoss.units !== null && checkStopLevels(direction, priceUnits, null, stopLoss.units) !== null) {
      result.stopLoss = {
        key: sides.stopLoss === 'above' ? 'trading.sl_above' : 'trading.sl_below',
        params: { price: shownPrice },
      };
    }
  }
  if (!result.takeProfit && !result.stopLoss) {
    result.levels = { stopProfitPrice: takeProfitText.trim(), stopLossPrice: stopLossText.trim() };
  }
  return result;
}
