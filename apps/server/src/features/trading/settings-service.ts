import type { contracts } from '@kestrel/contract';
import { EXCHANGE_TYPE, formatDecimal, POSITION_TYPE } from '@kestrel/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import { feeRateOrNull, productOrRefuse, tradingOpen } from './trade-gate';
import { formatTimeOfDay, readTradeSettings } from './trade-settings';

export type TradeSettingView = z.input<typeof contracts.productTradeSetting>;

const text = (value: { units: bigint; scale: number }) => formatDecimal(value.units, value.scale);

/** `productTradeSetting/detail`: what the trade screen needs to build its forms, fee rates included. */
export async function tradeSettingDetail(context: AppContext, productCode: string): Promise<TradeSettingView> {
  const { db } = context.database;
  const product = await productOrRefuse(db, productCode);
  const settings = await readTradeSettings(db, productCode);
  if (!settings) refuse('error.position_type_unavailable');
  const rate = async (positionType: 1 | 2, exchangeType: 1 | 2) =>
    (await feeRateOrNull(db, product.product_type, positionType, exchangeType))?.text ?? null;
  const tick = context.market.lastTick(productCode);
  return {
    productId: product.id,
    productCode: product.product_code,
    productType: product.product_type,
    positionTypes: product.position_types,
    isLock: product.is_lock === 1 ? 1 : 0,
    leverList: settings.leverList,
    levers: settings.levers,
    minQuantity: text(settings.minQuantity),
    maxQuantity: text(settings.maxQuantity),
    minMargin: text(settings.minMargin),
    maxMargin: text(settings.maxMargin),
    maxBalanceShare: text(settings.maxBalanceShare),
    minHoldSeconds: settings.minHoldSeconds,
    liquidationMethod: settings.liquidationMethod,
    liquidationRatio: text(settings.liquidationRatio),
    followsMarketSession: settings.windows.length === 0,
    tradingWindows: settings.windows.map((window) => ({
      weekday: window.weekday,
      from: formatTimeOfDay(window.fromMinute),
      to: formatTimeOfDay(window.toMinute),
    })),
    tradingOpen: tradingOpen(settings, productCode, context.clock()),
    contractOpenFeeRate: await rate(POSITION_TYPE.contract, EXCHANGE_TYPE.buy),
    contractCloseFeeRate: await rate(POSITION_TYPE.contract, EXCHANGE_TYPE.sell),
    spotBuyFeeRate: await rate(POSITION_TYPE.spot, EXCHANGE_TYPE.buy),
    spotSellFeeRate: await rate(POSITION_TYPE.spot, EXCHANGE_TYPE.sell),
    priceScale: product.price_scale,
    quantityScale: product.quantity_scale,
    contractSize: product.standard,
    nowPrice: tick ? formatDecimal(tick.price, product.price_scale) : null,
    simulated: context.market.simulated,
  };
}
