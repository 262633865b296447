import { DESCRIPTIONS } from './descriptions';
import type { InstrumentSpec, ProductType, SessionKind } from './types';

/**
 * The 42 products the simulator quotes. Start prices are plausible late-2026 levels; volatilities are
 * typical realised annual figures for each underlying. Quantities are shares for stocks, coins for
 * crypto, contracts for futures and units of the base currency for forex, so forex turnover is in the
 * quote currency (USD, or JPY for *JPY pairs, GBP for EURGBP). Futures prices are in US dollars per
 * unit of the underlying, so a contract's notional is price * quantity * contractSize.
 */

interface Row {
  code: string;
  name: string;
  priceScale: number;
  quantityScale: number;
  tickSize: string;
  startPrice: string;
  volatility: number;
  typicalTrade: string;
  contractSize: string;
}

function family(productType: ProductType, session: SessionKind, rows: readonly Row[]): InstrumentSpec[] {
  return rows.map((row) => ({
    productCode: row.code,
    productType,
    name: row.name,
    priceScale: row.priceScale,
    quantityScale: row.quantityScale,
    tickSize: row.tickSize,
    startPrice: row.startPrice,
    annualVolatilityBasisPoints: row.volatility,
    typicalTradeQuantity: row.typicalTrade,
    contractSize: row.contractSize,
    session,
    description: DESCRIPTIONS[row.code] ?? row.name,
  }));
}

/** The smallest step at a scale: 0.01 at scale 2. */
function oneUnit(scale: number): string {
  return scale === 0 ? '1' : `0.${'0'.repeat(scale - 1)}1`;
}

type StockRow = readonly [code: string, name: string, startPrice: string, volatility: number, typicalTrade: string];

// Start prices to the cent, as a real last trade is: a whole-dollar start makes every stock's reference
// and first ticks read as made up (issue 17).
const STOCK_ROWS: readonly StockRow[] = [
  ['AAPL', 'Apple Inc.', '271.37', 2800, '100'],
  ['MSFT', 'Microsoft Corporation', '518.64', 2500, '50'],
  ['NVDA', 'NVIDIA Corporation', '188.92', 4500, '200'],
  ['AMZN', 'Amazon.com, Inc.', '238.41', 3200, '100'],
  ['GOOGL', 'Alphabet Inc. Class A', '281.19', 3000, '100'],
  ['META', 'Meta Platforms, Inc.', '703.56', 3800, '30'],
  ['TSLA', 'Tesla, Inc.', '428.73', 5500, '100'],
  ['JPM', 'JPMorgan Chase & Co.', '308.47', 2500, '50'],
  ['V', 'Visa Inc. Class A', '348.92', 2200, '50'],
  ['NFLX', 'Netflix, Inc.', '114.86', 3800, '100'],
  ['AMD', 'Advanced Micro Devices, Inc.', '241.53', 5000, '100'],
  ['KO', 'The Coca-Cola Company', '69.84', 1800, '200'],
];

type CoinRow = readonly [
  code: string,
  name: string,
  priceScale: number,
  quantityScale: number,
  startPrice: string,
  volatility: number,
  typicalTrade: string,
];

const COIN_ROWS: readonly CoinRow[] = [
  ['X:BTCUSD', 'Bitcoin / US Dollar', 2, 5, '105000.00', 5000, '0.02000'],
  ['X:ETHUSD', 'Ethereum / US Dollar', 2, 4, '3800.00', 6500, '0.5000'],
  ['X:SOLUSD', 'Solana / US Dollar', 2, 2, '180.00', 8000, '10.00'],
  ['X:XRPUSD', 'XRP / US Dollar', 4, 1, '2.5000', 8000, '2000.0'],
  ['X:BNBUSD', 'BNB / US Dollar', 2, 3, '1000.00', 5500, '2.000'],
  ['X:DOGEUSD', 'Dogecoin / US Dollar', 5, 0, '0.20000', 9000, '20000'],
  ['X:ADAUSD', 'Cardano / US Dollar', 4, 1, '0.7000', 8500, '5000.0'],
  ['X:AVAXUSD', 'Avalanche / US Dollar', 3, 2, '25.000', 9000, '100.00'],
  ['X:DOTUSD', 'Polkadot / US Dollar', 3, 2, '4.000', 8500, '500.00'],
  ['X:LINKUSD', 'Chainlink / US Dollar', 3, 2, '18.000', 8500, '100.00'],
  ['X:LTCUSD', 'Litecoin / US Dollar', 2, 3, '100.00', 7500, '20.000'],
  ['X:TRXUSD', 'TRON / US Dollar', 5, 0, '0.30000', 5500, '20000'],
];

type FutureRow = readonly [
  code: string,
  name: string,
  priceScale: number,
  tickSize: string,
  startPrice: string,
  volatility: number,
  typicalTrade: string,
  contractSize: string,
];

const FUTURE_ROWS: readonly FutureRow[] = [
  ['ESZ6', 'E-mini S&P 500 Dec 2026', 2, '0.25', '7000.00', 1600, '5', '50'],
  ['NQZ6', 'E-mini Nasdaq-100 Dec 2026', 2, '0.25', '25500.00', 2100, '3', '20'],
  ['YMZ6', 'E-mini Dow Dec 2026', 0, '1', '48000', 1500, '2', '5'],
  ['CLF7', 'Crude Oil WTI Jan 2027', 2, '0.01', '62.00', 3500, '3', '1000'],
  ['GCG7', 'Gold Feb 2027', 1, '0.1', '4200.0', 1800, '2', '100'],
  ['SIH7', 'Silver Mar 2027', 3, '0.005', '50.000', 3000, '1', '5000'],
  ['NGF7', 'Natural Gas Jan 2027', 3, '0.001', '4.000', 6000, '2', '10000'],
  ['ZCH7', 'Corn Mar 2027', 4, '0.0025', '4.5000', 2200, '3', '5000'],
];

type PairRow = readonly [code: string, name: string, priceScale: number, startPrice: string, volatility: number];

const PAIR_ROWS: readonly PairRow[] = [
  ['C:EURUSD', 'Euro / US Dollar', 5, '1.16000', 750],
  ['C:GBPUSD', 'British Pound / US Dollar', 5, '1.33000', 800],
  ['C:USDJPY', 'US Dollar / Japanese Yen', 3, '152.000', 1000],
  ['C:AUDUSD', 'Australian Dollar / US Dollar', 5, '0.66000', 950],
  ['C:USDCAD', 'US Dollar / Canadian Dollar', 5, '1.39000', 600],
  ['C:USDCHF', 'US Dollar / Swiss Franc', 5, '0.80000', 800],
  ['C:NZDUSD', 'New Zealand Dollar / US Dollar', 5, '0.58000', 1000],
  ['C:EURJPY', 'Euro / Japanese Yen', 3, '176.000', 950],
  ['C:GBPJPY', 'British Pound / Japanese Yen', 3, '202.000', 1100],
  ['C:EURGBP', 'Euro / British Pound', 5, '0.87000', 600],
];

export const INSTRUMENTS: readonly InstrumentSpec[] = [
  ...family(
    1,
    'us-equity',
    STOCK_ROWS.map(([code, name, startPrice, volatility, typicalTrade]) => ({
      code,
      name,
      priceScale: 2,
      quantityScale: 0,
      tickSize: '0.01',
      startPrice,
      volatility,
      typicalTrade,
      contractSize: '1',
    })),
  ),
  ...family(
    2,
    'crypto',
    COIN_ROWS.map(([code, name, priceScale, quantityScale, startPrice, volatility, typicalTrade]) => ({
      code,
      name,
      priceScale,
      quantityScale,
      tickSize: oneUnit(priceScale),
      startPrice,
      volatility,
      typicalTrade,
      contractSize: '1',
    })),
  ),
  ...family(
    3,
    'futures',
    FUTURE_ROWS.map(([code, name, priceScale, tickSize, startPrice, volatility, typicalTrade, contractSize]) => ({
      code,
      name,
      priceScale,
      quantityScale: 0,
      tickSize,
      startPrice,
      volatility,
      typicalTrade,
      contractSize,
    })),
  ),
  ...family(
    4,
    'forex',
    PAIR_ROWS.map(([code, name, priceScale, startPrice, volatility]) => ({
      code,
      name,
      priceScale,
      quantityScale: 0,
      tickSize: oneUnit(priceScale),
      startPrice,
      volatility,
      typicalTrade: '100000',
      contractSize: '1',
    })),
  ),
];

const BY_CODE = new Map(INSTRUMENTS.map((instrument) => [instrument.productCode, instrument]));

export function findInstrument(productCode: string): InstrumentSpec | undefined {
  return BY_CODE.get(productCode);
}
