/**
 * Random command streams for the property tests: few owners (so self-trade prevention happens), prices
 * on a narrow band of ticks (so orders cross and trade), a sprinkle of invalid commands, and cancels of
 * ids that exist, are finished, belong to someone else, or never existed.
 */
import fc from 'fast-check';
import type { OrderBookCommand, PairConfig } from './types';
import { validateLimitOrder, validateMarketBuyByQuote, validateMarketOrder } from './validation';

export const OWNERS = ['alice', 'bob', 'carol'] as const;

/** Small units so that random numbers cross, partially fill and round. */
export const PROPERTY_PAIR: PairConfig = {
  pair: 'TEST/QUOTE',
  priceScale: 2,
  sizeScale: 3,
  quoteScale: 4,
  priceTick: 5n,
  sizeStep: 10n,
  minimumSize: 20n,
  makerFeeRate: 1500n,
  takerFeeRate: 2500n,
};

export interface StreamShape {
  /** Valid prices are 1..priceLevels ticks. */
  priceLevels: number;
  maximumCommands: number;
}

export function configArbitrary(): fc.Arbitrary<PairConfig> {
  return fc
    .record({
      quoteScale: fc.integer({ min: 0, max: 8 }),
      makerFeeRate: fc.bigInt({ min: 0n, max: 20_000n }),
      takerFeeRate: fc.bigInt({ min: 0n, max: 20_000n }),
    })
    .map((fees) => ({ ...PROPERTY_PAIR, ...fees }));
}

export function commandStreamArbitrary(config: PairConfig, shape: StreamShape): fc.Arbitrary<OrderBookCommand[]> {
  const owner = fc.constantFrom(...OWNERS);
  const side = fc.constantFrom('buy' as const, 'sell' as const);
  const price = fc.oneof(
    {
      weight: 19,
      arbitrary: fc.integer({ min: 1, max: shape.priceLevels }).map((ticks) => BigInt(ticks) * config.priceTick),
    },
    { weight: 1, arbitrary: fc.bigInt({ min: -2n, max: BigInt(shape.priceLevels) * config.priceTick }) },
  );
  const size = fc.oneof(
    { weight: 19, arbitrary: fc.integer({ min: 1, max: 12 }).map((steps) => BigInt(steps) * config.sizeStep) },
    { weight: 1, arbitrary: fc.bigInt({ min: -1n, max: 3n * config.minimumSize }) },
  );
  const limitCommand = fc.record({
    type: fc.constant('limit' as const),
    owner,
    side,
    price,
    size,
    timeInForce: fc.constantFrom('GTC' as const, 'GTC' as const, 'GTC' as const, 'IOC' as const, 'FOK' as const),
    postOnly: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  });
  const marketCommand = fc.record({ type: fc.constant('market' as const), owner, side, size });
  const quoteCommand = fc.record({
    type: fc.constant('market_by_quote' as const),
    owner,
    // Up to about 0.025 quote: enough to sweep a few of this pair's tiny orders, rarely the whole side.
    quoteAmount: fc.bigInt({ min: -1n, max: 2n + 10n ** BigInt(config.quoteScale) / 40n }),
  });
  // Cancels are drawn relative to the stream (see resolveCancels), so that most name recent orders.
  const cancelCommand = fc.record({
    type: fc.constant('cancel_recent' as const),
    owner,
    back: fc.integer({ min: -1, max: 12 }),
    sameOwner: fc.boolean(),
  });
  const command: fc.Arbitrary<GeneratedCommand> = fc.oneof(
    { weight: 12, arbitrary: limitCommand },
    { weight: 1, arbitrary: marketCommand },
    { weight: 1, arbitrary: quoteCommand },
    { weight: 5, arbitrary: cancelCommand },
  );
  // size 'max' lets lengths reach maximumCommands; fast-check's default keeps arrays short and books shallow.
  return fc
    .array(command, { maxLength: shape.maximumCommands, size: 'max' })
    .map((commands) => resolveCancels(config, commands));
}

interface RecentCancel {
  type: 'cancel_recent';
  owner: string;
  /** How many placements back from the latest one; -1 names an id not yet handed out. */
  back: number;
  /** Cancel as that placement's owner (mostly succeeds) or as the drawn owner (often not_owner). */
  sameOwner: boolean;
}

type GeneratedCommand = Exclude<OrderBookCommand, { type: 'cancel' }> | RecentCancel;

/**
 * Turns relative cancels into real ones. Ids go to accepted placements in order; counting the
 * placements that pass validation (leaving out FOK and post-only, which the book mostly refuses)
 * estimates the ids closely, so counting back names recent orders: some resting, some finished, a few
 * never handed out (unknown_order).
 */
function resolveCancels(config: PairConfig, commands: readonly GeneratedCommand[]): OrderBookCommand[] {
  const acceptedOwners: string[] = [];
  return commands.map((command) => {
    if (command.type !== 'cancel_recent') {
      if (passesValidation(config, command)) acceptedOwners.push(command.owner);
      return command;
    }
    const orderId = acceptedOwners.length - command.back;
    const owner = command.sameOwner ? (acceptedOwners[orderId - 1] ?? command.owner) : command.owner;
    return { type: 'cancel', owner, orderId };
  });
}

function passesValidation(config: PairConfig, command: Exclude<GeneratedCommand, RecentCancel>): boolean {
  // FOK and post-only orders are refused by the book more often than not: counting them overshoots.
  if (command.type === 'limit') {
    return validateLimitOrder(command, config) === null && command.timeInForce !== 'FOK' && !command.postOnly;
  }
  if (command.type === 'market') return validateMarketOrder(command, config) === null;
  return validateMarketBuyByQuote(command) === null;
}
