import { fastTrade } from '@kestrel/contract/web';
import { formatDecimal } from '@kestrel/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerKey, invalidateCustomerData, useSessionToken } from '../../../shared/api/customer-keys';
import { formatWithRules, useDisplayRules } from '../../../shared/display/display-rules';
import { OTHER_VALUE_FLAGS, useOtherValueFlag } from '../../../shared/platform/other-value-flags';
import { privateTopic } from '../../../shared/realtime/private-topics';
import { useTopic } from '../../../shared/realtime/use-topic';
import { ConfirmSheet } from '../../../shared/trading/ConfirmSheet';
import { fractionAsPercent } from '../../../shared/trading/decimals';
import { FactList } from '../../../shared/trading/FactList';
import { refusalOf } from '../../../shared/trading/refusal-field';
import { TRADE_CHANGES } from '../../../shared/trading/trade-changes';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { AmountField } from '../../../shared/ui/FormFields';
import { SimulatedBadge } from '../../../shared/ui/SimulatedBadge';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useOrderFeeSettings } from '../api/order-fee-settings';
import { useFastTradeAdd } from '../api/fast-trade-add';
import type { FastTradeOrder } from '../api/fast-trade-list';
import { useFastTradeOptions } from '../api/fast-trade-options';
import { FAST_STATISTICS_PREFIX } from '../api/fast-trade-statistics';
import {
  directionCode,
  durationText,
  fastFeeRate,
  presetStakes,
  previewStake,
  stakeShortcut,
  type FastDirection,
  type FastTradeOption,
} from '../lib/fast-trade';
import type { TradeContext } from '../use-trade-context';
import { availableExtra, PercentShortcuts } from './FormParts';
import { FastTradeTicket } from './FastTradeTicket';
import { FastStatistics } from './FastStatistics';
import { PresetStakes } from './PresetStakes';

/**
 * Fast trades: the product's options as chips (duration in SPEC §3 units with the win ratio), the stake
 * within the option's limits with shortcuts, the fee charged on top, and up / down. The order placed
 * last stays on screen as a ticket that counts down on the server's clock and turns into the result.
 */
export function FastTradeForm({ context }: { context: TradeContext }) {
  const { t } = useTranslation();
  const options = useFastTradeOptions(context.product.productType, context.product.productCode);
  const [chosenId, setChosenId] = useState<number | null>(null);
  if (options.isPending) {
    return (
      <div className="tf-form" aria-busy="true">
        <Skeleton height={44} radius={12} />
        <Skeleton height={58} radius={12} />
      </div>
    );
  }
  const rows = options.data ?? [];
  if (rows.length === 0) return <EmptyState title={t('trading.no_fast_options')} />;
  const option = rows.find((row) => row.id === chosenId) ?? rows[0]!;
  return (
    <div className="tf-form" data-testid="fast-form">
      <div className="tf-chips tf-chips--options" role="radiogroup" aria-label={t('trading.duration')}>
        {rows.map((row) => (
          <button
            key={row.id}
            type="button"
            role="radio"
            aria-checked={row.id === option.id}
            className="k-pill tf-chip tf-chip--option"
            onClick={() => setChosenId(row.id)}
            data-testid={`fast-option-${row.id}`}
          >
            <span className="tf-chip__main numeric" dir="ltr">
              {durationText(row)}
            </span>
            <span className="tf-chip__sub numeric rise" dir="ltr">
              +{fractionAsPercent(row.winRatio) ?? row.winRatio}%
            </span>
          </button>
        ))}
      </div>
      <StakeForm key={option.id} option={option} context={context} />
      <FastStatistics productCode={context.product.productCode} />
    </div>
  );
}

function StakeForm({ option, context }: { option: FastTradeOption; context: TradeContext }) {
  const { t } = useTranslation();
  const rules = useDisplayRules();
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const fees = useOrderFeeSettings();
  const add = useFastTradeAdd();
  const [stake, setStake] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState<FastDirection | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [placed, setPlaced] = useState<FastTradeOrder | null>(null);
  const { moneyScale } = context;
  // The operator's display choices (otherValue): whether the stake may be typed or only picked from the
  // presets (app_fastFree), and whether the fee line shows (app_fast_fee). Hiding the fee is display only:
  // it is still charged on top, still in the total, on the confirmation sheet and on the statement.
  const typedStake = useOtherValueFlag(OTHER_VALUE_FLAGS.fastFree);
  const showFee = useOtherValueFlag(OTHER_VALUE_FLAGS.fastFee);

  // A settlement (or an order opened elsewhere) arrives here first: the ticket and the lists update.
  useTopic(context.loggedIn ? privateTopic('fastOrders') : null, (push) => {
    queryClient.setQueryData(customerKey('fastTrades', token, 'detail', push.order.id), push.order);
    setPlaced((current) => (current?.id === push.order.id ? push.order : current));
    void invalidateCustomerData(queryClient, ...TRADE_CHANGES);
    void queryClient.invalidateQueries({ queryKey: FAST_STATISTICS_PREFIX });
  });

  const productType = context.product.productType;
  const upRate = fastFeeRate(fees.data ?? [], productType, 'up');
  const downRate = fastFeeRate(fees.data ?? [], productType, 'down');
  const previewFor = (direction: FastDirection) =>
    previewStake({
      stake,
      option,
      feeRate: direction === 'up' ? upRate : downRate,
      available: context.available,
      moneyScale,
    });
  const preview = previewFor('up');
  const quote = preview.state === 'empty' ? null : preview.quote;
  const money = (units: bigint) => `${formatWithRules(formatDecimal(units, moneyScale), rules)} USDT`;
  const error =
    preview.state === 'invalid' && (submitted || stake !== '')
      ? t(preview.problem.key, preview.problem.params)
      : preview.state === 'empty' && submitted
        ? t('trading.amount_required')
        : refusal;
  const upPercent = fractionAsPercent(upRate);
  const downPercent = fractionAsPercent(downRate);
  const feeLabel =
    upPercent === downPercent || downPercent === null
      ? `${t('trading.fee_on_top')} (${upPercent ?? '--'}%)`
      : `${t('trading.fee_on_top')} (${t('trading.up')} ${upPercent ?? '--'}% · ${t('trading.down')} ${downPercent}%)`;

  const choose = (direction: FastDirection) => {
    setSubmitted(true);
    setRefusal(null);
    if (previewFor(direction).state !== 'valid') return;
    setConfirming(direction);
  };

  const submit = async () => {
    if (!confirming) return;
    try {
      const order = await add.mutateAsync({
        fastTradeOrderOptionsId: option.id,
        orderDirection: directionCode(confirming),
        orderPrice: stake.trim(),
      });
      setPlaced(order);
      setSubmitted(false);
    } catch (failure) {
      const refused = refusalOf(failure);
      if (refused) setRefusal(t(refused.key, refused.params));
    }
    setConfirming(null);
  };

  const confirmPreview = confirming ? previewFor(confirming) : null;
  const confirmQuote = confirmPreview && confirmPreview.state !== 'empty' ? confirmPreview.quote : null;

  const stakeHint = t('trading.stake_limits', {
    min: formatWithRules(option.minBuyAmount, rules),
    max: formatWithRules(option.maxBuyAmount, rules),
  });

  // The typed field and the preset chips share their frame: label, unit, balance, limits and error.
  const stakeFieldProps = {
    label: t('trading.stake'),
    unit: 'USDT',
    extra: availableExtra(context, rules),
    error,
    hint: stakeHint,
    testId: 'fast-stake',
  };
  const changeStake = (value: string) => {
    setStake(value);
    setRefusal(null);
  };

  return (
    <>
      {typedStake ? (
        <AmountField
          {...stakeFieldProps}
          value={stake}
          onChange={changeStake}
          below={
            <PercentShortcuts
              testId="fast-stake"
              disabled={context.available === null}
              onPick={(percent) => {
                const filled = stakeShortcut({
                  percent,
                  option,
                  feeRate: upRate,
                  available: context.available,
                  moneyScale,
                  displayDecimals: context.displayDecimals,
                });
                if (filled) changeStake(filled);
                else setRefusal(null);
              }}
            />
          }
        />
      ) : (
        <PresetStakes
          {...stakeFieldProps}
          amounts={presetStakes(option, moneyScale)}
          value={stake}
          onPick={changeStake}
        />
      )}
      <FactList
        className="tf-summary"
        facts={[
          {
            label: (
              <>
                {t('trading.price_now')} <SimulatedBadge simulated={context.simulated} />
              </>
            ),
            value: formatWithRules(context.price, rules, context.product.priceScale),
            ltr: true,
          },
          showFee && { label: feeLabel, value: quote ? money(quote.fee) : '--', ltr: true, testId: 'fast-fee' },
          { label: t('trading.total_cost'), value: quote ? money(quote.total) : '--', ltr: true },
          {
            label: t('trading.win_pays', { percent: fractionAsPercent(option.winRatio) ?? option.winRatio }),
            value: quote ? money(quote.winPayout) : '--',
            ltr: true,
            tone: 'rise',
          },
          {
            label: t('trading.loss_costs'),
            value:
              option.loseMoneyMethod === fastTrade.LOSE_MONEY_METHOD.percentage
                ? t('trading.loss_percent', { percent: fractionAsPercent(option.loseRatio) ?? option.loseRatio })
                : t('trading.loss_whole_stake'),
          },
        ]}
      />
      <div className="tf-updown">
        <button
          type="button"
          className="k-action tr-button tr-button--rise tf-updown__button"
          onClick={() => choose('up')}
          disabled={add.isPending || upRate === null}
          data-testid="fast-up"
        >
          <span aria-hidden="true">▲</span> {t('trading.up')}
        </button>
        <button
          type="button"
          className="k-action tr-button tr-button--fall tf-updown__button"
          onClick={() => choose('down')}
          disabled={add.isPending || downRate === null}
          data-testid="fast-down"
        >
          <span aria-hidden="true">▼</span> {t('trading.down')}
        </button>
      </div>
      {placed ? <FastTradeTicket order={placed} /> : null}
      <ConfirmSheet
        visible={confirming !== null}
        title={`${confirming === 'up' ? t('trading.up') : t('trading.down')} · ${durationText(option)} · ${context.product.productName}`}
        facts={
          confirmQuote
            ? [
                { label: t('trading.stake'), value: money(confirmQuote.stake), ltr: true },
                // The last look before money moves keeps the fee whatever app_fast_fee says.
                { label: t('trading.fee_on_top'), value: money(confirmQuote.fee), ltr: true },
                { label: t('trading.total_cost'), value: money(confirmQuote.total), ltr: true, strong: true },
                { label: t('trading.win_pays_short'), value: money(confirmQuote.winPayout), ltr: true, tone: 'rise' },
                {
                  label: (
                    <>
                      {t('trading.price_now')} <SimulatedBadge simulated={context.simulated} />
                    </>
                  ),
                  value: formatWithRules(context.price, rules, context.product.priceScale),
                  ltr: true,
                },
              ]
            : []
        }
        note={
          <>
            {t('trading.fast_note')}
            {context.isDemo ? ` ${t('trading.demo_note')}` : ''}
          </>
        }
        confirmText={confirming === 'up' ? t('trading.up') : t('trading.down')}
        confirmTone={confirming === 'down' ? 'fall' : 'rise'}
        pending={add.isPending}
        onConfirm={() => void submit()}
        onClose={() => setConfirming(null)}
        testId="fast-confirm"
      />
    </>
  );
}
