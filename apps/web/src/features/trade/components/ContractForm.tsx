import Toast from 'antd-mobile/es/components/toast';
import { CONSTANTS } from '@kestrel/contract/web';
import { formatDecimal, type ContractDirection } from '@kestrel/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWithRules, useDisplayRules } from '../../../shared/display/display-rules';
import { IdentityGateNotice } from '../../../shared/identity/IdentityGateNotice';
import { ConfirmSheet } from '../../../shared/trading/ConfirmSheet';
import { FactList } from '../../../shared/trading/FactList';
import { refusalField, refusalOf, type OrderField } from '../../../shared/trading/refusal-field';
import { checkStopLevelText, levelSides } from '../../../shared/trading/stop-levels';
import { LevelField } from '../../../shared/trading/StopLevelsSheet';
import { AmountField, FieldError } from '../../../shared/ui/FormFields';
import { Segmented } from '../../../shared/ui/Segmented';
import { usePositionBuy } from '../api/position-buy';
import { previewContractOrder, shortcutAmount, type AmountMode } from '../lib/contract-order';
import type { TradeContext } from '../use-trade-context';
import { availableExtra, FormNotice, LeveragePicker, PercentShortcuts, PriceEstimateLabel } from './FormParts';

/**
 * Long or short with leverage: the amount as margin or as value (notional) with 25-100% shortcuts of
 * the available balance, a leverage from the product's list, optional take-profit and stop-loss checked
 * against the live price, a live summary (quantity, margin, opening fee, liquidation price) computed
 * with the server's rules, and a confirmation sheet before the order goes.
 */
export function ContractForm({ context }: { context: TradeContext }) {
  const { t } = useTranslation();
  const rules = useDisplayRules();
  const buy = usePositionBuy();
  const { product, setting, price, moneyScale } = context;
  const [direction, setDirection] = useState<ContractDirection>('long');
  const [mode, setMode] = useState<AmountMode>('margin');
  const [amount, setAmount] = useState('');
  const levers = setting?.levers ?? [];
  const [leverage, setLeverage] = useState<number>(() => levers[0] ?? 1);
  const [levelsOpen, setLevelsOpen] = useState(false);
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<{ field: OrderField; text: string } | null>(null);

  useEffect(() => {
    // The lowest leverage by default: the customer raises the risk, the app never does.
    if (levers.length > 0 && !levers.includes(leverage)) setLeverage(levers[0] ?? 1);
  }, [levers, leverage]);

  if (!setting) return null;
  const money = (units: bigint) => formatWithRules(formatDecimal(units, moneyScale), rules);
  const priceText = (units: bigint | null) =>
    units === null ? '--' : formatWithRules(formatDecimal(units, setting.priceScale), rules, setting.priceScale);

  const preview = previewContractOrder({
    direction,
    mode,
    amount,
    leverage,
    price,
    setting,
    available: context.available,
    moneyScale,
  });
  const levels = levelsOpen
    ? checkStopLevelText(direction, price, takeProfit, stopLoss, setting.priceScale)
    : { takeProfit: null, stopLoss: null, levels: { stopProfitPrice: '', stopLossPrice: '' } };
  const quote = preview.state === 'empty' ? null : preview.quote;
  const sides = levelSides(direction);
  const shownPrice = formatWithRules(price, rules, setting.priceScale);

  const amountError =
    preview.state === 'invalid' && (submitted || amount !== '')
      ? t(preview.problem.key, preview.problem.params)
      : preview.state === 'empty' && submitted
        ? t('trading.amount_required')
        : refusal?.field === 'amount'
          ? refusal.text
          : null;
  const levelError = (field: 'takeProfit' | 'stopLoss') => {
    const problem = levels[field];
    if (problem) return t(problem.key, { ...problem.params, price: shownPrice });
    return refusal?.field === field ? refusal.text : null;
  };
  const blocked = !setting.tradingOpen || setting.isLock === 1 || setting.contractOpenFeeRate === null;

  const clearRefusal = () => setRefusal(null);
  const review = () => {
    setSubmitted(true);
    clearRefusal();
    if (preview.state !== 'valid' || !levels.levels || blocked) return;
    setConfirming(true);
  };

  const submit = async () => {
    if (preview.state !== 'valid' || !levels.levels) return;
    try {
      await buy.mutateAsync({
        productType: product.productType as 1 | 2 | 3 | 4,
        productCode: product.productCode,
        ...(mode === 'margin' ? { marginAmount: amount.trim() } : { orderTotalPrice: amount.trim() }),
        orderDirection: direction === 'long' ? 0 : 1,
        orderLever: leverage,
        ...(levels.levels.stopProfitPrice ? { stopProfitPrice: levels.levels.stopProfitPrice } : {}),
        ...(levels.levels.stopLossPrice ? { stopLossPrice: levels.levels.stopLossPrice } : {}),
      });
      setConfirming(false);
      setSubmitted(false);
      setAmount('');
      setTakeProfit('');
      setStopLoss('');
      Toast.show({ content: t('trading.opened_toast'), duration: CONSTANTS.toastDurationMs });
    } catch (error) {
      setConfirming(false);
      const refused = refusalOf(error);
      if (refused) setRefusal({ field: refusalField(refused.key), text: t(refused.key, refused.params) });
    }
  };

  const tone = direction === 'long' ? 'rise' : 'fall';
  const actionText = direction === 'long' ? t('trading.open_long') : t('trading.open_short');

  return (
    <div className="tf-form" data-testid="contract-form">
      <Segmented
        label={t('trading.direction')}
        testId="contract-direction"
        value={direction}
        onChange={(next) => {
          setDirection(next);
          clearRefusal();
        }}
        options={[
          { value: 'long', label: t('trading.long_rise'), tone: 'rise' },
          { value: 'short', label: t('trading.short_fall'), tone: 'fall' },
        ]}
      />

      <AmountField
        label={mode === 'margin' ? t('trading.margin') : t('trading.order_value')}
        labelSlot={
          <button
            type="button"
            className="tf-mode-switch"
            onClick={() => {
              setMode(mode === 'margin' ? 'notional' : 'margin');
              setAmount('');
            }}
            data-testid="contract-amount-mode"
          >
            <span aria-hidden="true">⇄ </span>
            {mode === 'margin' ? t('trading.by_value') : t('trading.by_margin')}
          </button>
        }
        value={amount}
        onChange={(value) => {
          setAmount(value);
          clearRefusal();
        }}
        unit="USDT"
        extra={availableExtra(context, rules)}
        error={amountError}
        hint={t('trading.margin_limits', {
          min: formatWithRules(setting.minMargin, rules),
          max: formatWithRules(setting.maxMargin, rules),
        })}
        below={
          <PercentShortcuts
            testId="contract-amount"
            disabled={context.available === null}
            onPick={(percent) => {
              const filled = shortcutAmount({
                percent,
                mode,
                available: context.available,
                leverage,
                setting,
                moneyScale,
                displayDecimals: context.displayDecimals,
              });
              if (filled) setAmount(filled);
              clearRefusal();
            }}
          />
        }
        testId="contract-amount"
      />

      <LeveragePicker
        levers={levers}
        value={leverage}
        onChange={(lever) => {
          setLeverage(lever);
          clearRefusal();
        }}
        error={refusal?.field === 'leverage' ? refusal.text : null}
      />

      <div className="tf-levels">
        <label className="tf-toggle">
          <input
            type="checkbox"
            checked={levelsOpen}
            onChange={(event) => setLevelsOpen(event.target.checked)}
            data-testid="contract-levels-toggle"
          />
          <span>{t('trading.tp_sl')}</span>
        </label>
        {levelsOpen ? (
          <div className="tf-levels__fields">
            <LevelField
              label={t('trading.take_profit')}
              hint={t(sides.takeProfit === 'above' ? 'trading.level_above_hint' : 'trading.level_below_hint', {
                price: shownPrice,
              })}
              value={takeProfit}
              onChange={(value) => {
                setTakeProfit(value);
                clearRefusal();
              }}
              error={levelError('takeProfit')}
              testId="contract-tp"
            />
            <LevelField
              label={t('trading.stop_loss')}
              hint={t(sides.stopLoss === 'above' ? 'trading.level_above_hint' : 'trading.level_below_hint', {
                price: shownPrice,
              })}
              value={stopLoss}
              onChange={(value) => {
                setStopLoss(value);
                clearRefusal();
              }}
              error={levelError('stopLoss')}
              testId="contract-sl"
            />
          </div>
        ) : null}
      </div>

      <FactList
        className="tf-summary"
        facts={[
          {
            label: <PriceEstimateLabel simulated={context.simulated} />,
            value: shownPrice,
            ltr: true,
            testId: 'contract-price',
          },
          {
            label: t('trading.quantity'),
            value: quote ? formatDecimal(quote.quantity, setting.quantityScale) : '--',
            ltr: true,
            testId: 'contract-quantity',
          },
          { label: t('trading.order_value'), value: quote ? `${money(quote.notional)} USDT` : '--', ltr: true },
          {
            label: t('trading.margin'),
            value: quote ? `${money(quote.margin)} USDT` : '--',
            ltr: true,
            testId: 'contract-margin',
          },
          {
            label: t('trading.opening_fee'),
            value: quote ? `${money(quote.fee)} USDT` : '--',
            ltr: true,
            testId: 'contract-fee',
          },
          {
            label: t('trading.liquidation_estimate'),
            value: quote ? priceText(quote.liquidationPrice) : '--',
            ltr: true,
            testId: 'contract-liquidation',
          },
        ]}
      />

      {setting.isLock === 1 ? (
        <FormNotice>{t('error.product_locked')}</FormNotice>
      ) : !setting.tradingOpen ? (
        <FormNotice>{t('trading.closed_now')}</FormNotice>
      ) : setting.contractOpenFeeRate === null ? (
        <FormNotice>{t('error.fee_not_configured')}</FormNotice>
      ) : null}
      <FieldError message={refusal?.field === 'form' ? refusal.text : null} testId="contract-refusal" />
      <IdentityGateNotice gate="contract" />

      <button
        type="button"
        className={`k-action tr-button k-action--block tr-button--${tone}`}
        onClick={review}
        disabled={blocked || buy.isPending}
        data-testid="contract-submit"
      >
        {actionText}
      </button>

      <ConfirmSheet
        visible={confirming}
        title={`${actionText} · ${product.productName}`}
        facts={
          quote
            ? [
                { label: t('trading.leverage'), value: `${leverage}x`, ltr: true },
                {
                  label: <PriceEstimateLabel simulated={context.simulated} />,
                  value: shownPrice,
                  ltr: true,
                },
                {
                  label: t('trading.quantity'),
                  value: formatDecimal(quote.quantity, setting.quantityScale),
                  ltr: true,
                },
                { label: t('trading.order_value'), value: `${money(quote.notional)} USDT`, ltr: true },
                { label: t('trading.margin'), value: `${money(quote.margin)} USDT`, ltr: true },
                { label: t('trading.opening_fee'), value: `${money(quote.fee)} USDT`, ltr: true },
                { label: t('trading.total_cost'), value: `${money(quote.total)} USDT`, ltr: true, strong: true },
                {
                  label: t('trading.take_profit'),
                  value: levels.levels?.stopProfitPrice
                    ? formatWithRules(levels.levels.stopProfitPrice, rules, setting.priceScale)
                    : t('trading.level_none'),
                  ltr: true,
                },
                {
                  label: t('trading.stop_loss'),
                  value: levels.levels?.stopLossPrice
                    ? formatWithRules(levels.levels.stopLossPrice, rules, setting.priceScale)
                    : t('trading.level_none'),
                  ltr: true,
                },
                { label: t('trading.liquidation_estimate'), value: priceText(quote.liquidationPrice), ltr: true },
              ]
            : []
        }
        note={
          <>
            {t('trading.estimate_note')}
            {context.isDemo ? ` ${t('trading.demo_note')}` : ''}
          </>
        }
        confirmText={actionText}
        confirmTone={tone}
        pending={buy.isPending}
        onConfirm={() => void submit()}
        onClose={() => setConfirming(false)}
        testId="contract-confirm"
      />
    </div>
  );
}
