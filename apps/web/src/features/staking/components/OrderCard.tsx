import { staking } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { formatDateTime } from '../lib/dates';
import { orderStatusLabel } from '../lib/labels';
import { percentOf } from '../lib/rates';
import { orderPath } from '../paths';
import { Facts } from './Facts';
import { Money, useDaysText, useMoneyText, useYieldText } from './parts';
import { ltr } from '../lib/bidi';
import { TermProgress } from './Progress';

const { active, redeemed } = staking.STAKING_ORDER_STATUS;

/**
 * An order in a list: product, status, principal, the term's progress and the yield so far; active,
 * when it matures; finished, what came back and when. Opens the order.
 */
export function OrderCard({ order }: { order: staking.StakingOrderRecord }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useMoneyText();
  const yieldText = useYieldText();
  const days = useDaysText();
  const status = orderStatusLabel(order.status);
  const demo = order.demo === 1;
  const currency = order.currencyName;
  return (
    <li>
      <button
        type="button"
        className="card sk-order"
        onClick={() => navigate(orderPath(order.id))}
        data-testid={`order-${order.id}`}
      >
        <div className="sk-product__head">
          <div className="sk-product__names">
            <span className="sk-product__name" dir="auto">
              {order.productName}
            </span>
            <span className="sk-product__meta">
              {t('invest.staking.rate_term', { rate: ltr(percentOf(order.dailyRate)), term: days(order.termDays) })}
            </span>
          </div>
          <StatusChip tone={status.tone} testId="order-status">
            {t(status.key)}
          </StatusChip>
        </div>
        <div className="sk-order__principal">
          <span className="sk-order__label">{t('invest.staking.principal')}</span>
          <Money text={money(order.buyPrice, currency)} demo={demo} testId="order-principal" />
        </div>
        {order.status === active ? <TermProgress daysAccrued={order.daysAccrued} termDays={order.termDays} /> : null}
        <Facts
          facts={[
            {
              label: t('invest.staking.accrued_yield'),
              value: <Money text={yieldText(order.accruedYield, currency)} demo={demo} />,
              testId: 'order-accrued',
            },
            order.status === active
              ? {
                  label: t('invest.staking.matures'),
                  value: <span dir="ltr">{formatDateTime(order.maturityTime)}</span>,
                }
              : {
                  label: t('invest.staking.paid_out'),
                  value: <Money text={money(order.payout ?? '0', currency)} demo={demo} />,
                  testId: 'order-payout',
                },
            order.status === redeemed
              ? {
                  label: t('invest.staking.penalty_kept'),
                  value: <Money text={money(order.penalty, currency)} demo={demo} />,
                }
              : null,
            order.status !== active
              ? {
                  label: t('invest.staking.ended'),
                  value: <span dir="ltr">{formatDateTime(order.endTime)}</span>,
                }
              : null,
          ]}
        />
      </button>
    </li>
  );
}
