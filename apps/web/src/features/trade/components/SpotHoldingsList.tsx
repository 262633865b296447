import Toast from 'antd-mobile/es/components/toast';
import { CONSTANTS } from '@kestrel/contract/web';
import { formatDecimal } from '@kestrel/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';
import { formatWithRules, useDisplayRules } from '../../../shared/display/display-rules';
import { productDisplayCode } from '../../../shared/display/product-name';
import { privateTopic } from '../../../shared/realtime/private-topics';
import { useTopic } from '../../../shared/realtime/use-topic';
import { ConfirmSheet } from '../../../shared/trading/ConfirmSheet';
import { sumDecimals } from '../../../shared/trading/decimals';
import { DemoTag } from '../../../shared/trading/DirectionTag';
import { FactList } from '../../../shared/trading/FactList';
import { formatDateTime, toneOf, useSignedMoneyText } from '../../../shared/trading/format';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { PriceSource } from '../../../shared/ui/PriceSource';
import { SimulatedBadge } from '../../../shared/ui/SimulatedBadge';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { useHeldSpotOrders, type SpotOrder } from '../api/spot-order-list';
import { useSpotOrderSell } from '../api/spot-order-sell';
import { liveSpotValue, previewSpotSell } from '../lib/spot-order';
import type { TradeContext } from '../use-trade-context';
import { PriceEstimateLabel } from './FormParts';

/**
 * My held spot orders of this product, valued at the live price, each with a sell button (a sale is of
 * one whole order, after a confirmation with the estimated proceeds and fee).
 */
export function SpotHoldingsList({ context }: { context: TradeContext }) {
  const { t } = useTranslation();
  const rules = useDisplayRules();
  const signed = useSignedMoneyText();
  const queryClient = useQueryClient();
  const held = useHeldSpotOrders(context.product.productCode);
  const sell = useSpotOrderSell();
  const [selling, setSelling] = useState<SpotOrder | null>(null);
  useTopic(context.loggedIn ? privateTopic('spotOrders') : null, () => {
    void invalidateCustomerData(queryClient, 'spotHoldings');
  });
  const { setting, moneyScale } = context;
  if (!setting) return null;
  const unit = productDisplayCode(context.product.productCode).split('/')[0] ?? context.product.productCode;
  const money = (value: string | null | undefined) => `${formatWithRules(value, rules)} USDT`;
  const price = (value: string | null | undefined) => formatWithRules(value, rules, setting.priceScale);

  if (held.isPending) return <SkeletonRows rows={2} />;
  const rows = held.data?.rows ?? [];
  if (rows.length === 0)
    return <EmptyState title={t('trading.no_holdings')} description={t('trading.no_holdings_body')} />;

  const sellQuote = selling
    ? previewSpotSell({ quantity: selling.orderNum, price: context.price, setting, moneyScale })
    : null;
  const confirm = async () => {
    if (!selling) return;
    try {
      const sold = await sell.mutateAsync(selling.id);
      Toast.show({
        content: t('trading.sold_toast', { pnl: `${signed(sold.profitAndLose)} USDT` }),
        duration: CONSTANTS.toastDurationMs,
      });
    } catch {
      // The request layer has shown the refusal; the holding stays.
    }
    setSelling(null);
  };

  return (
    <>
      <ul className="k-list" data-testid="spot-holdings">
        {rows.map((order) => {
          const live = liveSpotValue({ ...order, price: context.price, setting, moneyScale });
          const pnl = live?.profitAndLose ?? order.profitAndLose;
          return (
            <li key={order.id} className="tf-holding" data-testid="spot-holding">
              <div className="tf-holding__top">
                <span className="tf-holding__qty numeric" dir="ltr">
                  {order.orderNum} {unit}
                </span>
                {order.demo ? <DemoTag /> : null}
                <span className={`tf-holding__pnl numeric ${toneOf(pnl)}`} dir="ltr" data-testid="spot-holding-pnl">
                  {signed(pnl)} USDT
                </span>
              </div>
              <FactList
                facts={[
                  { label: t('trading.buy_price'), value: price(order.buyPrice), ltr: true },
                  {
                    label: t('trading.cost_with_fee'),
                    value: money(sumDecimals([order.buyAmount, order.buyFee], moneyScale)),
                    ltr: true,
                  },
                  { label: t('trading.market_value'), value: money(live?.marketValue ?? order.marketValue), ltr: true },
                  { label: t('trading.bought_at'), value: formatDateTime(order.buyTime), ltr: true },
                ]}
              />
              <div className="tf-holding__foot">
                <PriceSource tickId={order.buyTickId} source={order.buyTickSource} price={price(order.buyPrice)} />
                <SimulatedBadge simulated={order.simulated} />
                <button
                  type="button"
                  className="k-action tr-button tr-button--small tr-button--fall"
                  onClick={() => setSelling(order)}
                  data-testid="spot-sell"
                >
                  {t('trading.sell')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmSheet
        visible={selling !== null}
        title={t('trading.sell_product', { product: context.product.productName })}
        facts={
          selling
            ? [
                { label: t('trading.quantity'), value: `${selling.orderNum} ${unit}`, ltr: true },
                {
                  label: <PriceEstimateLabel simulated={context.simulated} />,
                  value: price(context.price),
                  ltr: true,
                },
                {
                  label: t('trading.proceeds'),
                  value: sellQuote ? money(formatDecimal(sellQuote.amount, moneyScale)) : '--',
                  ltr: true,
                },
                {
                  label: t('trading.fee'),
                  value: sellQuote ? money(formatDecimal(sellQuote.fee, moneyScale)) : '--',
                  ltr: true,
                },
                {
                  label: t('trading.you_receive'),
                  value: sellQuote ? money(formatDecimal(sellQuote.net, moneyScale)) : '--',
                  ltr: true,
                  strong: true,
                },
              ]
            : []
        }
        note={t('trading.estimate_note')}
        confirmText={t('trading.sell')}
        confirmTone="fall"
        pending={sell.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setSelling(null)}
        testId="spot-sell-confirm"
      />
    </>
  );
}
