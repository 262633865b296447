import type { InstrumentSpec, ProductType, SessionKind } from './types';

/**
 * The 42 products the simulator quotes. Start prices are plausible late-2026 levels, volatilities are
 * typical realised annual figures for each underlying. Every field is a fact of the product, not of
 * any customer. Quantities: shares for stocks, coins for crypto, contracts for futures, units of the
 * base currency for forex (so turnover is in the quote currency: USD, or JPY for *JPY pairs, GBP for
 * EURGBP). Futures prices are in USD per underlying unit, so notional = price * quantity * contractSize.
 */

interface Row {
  code: string;
  name: string;
  priceScale: number;
  quantityScale: number;
  tickSize: string;
  startPrice: string;
  volatilityBasisPoints: number;
  typicalTradeQuantity: string;
  contractSize?: string;
  description: string;
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
    annualVolatilityBasisPoints: row.volatilityBasisPoints,
    typicalTradeQuantity: row.typicalTradeQuantity,
    contractSize: row.contractSize ?? '1',
    session,
    description: row.description,
  }));
}

function stock(
  code: string,
  name: string,
  startPrice: string,
  volatilityBasisPoints: number,
  typicalTradeQuantity: string,
  description: string,
): Row {
  return {
    code,
    name,
    priceScale: 2,
    quantityScale: 0,
    tickSize: '0.01',
    startPrice,
    volatilityBasisPoints,
    typicalTradeQuantity,
    description,
  };
}

const US_STOCKS = family(1, 'us-equity', [
  stock(
    'AAPL',
    'Apple Inc.',
    '270.00',
    2800,
    '100',
    'Apple designs the iPhone, Mac and wearables and runs a large services business.',
  ),
  stock(
    'MSFT',
    'Microsoft Corporation',
    '520.00',
    2500,
    '50',
    'Microsoft sells cloud computing through Azure, Office software and Windows.',
  ),
  stock(
    'NVDA',
    'NVIDIA Corporation',
    '190.00',
    4500,
    '200',
    'NVIDIA makes the graphics processors and accelerators that train and run most AI models.',
  ),
  stock(
    'AMZN',
    'Amazon.com, Inc.',
    '240.00',
    3200,
    '100',
    'Amazon runs the largest online store in the United States and the AWS cloud.',
  ),
  stock(
    'GOOGL',
    'Alphabet Inc. Class A',
    '280.00',
    3000,
    '100',
    'Alphabet owns Google Search, YouTube, Android and Google Cloud.',
  ),
  stock(
    'META',
    'Meta Platforms, Inc.',
    '700.00',
    3800,
    '30',
    'Meta owns Facebook, Instagram and WhatsApp and earns mostly from advertising.',
  ),
  stock(
    'TSLA',
    'Tesla, Inc.',
    '430.00',
    5500,
    '100',
    'Tesla builds electric vehicles, batteries and energy storage systems.',
  ),
  stock(
    'JPM',
    'JPMorgan Chase & Co.',
    '310.00',
    2500,
    '50',
    'JPMorgan Chase is the largest bank in the United States by assets.',
  ),
  stock(
    'V',
    'Visa Inc. Class A',
    '350.00',
    2200,
    '50',
    'Visa runs a global card payments network connecting banks and merchants.',
  ),
  stock(
    'NFLX',
    'Netflix, Inc.',
    '115.00',
    3800,
    '100',
    'Netflix is a subscription video streaming service (price reflects its 10-for-1 split of 2025).',
  ),
  stock(
    'AMD',
    'Advanced Micro Devices, Inc.',
    '240.00',
    5000,
    '100',
    'AMD designs processors and graphics chips for PCs, data centres and consoles.',
  ),
  stock(
    'KO',
    'The Coca-Cola Company',
    '70.00',
    1800,
    '200',
    'Coca-Cola makes and licenses soft drinks sold in more than 200 countries.',
  ),
]);

function coin(
  code: string,
  name: string,
  priceScale: number,
  quantityScale: number,
  startPrice: string,
  volatilityBasisPoints: number,
  typicalTradeQuantity: string,
  description: string,
): Row {
  const tickSize = priceScale === 0 ? '1' : `0.${'0'.repeat(priceScale - 1)}1`;
  return {
    code,
    name,
    priceScale,
    quantityScale,
    tickSize,
    startPrice,
    volatilityBasisPoints,
    typicalTradeQuantity,
    description,
  };
}

const CRYPTO = family(2, 'crypto', [
  coin(
    'X:BTCUSD',
    'Bitcoin / US Dollar',
    2,
    5,
    '105000.00',
    5000,
    '0.02000',
    'Bitcoin is the first and largest cryptocurrency, with a fixed supply of 21 million coins.',
  ),
  coin(
    'X:ETHUSD',
    'Ethereum / US Dollar',
    2,
    4,
    '3800.00',
    6500,
    '0.5000',
    'Ether is the native currency of Ethereum, the largest smart-contract blockchain.',
  ),
  coin(
    'X:SOLUSD',
    'Solana / US Dollar',
    2,
    2,
    '180.00',
    8000,
    '10.00',
    'SOL pays for transactions on Solana, a high-throughput smart-contract blockchain.',
  ),
  coin(
    'X:XRPUSD',
    'XRP / US Dollar',
    4,
    1,
    '2.5000',
    8000,
    '2000.0',
    'XRP is the native asset of the XRP Ledger, designed for fast cross-border payments.',
  ),
  coin(
    'X:BNBUSD',
    'BNB / US Dollar',
    2,
    3,
    '1000.00',
    5500,
    '2.000',
    'BNB is the native coin of BNB Chain and is used for fees on the Binance ecosystem.',
  ),
  coin(
    'X:DOGEUSD',
    'Dogecoin / US Dollar',
    5,
    0,
    '0.20000',
    9000,
    '20000',
    'Dogecoin is a proof-of-work cryptocurrency that began as a joke and has an uncapped supply.',
  ),
  coin(
    'X:ADAUSD',
    'Cardano / US Dollar',
    4,
    1,
    '0.7000',
    8500,
    '5000.0',
    'ADA is the native currency of Cardano, a proof-of-stake smart-contract blockchain.',
  ),
  coin(
    'X:AVAXUSD',
    'Avalanche / US Dollar',
    3,
    2,
    '25.000',
    9000,
    '100.00',
    'AVAX is the native token of Avalanche, a smart-contract platform built from subnets.',
  ),
  coin(
    'X:DOTUSD',
    'Polkadot / US Dollar',
    3,
    2,
    '4.000',
    8500,
    '500.00',
    'DOT secures and governs Polkadot, a network that connects parachain blockchains.',
  ),
  coin(
    'X:LINKUSD',
    'Chainlink / US Dollar',
    3,
    2,
    '18.000',
    8500,
    '100.00',
    'LINK pays the node operators of Chainlink, an oracle network that brings data on-chain.',
  ),
  coin(
    'X:LTCUSD',
    'Litecoin / US Dollar',
    2,
    3,
    '100.00',
    7500,
    '20.000',
    'Litecoin is an early fork of Bitcoin with faster blocks and an 84 million coin cap.',
  ),
  coin(
    'X:TRXUSD',
    'TRON / US Dollar',
    5,
    0,
    '0.30000',
    5500,
    '20000',
    'TRX is the native currency of TRON, a blockchain widely used for stablecoin transfers.',
  ),
]);

function future(
  code: string,
  name: string,
  priceScale: number,
  tickSize: string,
  startPrice: string,
  volatilityBasisPoints: number,
  typicalTradeQuantity: string,
  contractSize: string,
  description: string,
): Row {
  return {
    code,
    name,
    priceScale,
    quantityScale: 0,
    tickSize,
    startPrice,
    volatilityBasisPoints,
    typicalTradeQuantity,
    contractSize,
    description,
  };
}

const FUTURES = family(3, 'futures', [
  future(
    'ESZ6',
    'E-mini S&P 500 Dec 2026',
    2,
    '0.25',
    '7000.00',
    1600,
    '5',
    '50',
    'CME E-mini S&P 500 futures expiring December 2026, worth 50 US dollars times the index.',
  ),
  future(
    'NQZ6',
    'E-mini Nasdaq-100 Dec 2026',
    2,
    '0.25',
    '25500.00',
    2100,
    '3',
    '20',
    'CME E-mini Nasdaq-100 futures expiring December 2026, worth 20 US dollars times the index.',
  ),
  future(
    'YMZ6',
    'E-mini Dow Dec 2026',
    0,
    '1',
    '48000',
    1500,
    '2',
    '5',
    'CBOT E-mini Dow Jones futures expiring December 2026, worth 5 US dollars times the index.',
  ),
  future(
    'CLF7',
    'Crude Oil WTI Jan 2027',
    2,
    '0.01',
    '62.00',
    3500,
    '3',
    '1000',
    'NYMEX light sweet crude oil futures for January 2027 delivery, 1,000 barrels per contract.',
  ),
  future(
    'GCG7',
    'Gold Feb 2027',
    1,
    '0.1',
    '4200.0',
    1800,
    '2',
    '100',
    'COMEX gold futures for February 2027 delivery, 100 troy ounces per contract.',
  ),
  future(
    'SIH7',
    'Silver Mar 2027',
    3,
    '0.005',
    '50.000',
    3000,
    '1',
    '5000',
    'COMEX silver futures for March 2027 delivery, 5,000 troy ounces per contract.',
  ),
  future(
    'NGF7',
    'Natural Gas Jan 2027',
    3,
    '0.001',
    '4.000',
    6000,
    '2',
    '10000',
    'NYMEX Henry Hub natural gas futures for January 2027 delivery, 10,000 MMBtu per contract.',
  ),
  future(
    'ZCH7',
    'Corn Mar 2027',
    4,
    '0.0025',
    '4.5000',
    2200,
    '3',
    '5000',
    'CBOT corn futures for March 2027 delivery, 5,000 bushels per contract, priced in US dollars per bushel.',
  ),
]);

function pair(
  code: string,
  name: string,
  priceScale: number,
  startPrice: string,
  volatilityBasisPoints: number,
  description: string,
): Row {
  const tickSize = `0.${'0'.repeat(priceScale - 1)}1`;
  return {
    code,
    name,
    priceScale,
    quantityScale: 0,
    tickSize,
    startPrice,
    volatilityBasisPoints,
    typicalTradeQuantity: '100000',
    description,
  };
}

const FOREX = family(4, 'forex', [
  pair(
    'C:EURUSD',
    'Euro / US Dollar',
    5,
    '1.16000',
    750,
    'The price of one euro in US dollars, the most traded currency pair in the world.',
  ),
  pair(
    'C:GBPUSD',
    'British Pound / US Dollar',
    5,
    '1.33000',
    800,
    'The price of one British pound in US dollars, often called cable.',
  ),
  pair('C:USDJPY', 'US Dollar / Japanese Yen', 3, '152.000', 1000, 'The price of one US dollar in Japanese yen.'),
  pair(
    'C:AUDUSD',
    'Australian Dollar / US Dollar',
    5,
    '0.66000',
    950,
    'The price of one Australian dollar in US dollars, sensitive to commodity prices.',
  ),
  pair(
    'C:USDCAD',
    'US Dollar / Canadian Dollar',
    5,
    '1.39000',
    600,
    'The price of one US dollar in Canadian dollars, closely linked to oil prices.',
  ),
  pair('C:USDCHF', 'US Dollar / Swiss Franc', 5, '0.80000', 800, 'The price of one US dollar in Swiss francs.'),
  pair(
    'C:NZDUSD',
    'New Zealand Dollar / US Dollar',
    5,
    '0.58000',
    1000,
    'The price of one New Zealand dollar in US dollars.',
  ),
  pair('C:EURJPY', 'Euro / Japanese Yen', 3, '176.000', 950, 'The price of one euro in Japanese yen.'),
  pair(
    'C:GBPJPY',
    'British Pound / Japanese Yen',
    3,
    '202.000',
    1100,
    'The price of one British pound in Japanese yen, one of the more volatile major crosses.',
  ),
  pair('C:EURGBP', 'Euro / British Pound', 5, '0.87000', 600, 'The price of one euro in British pounds.'),
]);

export const INSTRUMENTS: readonly InstrumentSpec[] = [...US_STOCKS, ...CRYPTO, ...FUTURES, ...FOREX];

const BY_CODE = new Map(INSTRUMENTS.map((instrument) => [instrument.productCode, instrument]));

export function findInstrument(productCode: string): InstrumentSpec | undefined {
  return BY_CODE.get(productCode);
}
