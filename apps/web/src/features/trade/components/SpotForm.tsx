import Toast from 'antd-mobile/es/components/toast';
import { CONSTANTS } from '@kestrel/contract/web';
import { formatDecimal } from '@kestrel/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWithRules, useDisplayRules } from '../../../shared/display/display-rules';
import { productDisplayCode } from '../../../shared/display/product-name';
import { ConfirmSheet } from '../../../shared/trading/ConfirmSheet';
import { fractionAsPercent } from '../../../shared/trading/decimals';
import { FactList } from '../../../shared/trading/FactList';
import { refusalOf } from '../../../shared/trading/refusal-field';
import { AmountField } from '../../../shared/ui/FormFields';
import { useSpotOrderAdd } from '../api/spot-order-add';
import { previewSpotBuy, spotShortcutQuantity } from '../lib/spot-order';
import type { TradeContext } from '../use-trade-context';
import { availableExtra, FormNotice, PercentShortcuts, PriceEstimateLabel } from './FormParts';

/**
 * Spot buy by quantity (orderNum) with shortcuts of the available balance, the estimated cost and fee
 * (the server's rounding), and a confirmation. Selling is per held order, in the holdings list.
 */
export function SpotBuyForm({ context }: { context: TradeContext }) {
  const { t } = useTranslation();
  const rules = useDisplayRules();
  const add = useSpotOrderAdd();
  const { product, setting, price, moneyScale } = context;
  const [quantity, setQuantity] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!setting) return null;

  const money = (units: bigint) => `${formatWithRules(formatDecimal(units, moneyScale), rules)} USDT`;
  const shownPrice = formatWithRules(price, rules, setting.priceScale);
  // The quantity's unit: the base of a pair ("BTC" of BTC/USD), the ticker of a share.
  const unit = productDisplayCode(product.productCode).split('/')[0] ?? product.productCode;
  const preview = previewSpotBuy({ quantity, price, setting, available: context.available, moneyScale });
  const quote = preview.state === 'empty' ? null : preview.quote;
  const error =
    preview.state === 'invalid' && (submitted || quantity !== '')
      ? t(preview.problem.key, preview.problem.params)
      : preview.state === 'empty' && submitted
        ? t('trading.quantity_required')
        : refusal;
  const blocked = !setting.tradingOpen || setting.isLock === 1 || setting.spotBuyFeeRate === null;
  const feePercent = fractionAsPercent(setting.spotBuyFeeRate);

  const submit = async () => {
    if (preview.state !== 'valid') return;
    try {
      const order = await add.mutateAsync({
        productType: product.productType as 1 | 2 | 3 | 4,
        productCode: product.productCode,
        orderNum: quantity.trim(),
      });
      setConfirming(false);
      setSubmitted(false);
      setQuantity('');
      Toast.show({
        content: t('trading.bought_toast', { quantity: order.orderNum, product: unit }),
        duration: CONSTANTS.toastDurationMs,
      });
    } catch (failure) {
      setConfirming(false);
      const refused = refusalOf(failure);
      if (refused) setRefusal(t(refused.key, refused.params));
    }
  };

  return (
    <div className="tf-form" data-testid="spot-buy-form">
      <AmountField
        label={t('trading.buy_quantity')}
        value={quantity}
        onChange={(value) => {
          setQuantity(value);
          setRefusal(null);
        }}
        unit={unit}
        placeholder="0"
        extra={availableExtra(context, rules)}
        error={error}
        hint={t('trading.quantity_limits', { min: setting.minQuantity, max: setting.maxQuantity })}
        below={
          <PercentShortcuts
            testId="spot-quantity"
            disabled={context.available === null}
            onPick={(percent) => {
              const filled = spotShortcutQuantity({
                percent,
                price,
                setting,
                available: context.available,
                moneyScale,
              });
              if (filled) setQuantity(filled);
              setRefusal(null);
            }}
          />
        }
        testId="spot-quantity"
      />
      <FactList
        className="tf-summary"
        facts={[
          {
            label: <PriceEstimateLabel simulated={context.simulated} />,
            value: shownPrice,
            ltr: true,
          },
          { label: t('trading.cost'), value: quote ? money(quote.amount) : '--', ltr: true, testId: 'spot-cost' },
          {
            label: feePercent ? `${t('trading.fee')} (${feePercent}%)` : t('trading.fee'),
            value: quote ? money(quote.fee) : '--',
            ltr: true,
            testId: 'spot-fee',
          },
          { label: t('trading.total_cost'), value: quote ? money(quote.total) : '--', ltr: true, strong: true },
        ]}
      />
      {setting.isLock === 1 ? (
        <FormNotice>{t('error.product_locked')}</FormNotice>
      ) : !setting.tradingOpen ? (
        <FormNotice>{t('trading.closed_now')}</FormNotice>
      ) : setting.spotBuyFeeRate === null ? (
        <FormNotice>{t('error.fee_not_configured')}</FormNotice>
      ) : null}
      <button
        type="button"
        className="k-action tr-button k-action--block tr-button--rise"
        onClick={() => {
          setSubmitted(true);
          setRefusal(null);
          if (preview.state === 'valid' && !blocked) setConfirming(true);
        }}
        disabled={blocked || add.isPending}
        data-testid="spot-submit"
      >
        {t('trading.buy_product', { product: product.productName })}
      </button>
      <ConfirmSheet
        visible={confirming}
        title={t('trading.buy_product', { product: product.productName })}
        facts={
          quote && preview.state === 'valid'
            ? [
                {
                  label: t('trading.quantity'),
                  value: formatDecimal(preview.quantity, setting.quantityScale),
                  ltr: true,
                },
                {
                  label: <PriceEstimateLabel simulated={context.simulated} />,
                  value: shownPrice,
                  ltr: true,
                },
                { label: t('trading.cost'), value: money(quote.amount), ltr: true },
                { label: t('trading.fee'), value: money(quote.fee), ltr: true },
                { label: t('trading.total_cost'), value: money(quote.total), ltr: true, strong: true },
              ]
            : []
        }
        note={
          <>
            {t('trading.estimate_note')}
            {context.isDemo ? ` ${t('trading.demo_note')}` : ''}
          </>
        }
        confirmText={t('trading.buy')}
        confirmTone="rise"
        pending={add.isPending}
        onConfirm={() => void submit()}
        onClose={() => setConfirming(false)}
        testId="spot-confirm"
      />
    </div>
  );
}
