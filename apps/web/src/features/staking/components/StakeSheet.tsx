import { CONSTANTS, type staking } from '@kestrel/contract/web';
import { formatDecimal, stakingMaturityTime } from '@kestrel/domain';
import Popup from 'antd-mobile/es/components/popup';
import Toast from 'antd-mobile/es/components/toast';
import { CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAvailableBalance } from '../../../shared/account/api/user-balance';
import { ltr } from '../../../shared/display/bidi';
import { formatDateTime } from '../../../shared/display/date-time';
import { Facts } from '../../../shared/invest/Facts';
import { useMoneyText } from '../../../shared/invest/amounts';
import { Available, Money, Notice } from '../../../shared/invest/parts';
import { useReviewedForm } from '../../../shared/invest/use-reviewed-form';
import { ConfirmSheet } from '../../../shared/trading/ConfirmSheet';
import { AmountField } from '../../../shared/ui/FormFields';
import { SheetHeader } from '../../../shared/ui/PageHeader';
import { useStake } from '../api/stake';
import { percentOf } from '../lib/rates';
import { checkStake, maximumStake, unitsAt } from '../lib/stake-form';
import { orderPath } from '../paths';
import { useDaysText, useYieldText } from './texts';

/**
 * The buy sheet of a product: the amount (with the most the customer can lock), the available
 * balance, and what it earns, computed by the server's rule as the customer types: a day's yield, the
 * whole term's, the maturity date, and what redeeming early would keep. Every problem sits under the
 * amount. Then a confirmation with every figure the server will use; done, the new order opens.
 */
export function StakeSheet({
  product,
  moneyScale,
  customerActive,
  isDemo,
  onClose,
}: {
  product: staking.StakingProduct;
  moneyScale: number;
  /** The customer's active principal in this product, in units at the money scale. */
  customerActive: bigint;
  isDemo: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useMoneyText();
  const yieldText = useYieldText();
  const days = useDaysText();
  const stake = useStake();
  const form = useReviewedForm('');
  const amount = form.text;
  // The clock the preview is computed at; the server starts the order at its own.
  const [now] = useState(() => Date.now());

  const currency = product.currencyName;
  const available = useAvailableBalance(product.currencyId);
  const context = { moneyScale, customerActive, available, isDemo, now };
  const check = checkStake(amount, product, context);
  const most = maximumStake(product, context);
  const preview = check.state === 'valid' ? check.preview : null;
  const problem =
    form.refusal ??
    (check.state === 'invalid' && (form.submitted || amount !== '')
      ? check.problem
      : check.state === 'empty' && form.submitted
        ? { key: 'invest.staking.amount_required' }
        : null);
  const text = (units: bigint) => formatDecimal(units, moneyScale);
  const availableUnits = unitsAt(available, moneyScale);

  const confirm = async () => {
    if (check.state !== 'valid') return;
    await form.send(
      () => stake.mutateAsync({ productId: product.id, buyPrice: text(check.preview.principal) }),
      (order) => {
        Toast.show({
          content: t('invest.staking.staked_toast', { amount: ltr(money(order.buyPrice, order.currencyName)) }),
          duration: CONSTANTS.toastDurationMs,
        });
        onClose();
        navigate(orderPath(order.id));
      },
    );
  };

  return (
    <>
      <Popup
        visible={!form.confirming}
        onMaskClick={onClose}
        onClose={onClose}
        bodyClassName="k-sheet sk-sheet"
        destroyOnClose
      >
        <div
          className="sk-sheet__content"
          role="dialog"
          aria-label={t('invest.staking.stake_in', { name: product.name })}
          data-testid="stake-sheet"
        >
          <SheetHeader
            title={<span dir="auto">{t('invest.staking.stake_in', { name: product.name })}</span>}
            onClose={onClose}
            closeIcon={<CloseOutline />}
          />
          <div className="sk-sheet__body">
            <p className="sk-sheet__terms">
              {t('invest.staking.sheet_terms', {
                rate: ltr(percentOf(product.dailyRate)),
                term: days(product.termDays),
                annual: ltr(percentOf(product.annualRate)),
              })}
            </p>
            {isDemo ? <Notice tone="demo">{t('invest.staking.demo_stake_note')}</Notice> : null}
            <AmountField
              label={t('invest.staking.amount')}
              value={amount}
              onChange={form.change}
              unit={currency}
              testId="stake-amount"
              max={
                most
                  ? {
                      label: t('invest.common.max'),
                      onClick: () => form.change(most),
                    }
                  : undefined
              }
              extra={<Available amount={available} currencyName={currency} demo={isDemo} testId="stake-available" />}
              hint={t('invest.staking.amount_hint', {
                min: ltr(money(product.minAmount, currency)),
                max: ltr(money(product.maxAmount, currency)),
              })}
              error={problem ? t(problem.key, problem.params) : null}
            />
            <Facts
              facts={[
                {
                  label: t('invest.staking.daily_yield'),
                  value: preview ? <Money text={yieldText(text(preview.dailyYield), currency)} demo={isDemo} /> : '--',
                  testId: 'preview-daily',
                },
                {
                  label: t('invest.staking.term_yield', { term: days(product.termDays) }),
                  value: preview ? (
                    <Money text={yieldText(text(preview.expectedYield), currency)} demo={isDemo} />
                  ) : (
                    '--'
                  ),
                  testId: 'preview-term',
                  strong: true,
                },
                {
                  label: t('invest.staking.maturity'),
                  value: (
                    <span dir="ltr">
                      {formatDateTime(preview?.maturityTime ?? stakingMaturityTime(now, product.termDays))}
                    </span>
                  ),
                  testId: 'preview-maturity',
                },
                {
                  label: t('invest.staking.penalty_if_early'),
                  value: preview ? (
                    <Money text={money(text(preview.penalty), currency)} demo={isDemo} />
                  ) : (
                    percentOf(product.penaltyRate)
                  ),
                  testId: 'preview-penalty',
                },
              ]}
            />
            <p className="iv-hint">{t('invest.staking.maturity_note')}</p>
            <button
              type="button"
              className="k-action k-action--brand k-action--block"
              onClick={() => form.review(check.state === 'valid')}
              disabled={stake.isPending}
              data-testid="stake-continue"
            >
              {t('invest.staking.review')}
            </button>
          </div>
        </div>
      </Popup>
      <ConfirmSheet
        visible={form.confirming}
        title={t('invest.staking.confirm_title')}
        testId="stake-confirm"
        facts={
          preview
            ? [
                { label: t('invest.staking.product'), value: <span dir="auto">{product.name}</span> },
                {
                  label: t('invest.staking.amount_locked'),
                  value: (
                    <Money text={money(text(preview.principal), currency)} demo={isDemo} testId="confirm-principal" />
                  ),
                  strong: true,
                },
                { label: t('invest.staking.term'), value: days(product.termDays) },
                {
                  label: t('invest.staking.daily_rate'),
                  value: t('invest.staking.rate_with_annual', {
                    rate: ltr(percentOf(product.dailyRate)),
                    annual: ltr(percentOf(product.annualRate)),
                  }),
                },
                {
                  label: t('invest.staking.daily_yield'),
                  value: <Money text={yieldText(text(preview.dailyYield), currency)} demo={isDemo} />,
                },
                {
                  label: t('invest.staking.term_yield', { term: days(product.termDays) }),
                  value: (
                    <Money
                      text={yieldText(text(preview.expectedYield), currency)}
                      demo={isDemo}
                      testId="confirm-yield"
                    />
                  ),
                },
                { label: t('invest.staking.maturity'), value: formatDateTime(preview.maturityTime), ltr: true },
                {
                  label: t('invest.staking.penalty_if_early'),
                  value: <Money text={money(text(preview.penalty), currency)} demo={isDemo} testId="confirm-penalty" />,
                },
                availableUnits !== null
                  ? {
                      label: t('invest.common.available_after'),
                      value: <Money text={money(text(availableUnits - preview.principal), currency)} demo={isDemo} />,
                    }
                  : null,
              ]
            : []
        }
        note={
          preview
            ? t('invest.staking.confirm_note', {
                maturity: ltr(formatDateTime(preview.maturityTime)),
                penalty: ltr(money(text(preview.penalty), currency)),
              })
            : undefined
        }
        confirmText={t('invest.staking.confirm_stake')}
        pending={stake.isPending}
        onConfirm={() => void confirm()}
        onClose={form.cancel}
      />
    </>
  );
}
