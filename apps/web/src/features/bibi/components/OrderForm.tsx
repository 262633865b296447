import { bibi, CONSTANTS } from '@kestrel/contract/web';
import Popup from 'antd-mobile/es/components/popup';
import Toast from 'antd-mobile/es/components/toast';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRequestError } from '../../../shared/api/request-error';
import { useAmountFormat, useDisplayRules } from '../../../shared/display/display-rules';
import { AmountField, describedBy, FieldFrame } from '../../../shared/ui/FormFields';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { useBibiBuy } from '../api/bibi-buy';
import { useBibiSell } from '../api/bibi-sell';
import {
  checkOrder,
  feeBoundText,
  marketEstimate,
  SHORTCUT_PERCENTS,
  shortcutValue,
  stepPrice,
  type Available,
  type FieldProblem,
  type OrderKind,
  type OrderSide,
  type PairRules,
} from '../lib/order-form';
import { baseCoinDecimals, quoteDecimals } from '../lib/precision';
import { Minus, Plus } from './Glyphs';

/** A price picked from the book; `nonce` makes picking the same price twice still count. */
export interface PickedPrice {
  price: string;
  nonce: number;
}

/**
 * Buy and sell, limit and market: price with tick steppers, amount with 25/50/75/100 % of what is
 * available, the total and the most the fee can be, checked against the pair's tick, step and minimum as
 * the customer types; a confirm sheet before the order goes. Refusals the server still makes (a price
 * that moved, a post-only that would take) are shown under the form as well as by the request layer.
 * On a demo account the whole form is disabled up front (the server refuses demo orders; the notice
 * above the form says why and switches accounts), and its balance carries the demo label.
 */
export function OrderForm({
  pair,
  rules,
  available,
  bestBid,
  bestAsk,
  referencePrice,
  picked,
  demo = false,
}: {
  pair: bibi.BibiPair;
  rules: PairRules;
  available: Available;
  bestBid: bigint | null;
  bestAsk: bigint | null;
  /** What a shortcut or a stepper starts from when no price is typed yet. */
  referencePrice: string | null;
  picked: PickedPrice | null;
  /** A demo account: nothing here can be placed, so nothing can be filled in. */
  demo?: boolean;
}) {
  const { t } = useTranslation();
  const amountText = useAmountFormat();
  const { amountDecimals } = useDisplayRules();
  const ids = useId();
  const [side, setSide] = useState<OrderSide>('buy');
  const [kind, setKind] = useState<OrderKind>('limit');
  const [price, setPrice] = useState('');
  const [volume, setVolume] = useState('');
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const buy = useBibiBuy();
  const sell = useBibiSell();
  const pending = buy.isPending || sell.isPending;

  useEffect(() => {
    if (!picked) return;
    setKind('limit');
    setPrice(picked.price);
    setRefusal(null);
  }, [picked]);

  const input = { side, kind, price, volume, amount };
  const check = useMemo(
    () => checkOrder({ side, kind, price, volume, amount }, rules, available),
    [side, kind, price, volume, amount, rules, available],
  );
  const estimate = kind === 'market' ? marketEstimate(side, input, rules, bestAsk, bestBid) : null;
  const show = (problem: FieldProblem | null, typed: string) =>
    problem && (submitted || typed !== '') ? t(problem.key, problem.params) : null;
  const priceError = kind === 'limit' ? show(check.price, price) : null;
  const quantityError = side === 'buy' && kind === 'market' ? show(check.amount, amount) : show(check.volume, volume);
  const balanceError = check.balance ? t(check.balance.key) : null;

  const base = pair.baseCurrencyName;
  const quote = pair.quoteCurrencyName;
  const coins = baseCoinDecimals(pair);
  const usdt = quoteDecimals(amountDecimals, rules.quoteScale);
  // The fee is a bound, rounded UP to the digits shown: the screen never promises less than may be paid.
  const feeBound = check.fee !== null ? amountText(feeBoundText(check.fee, rules.quoteScale, usdt), usdt) : null;
  const availableText =
    side === 'buy' ? `${amountText(available.quote, usdt)} ${quote}` : `${amountText(available.base, coins)} ${base}`;
  const quantityIsAmount = side === 'buy' && kind === 'market';

  const changeSide = (next: OrderSide) => {
    setSide(next);
    setVolume('');
    setAmount('');
    setSubmitted(false);
    setRefusal(null);
  };
  const changeKind = (next: OrderKind) => {
    setKind(next);
    setSubmitted(false);
    setRefusal(null);
  };
  const applyShortcut = (percent: number) => {
    const startPrice = price || referencePrice || '';
    if (kind === 'limit' && price === '' && startPrice) setPrice(startPrice);
    const result = shortcutValue(percent, side, kind, rules, available, startPrice);
    if (!result) return;
    if (result.field === 'amount') setAmount(result.value);
    else setVolume(result.value);
    setRefusal(null);
  };

  const review = () => {
    setSubmitted(true);
    setRefusal(null);
    if (!check.body) return;
    setConfirming(true);
  };

  const confirm = async () => {
    const order = check.body;
    if (!order) return;
    try {
      const placed = order.side === 'buy' ? await buy.mutateAsync(order.body) : await sell.mutateAsync(order.body);
      setConfirming(false);
      setVolume('');
      setAmount('');
      setSubmitted(false);
      Toast.show({
        content: placed.status === bibi.BIBI_ORDER_STATUS.filled ? t('bibi.order_filled') : t('bibi.order_placed'),
        duration: CONSTANTS.toastDurationMs,
      });
    } catch (error) {
      setConfirming(false);
      // The layer has toasted a refusal already; the form keeps it in view until the next change.
      if (isRequestError(error) && error.kind === 'code') setRefusal(t(error.message, error.params ?? {}));
    }
  };

  return (
    <section className="card bibi-form" aria-label={t('bibi.place_order')} data-testid="order-form">
      <fieldset className="bibi-form__fields" disabled={demo} aria-disabled={demo || undefined}>
        <div className="k-segmented bibi-form__sides" role="tablist">
          {(['buy', 'sell'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={side === value}
              className={`k-segmented__option k-segmented__option--${value === 'buy' ? 'rise' : 'fall'}`}
              onClick={() => changeSide(value)}
              data-testid={`order-side-${value}`}
            >
              {value === 'buy' ? t('bibi.buy') : t('bibi.sell')}
            </button>
          ))}
        </div>
        <div className="bibi-form__kinds" role="radiogroup" aria-label={t('bibi.order_type')}>
          {(['limit', 'market'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={kind === value}
              className="k-pill bibi-chip"
              onClick={() => changeKind(value)}
              data-testid={`order-kind-${value}`}
            >
              {value === 'limit' ? t('bibi.limit') : t('bibi.market')}
            </button>
          ))}
        </div>

        {kind === 'limit' ? (
          <FieldFrame
            id={`${ids}-price`}
            label={t('bibi.price_unit', { coin: quote })}
            error={priceError}
            errorTestId="order-field-error"
          >
            <div className="k-field__box bibi-stepper">
              <button
                type="button"
                className="bibi-stepper__step"
                onClick={() => setPrice(stepPrice(price, -1, rules, referencePrice))}
                aria-label={t('bibi.price_down')}
              >
                <Minus />
              </button>
              <input
                id={`${ids}-price`}
                className="k-field__input k-field__input--amount numeric"
                inputMode="decimal"
                autoComplete="off"
                dir="ltr"
                maxLength={24}
                value={price}
                placeholder={referencePrice ?? ''}
                onChange={(event) => {
                  setPrice(event.target.value);
                  setRefusal(null);
                }}
                aria-invalid={priceError ? true : undefined}
                aria-describedby={describedBy(`${ids}-price`, priceError, null)}
                data-testid="order-price"
              />
              <button
                type="button"
                className="bibi-stepper__step"
                onClick={() => setPrice(stepPrice(price, 1, rules, referencePrice))}
                aria-label={t('bibi.price_up')}
              >
                <Plus />
              </button>
            </div>
          </FieldFrame>
        ) : (
          <div className="k-field__box bibi-market-price" data-testid="order-market-price">
            {t('bibi.market_price')}
          </div>
        )}

        <AmountField
          label={quantityIsAmount ? t('bibi.budget_unit', { coin: quote }) : t('bibi.amount_unit', { coin: base })}
          value={quantityIsAmount ? amount : volume}
          onChange={(typed) => {
            if (quantityIsAmount) setAmount(typed);
            else setVolume(typed);
            setRefusal(null);
          }}
          testId={quantityIsAmount ? 'order-amount' : 'order-volume'}
          unit={quantityIsAmount ? quote : base}
          placeholder={quantityIsAmount ? '' : t('bibi.minimum_hint', { minimumVolume: pair.minimumVolume })}
          error={quantityError}
          errorTestId="order-field-error"
          // The form explains a malformed number (order-form.ts) rather than dropping what was typed.
          filterTyping={false}
          maxLength={24}
        />

        <div className="bibi-form__shortcuts" role="group" aria-label={t('bibi.shortcuts')}>
          {SHORTCUT_PERCENTS.map((percent) => (
            <button
              key={percent}
              type="button"
              className="k-pill bibi-chip bibi-chip--small"
              onClick={() => applyShortcut(percent)}
              aria-label={t('bibi.percent_of_available', { percent })}
              data-testid={`order-pct-${percent}`}
            >
              {percent}%
            </button>
          ))}
        </div>

        <dl className="k-facts bibi-facts">
          <div>
            <dt>{t('bibi.available')}</dt>
            <dd className="bibi-form__available">
              <span className="numeric" dir="ltr" data-testid="order-available">
                {availableText}
              </span>
              {demo ? (
                <StatusChip tone="demo" size="small" testId="order-demo-label">
                  {t('common.demo')}
                </StatusChip>
              ) : null}
            </dd>
          </div>
          {kind === 'limit' || quantityIsAmount ? (
            <div>
              <dt>{t('bibi.total')}</dt>
              <dd className="numeric" dir="ltr" data-testid="order-total">
                {check.total !== null ? `${amountText(check.total, usdt)} ${quote}` : '--'}
              </dd>
            </div>
          ) : null}
          {kind === 'market' ? (
            <div>
              <dt>{t('bibi.estimate')}</dt>
              <dd className="numeric" dir="ltr" data-testid="order-estimate">
                {estimate !== null
                  ? `≈ ${side === 'buy' ? `${amountText(estimate, coins)} ${base}` : `${amountText(estimate, usdt)} ${quote}`}`
                  : '--'}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('bibi.fee_estimate')}</dt>
            <dd className="numeric" dir="ltr" data-testid="order-fee">
              {feeBound !== null ? `${feeBound} ${quote}` : '--'}
            </dd>
          </div>
        </dl>
        {balanceError ? (
          <p className="bibi-form__error" role="alert" data-testid="order-balance-error">
            {balanceError}
          </p>
        ) : null}
        {refusal ? (
          <p className="bibi-form__error" role="alert" data-testid="order-refusal">
            {refusal}
          </p>
        ) : null}
        <button
          type="button"
          className={`bibi-submit bibi-submit--${side}`}
          onClick={review}
          disabled={!pair.trading || pending || demo}
          data-testid="order-submit"
        >
          {side === 'buy' ? t('bibi.buy_coin', { coin: base }) : t('bibi.sell_coin', { coin: base })}
        </button>
        <p className="bibi-form__rules">
          {t('bibi.rules', { tickSize: pair.tickSize, volumeStep: pair.volumeStep, minimumVolume: pair.minimumVolume })}
        </p>
      </fieldset>

      <Popup
        visible={confirming}
        onMaskClick={() => (pending ? undefined : setConfirming(false))}
        bodyClassName="k-sheet bibi-sheet"
        destroyOnClose
      >
        <div role="dialog" aria-labelledby={`${ids}-confirm`} className="bibi-confirm">
          <h2 id={`${ids}-confirm`} className="k-sheet__title">
            {t('bibi.confirm_title')}
          </h2>
          <dl className="k-facts bibi-facts">
            <div>
              <dt>{t('bibi.side')}</dt>
              <dd className={side === 'buy' ? 'rise' : 'fall'}>
                {side === 'buy' ? t('bibi.buy') : t('bibi.sell')} ·{' '}
                {kind === 'limit' ? t('bibi.limit') : t('bibi.market')}
              </dd>
            </div>
            <div>
              <dt>{t('bibi.price')}</dt>
              <dd className="numeric" dir="ltr">
                {kind === 'limit' ? `${price} ${quote}` : t('bibi.market_price')}
              </dd>
            </div>
            <div>
              <dt>{quantityIsAmount ? t('bibi.budget') : t('bibi.amount')}</dt>
              <dd className="numeric" dir="ltr">
                {quantityIsAmount ? `${amount} ${quote}` : `${volume} ${base}`}
              </dd>
            </div>
            {check.total !== null ? (
              <div>
                <dt>{t('bibi.total')}</dt>
                <dd className="numeric" dir="ltr">
                  {amountText(check.total, usdt)} {quote}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t('bibi.fee_estimate')}</dt>
              <dd className="numeric" dir="ltr">
                {feeBound !== null ? `${feeBound} ${quote}` : t('bibi.fee_from_proceeds')}
              </dd>
            </div>
          </dl>
          <p className="bibi-confirm__note">{kind === 'market' ? t('bibi.market_note') : t('bibi.limit_note')}</p>
          <div className="bibi-confirm__buttons">
            <button
              type="button"
              className="bibi-button bibi-button--neutral"
              onClick={() => setConfirming(false)}
              disabled={pending}
            >
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className={`bibi-button bibi-submit--${side}`}
              onClick={() => void confirm()}
              disabled={pending}
              aria-busy={pending || undefined}
              data-testid="order-confirm"
            >
              {pending ? <span className="spinner spinner--small" aria-hidden="true" /> : null}
              {t('common.confirm')}
            </button>
          </div>
        </div>
      </Popup>
    </section>
  );
}
