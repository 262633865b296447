import { CONSTANTS, type newShares } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAvailableBalance } from '../../../shared/account/api/user-balance';
import { ltr } from '../../../shared/display/bidi';
import { formatDateTime } from '../../../shared/display/date-time';
import { Facts } from '../../../shared/invest/Facts';
import { useMoneyText } from '../../../shared/invest/amounts';
import { minus, parseScaled, textOf } from '../../../shared/invest/decimals';
import { Available, Money } from '../../../shared/invest/parts';
import { useReviewedForm } from '../../../shared/invest/use-reviewed-form';
import { ConfirmSheet } from '../../../shared/trading/ConfirmSheet';
import { describedBy, FieldFrame } from '../../../shared/ui/FormFields';
import { useSubscribe } from '../api/subscribe';
import { affordableLots, checkLots, remainingLots } from '../lib/subscription-form';
import { useCountText, useQuantityText } from './counts';
import { usePriceText } from './price-text';

/** The stepper's minus and plus, drawn here (one less shared icon file for the app's entry to list). */
function StepGlyph({ plus }: { plus: boolean }) {
  return (
    <svg width="1em" height="1em" viewBox="0 0 16 16" aria-hidden="true">
      <path d={plus ? 'M3 8h10M8 3v10' : 'M3 8h10'} stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** Digits only, at most 7 of them (ten million lots is past any offer). */
const lotsInput = (text: string): string =>
  text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 7);

/**
 * The subscribe form of an open offer: lots (with - / + and the most the customer can take), the shares
 * and the amount it freezes, the available balance, each problem under the field as the customer types;
 * then a confirmation sheet with every figure the server will use.
 */
export function SubscribeForm({
  offer,
  heldLots,
  isDemo,
}: {
  offer: newShares.NewShareProduct;
  heldLots: number;
  isDemo: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const money = useMoneyText();
  const price = usePriceText();
  const count = useCountText();
  const quantity = useQuantityText();
  const subscribe = useSubscribe();
  const form = useReviewedForm('1');
  const lots = form.text;

  const available = useAvailableBalance(offer.currencyId);
  const context = { heldLots, available, isDemo };
  const check = checkLots(lots, offer, context);
  const left = remainingLots(offer, context);
  const figures = check.state === 'empty' ? null : check.figures;
  const problem =
    form.refusal ??
    (check.state === 'invalid'
      ? check.problem
      : check.state === 'empty' && form.submitted
        ? { key: 'invest.new_shares.lots_required' }
        : null);
  const error = problem ? t(problem.key, problem.params) : null;
  const hint = t('invest.new_shares.lots_hint', {
    max: quantity.lots(left),
    perLot: quantity.shares(offer.lotSize),
  });
  const availableValue = parseScaled(available);
  const after = figures && availableValue ? minus(availableValue, figures.cost) : null;

  const change = (text: string) => form.change(lotsInput(text));
  const step = (by: number) => {
    const current = Number(lots) || 0;
    change(String(Math.min(Math.max(current + by, 1), Math.max(left, 1))));
  };

  const confirm = async () => {
    if (check.state !== 'valid') return;
    await form.send(
      () =>
        subscribe.mutateAsync({
          newProductApplyPurchaseId: offer.id,
          applyPurchaseQuantity: check.figures.quantity,
        }),
      () => {
        form.reset();
        Toast.show({
          content: t('invest.new_shares.subscribed_toast', { lots: quantity.lots(check.figures.lots) }),
          duration: CONSTANTS.toastDurationMs,
        });
      },
    );
  };

  const costText = figures ? money(textOf(figures.cost), offer.currencyName) : `-- ${offer.currencyName}`;

  return (
    <section className="card iv-section" data-testid="subscribe-form">
      <h2 className="iv-section__title">{t('invest.new_shares.subscribe')}</h2>
      <FieldFrame
        id={id}
        label={t('invest.new_shares.lots')}
        extra={<Available amount={available} currencyName={offer.currencyName} demo={isDemo} testId="available" />}
        error={error}
        errorTestId="lots-error"
        hint={hint}
      >
        <div className="k-field__box ns-stepper">
          <button
            type="button"
            className="ns-stepper__button"
            onClick={() => step(-1)}
            aria-label={t('invest.new_shares.fewer_lots')}
          >
            <StepGlyph plus={false} />
          </button>
          <input
            id={id}
            className="k-field__input ns-stepper__input numeric"
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            value={lots}
            onChange={(event) => change(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, error, hint)}
            data-testid="lots"
          />
          <button
            type="button"
            className="ns-stepper__button"
            onClick={() => step(1)}
            aria-label={t('invest.new_shares.more_lots')}
          >
            <StepGlyph plus />
          </button>
          <button
            type="button"
            className="ns-stepper__max"
            onClick={() => change(String(Math.max(affordableLots(offer, context), 1)))}
            data-testid="lots-max"
          >
            {t('invest.common.max')}
          </button>
        </div>
      </FieldFrame>
      <Facts
        facts={[
          {
            label: t('invest.new_shares.quantity'),
            value: figures ? quantity.shares(figures.quantity) : '--',
            testId: 'quantity',
          },
          {
            label: t('invest.new_shares.cost'),
            value: <Money text={costText} demo={isDemo} testId="cost" />,
            strong: true,
          },
        ]}
      />
      <p className="iv-hint">
        {t('invest.new_shares.freeze_note', { time: ltr(formatDateTime(offer.allocationTime)) })}
      </p>
      <button
        type="button"
        className="k-action k-action--brand k-action--block"
        onClick={() => form.review(check.state === 'valid')}
        disabled={subscribe.isPending}
        data-testid="subscribe-submit"
      >
        {t('invest.new_shares.subscribe')}
      </button>

      <ConfirmSheet
        visible={form.confirming}
        title={t('invest.new_shares.confirm_title')}
        testId="subscribe-confirm"
        facts={
          check.state === 'valid'
            ? [
                { label: t('invest.new_shares.offer'), value: <span dir="auto">{offer.productName}</span> },
                { label: t('invest.new_shares.lots'), value: count(check.figures.lots) },
                {
                  label: t('invest.new_shares.quantity'),
                  value: quantity.shares(check.figures.quantity),
                },
                {
                  label: t('invest.new_shares.issue_price'),
                  value: price(offer.issuePrice, offer.currencyName),
                  ltr: true,
                },
                {
                  label: t('invest.new_shares.amount_frozen'),
                  value: <Money text={costText} demo={isDemo} testId="confirm-cost" />,
                  strong: true,
                },
                after
                  ? {
                      label: t('invest.common.available_after'),
                      value: <Money text={money(textOf(after), offer.currencyName)} demo={isDemo} />,
                    }
                  : null,
                {
                  label: t('invest.new_shares.allocation_time'),
                  value: formatDateTime(offer.allocationTime),
                  ltr: true,
                },
                {
                  label: t('invest.new_shares.allocation_rule'),
                  value:
                    offer.allocationRule === 'lottery'
                      ? t('invest.new_shares.rule_lottery')
                      : t('invest.new_shares.rule_pro_rata'),
                },
              ]
            : []
        }
        note={t('invest.new_shares.confirm_note', {
          time: ltr(formatDateTime(offer.allocationTime)),
          unlock: ltr(formatDateTime(offer.unlockTime)),
        })}
        confirmText={t('invest.new_shares.confirm_subscribe')}
        pending={subscribe.isPending}
        onConfirm={() => void confirm()}
        onClose={form.cancel}
      />
    </section>
  );
}
