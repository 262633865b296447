import { CONSTANTS, staking } from '@kestrel/contract/web';
import { formatDecimal, stakingAnnualRate, stakingEarlyPayout } from '@kestrel/domain';
import Toast from 'antd-mobile/es/components/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LoginRedirect } from '../../../shared/ui/LoginRedirect';
import { ltr } from '../../../shared/display/bidi';
import { formatDateTime } from '../../../shared/display/date-time';
import { idParameter } from '../../../shared/id-parameter';
import { Facts } from '../../../shared/invest/Facts';
import { useMoneyText } from '../../../shared/invest/amounts';
import { parseScaled } from '../../../shared/invest/decimals';
import { Money, Page, RecordMissing } from '../../../shared/invest/parts';
import { useIsLoggedIn } from '../../../shared/store/session';
import { ConfirmSheet } from '../../../shared/trading/ConfirmSheet';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useRedeem } from '../api/redeem';
import { useStakingOrderDetail } from '../api/staking-order-detail';
import { useDaysText, useYieldText } from '../components/texts';
import { OrderHead } from '../components/OrderCard';
import { TermProgress } from '../components/Progress';
import { percentOf } from '../lib/rates';

const { active, matured, redeemed } = staking.STAKING_ORDER_STATUS;

/**
 * `/pages/lockMining/detail?id=`: one order: principal, rate and term, days accrued of the term, the
 * yield so far and at maturity, the dates; active, what redeeming now would pay and keep, and the
 * redeem button with a confirmation that states the penalty; finished, what came back.
 */
export default function OrderScreen() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [params] = useSearchParams();
  const id = idParameter(params.get('id'));
  if (!loggedIn) return <LoginRedirect />;
  if (id === null) return <RecordMissing notFound={t('invest.staking.order_not_found')} />;
  return <Order id={id} />;
}

function Order({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useStakingOrderDetail(id);
  if (detail.isPending) {
    return (
      <Page>
        <section className="card iv-section" role="status" aria-busy="true">
          <Skeleton width="50%" height={20} />
          <Skeleton width="70%" height={28} />
          <Skeleton height={8} radius={4} />
          <Skeleton height={14} />
          <Skeleton height={14} />
        </section>
      </Page>
    );
  }
  if (!detail.data || detail.isError) {
    return (
      <RecordMissing
        notFound={t('invest.staking.order_not_found')}
        query={detail}
        notFoundRefusal="error.staking_order_not_found"
      />
    );
  }
  return <OrderBody order={detail.data} />;
}

/** The scale an order's amounts are written at (the server writes them all at the currency's). */
const scaleOf = (text: string): number => /\.(\d+)$/.exec(text)?.[1]?.length ?? 0;

function OrderBody({ order }: { order: staking.StakingOrderRecord }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const yieldText = useYieldText();
  const days = useDaysText();
  const redeem = useRedeem();
  const [confirming, setConfirming] = useState(false);
  const demo = order.demo === 1;
  const currency = order.currencyName;

  // What redeeming now pays: principal - the penalty the server published for now + the yield so far.
  const scale = Math.max(scaleOf(order.buyPrice), scaleOf(order.penalty), scaleOf(order.accruedYield));
  const at = (text: string) => {
    const value = parseScaled(text);
    return value ? value.units * 10n ** BigInt(scale - value.scale) : 0n;
  };
  const principal = at(order.buyPrice);
  const penalty = at(order.penalty);
  const accrued = at(order.accruedYield);
  const payNow = formatDecimal(stakingEarlyPayout(principal, penalty, accrued), scale);
  const forgone = formatDecimal(at(order.expectedYield) - accrued, scale);

  const confirm = async () => {
    try {
      const done = await redeem.mutateAsync({ orderId: order.id });
      setConfirming(false);
      Toast.show({
        content: t('invest.staking.redeemed_toast', { amount: ltr(money(done.payout ?? '0', done.currencyName)) }),
        duration: CONSTANTS.toastDurationMs,
      });
    } catch {
      // The request layer has said why; the order refreshes with what is true now.
      setConfirming(false);
    }
  };

  return (
    <Page>
      <section className="card iv-section" data-testid="order-head">
        <OrderHead order={order} hero />
        <TermProgress daysAccrued={order.daysAccrued} termDays={order.termDays} />
      </section>

      <section className="card iv-section">
        <Facts
          facts={[
            {
              label: t('invest.staking.daily_rate'),
              value: t('invest.staking.rate_with_annual', {
                rate: ltr(percentOf(order.dailyRate)),
                annual: ltr(percentOf(annualOf(order.dailyRate))),
              }),
            },
            {
              label: t('invest.staking.daily_yield'),
              value: <Money text={yieldText(order.dailyYield, currency)} demo={demo} />,
            },
            {
              label: t('invest.staking.accrued_yield'),
              value: <Money text={yieldText(order.accruedYield, currency)} demo={demo} testId="detail-accrued" />,
            },
            {
              label: t('invest.staking.term_yield', { term: days(order.termDays) }),
              value: <Money text={yieldText(order.expectedYield, currency)} demo={demo} />,
            },
            { label: t('invest.staking.started'), value: <span dir="ltr">{formatDateTime(order.startTime)}</span> },
            {
              label: t('invest.staking.maturity'),
              value: <span dir="ltr">{formatDateTime(order.maturityTime)}</span>,
              testId: 'detail-maturity',
            },
            order.status !== active
              ? { label: t('invest.staking.ended'), value: <span dir="ltr">{formatDateTime(order.endTime)}</span> }
              : null,
            order.status === redeemed
              ? {
                  label: t('invest.staking.penalty_kept'),
                  value: <Money text={money(order.penalty, currency)} demo={demo} testId="detail-penalty" />,
                }
              : null,
            order.status !== active
              ? {
                  label: t('invest.staking.paid_out'),
                  value: <Money text={money(order.payout ?? '0', currency)} demo={demo} testId="detail-payout" />,
                  strong: true,
                }
              : null,
          ]}
        />
        {order.status === matured ? <p className="iv-hint">{t('invest.staking.matured_note')}</p> : null}
      </section>

      {order.status === active ? (
        <section className="card iv-section" data-testid="redeem-section">
          <h2 className="iv-section__title">{t('invest.staking.redeem_title')}</h2>
          <Facts
            facts={[
              {
                label: t('invest.staking.principal'),
                value: <Money text={money(order.buyPrice, currency)} demo={demo} />,
              },
              {
                label: t('invest.staking.penalty_rate_line', { rate: ltr(percentOf(order.penaltyRate)) }),
                value: <Money text={`−${money(order.penalty, currency)}`} demo={demo} testId="redeem-penalty" />,
              },
              {
                label: t('invest.staking.accrued_yield'),
                value: <Money text={`+${yieldText(order.accruedYield, currency)}`} demo={demo} />,
              },
              {
                label: t('invest.staking.redeem_now_pays'),
                value: <Money text={money(payNow, currency)} demo={demo} testId="redeem-pays" />,
                strong: true,
              },
            ]}
          />
          <p className="iv-hint">{t('invest.staking.redeem_forgone', { amount: ltr(yieldText(forgone, currency)) })}</p>
          <button
            type="button"
            className="k-action k-action--danger k-action--block"
            onClick={() => setConfirming(true)}
            disabled={redeem.isPending}
            data-testid="redeem"
          >
            {t('invest.staking.redeem')}
          </button>
          <ConfirmSheet
            visible={confirming}
            title={t('invest.staking.redeem_confirm_title')}
            testId="redeem-confirm"
            confirmTone="danger"
            facts={[
              { label: t('invest.staking.product'), value: <span dir="auto">{order.productName}</span> },
              {
                label: t('invest.staking.principal'),
                value: <Money text={money(order.buyPrice, currency)} demo={demo} />,
              },
              {
                label: t('invest.staking.penalty_rate_line', { rate: ltr(percentOf(order.penaltyRate)) }),
                value: <Money text={`−${money(order.penalty, currency)}`} demo={demo} testId="confirm-penalty" />,
                tone: 'fall',
              },
              {
                label: t('invest.staking.accrued_yield'),
                value: <Money text={`+${yieldText(order.accruedYield, currency)}`} demo={demo} />,
              },
              {
                label: t('invest.staking.you_receive'),
                value: <Money text={money(payNow, currency)} demo={demo} testId="confirm-pays" />,
                strong: true,
              },
            ]}
            note={t('invest.staking.redeem_confirm_note', {
              penalty: ltr(money(order.penalty, currency)),
              forgone: ltr(yieldText(forgone, currency)),
              maturity: ltr(formatDateTime(order.maturityTime)),
            })}
            confirmText={t('invest.staking.redeem_confirm')}
            pending={redeem.isPending}
            onConfirm={() => void confirm()}
            onClose={() => setConfirming(false)}
          />
        </section>
      ) : null}
    </Page>
  );
}

/** dailyRate x 365 by the domain's rule (for comparison only: the order carries no annual figure). */
function annualOf(dailyRate: string): string {
  try {
    return stakingAnnualRate(dailyRate);
  } catch {
    return dailyRate;
  }
}
