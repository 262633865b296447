import { staking } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../../shared/display/bidi';
import { formatDateTime } from '../../../shared/display/date-time';
import { Facts } from '../../../shared/invest/Facts';
import { useMoneyText } from '../../../shared/invest/amounts';
import { CardHead, Money } from '../../../shared/invest/parts';
import { NavButton } from '../../../shared/ui/NavButton';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { orderStatusLabel } from '../lib/labels';
import { percentOf } from '../lib/rates';
import { orderPath } from '../paths';
import { useDaysText, useYieldText } from './texts';
import { TermProgress } from './Progress';

const { active, redeemed } = staking.STAKING_ORDER_STATUS;

/**
 * An order's head: the product, its rate and term, the status, and the principal; on the order's page
 * (`hero`) the product is the heading and the principal larger.
 */
export function OrderHead({ order, hero = false }: { order: staking.StakingOrderRecord; hero?: boolean }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const days = useDaysText();
  const status = orderStatusLabel(order.status);
  return (
    <>
      <CardHead
        name={order.productName}
        hero={hero}
        line={
          <span className="sk-product__meta">
            {t('invest.staking.rate_term', { rate: ltr(percentOf(order.dailyRate)), term: days(order.termDays) })}
          </span>
        }
        chip={
          <StatusChip tone={status.tone} testId="order-status">
            {t(status.key)}
          </StatusChip>
        }
      />
      <div className={`sk-order__principal${hero ? ' sk-order__principal--large' : ''}`}>
        <span className="sk-order__label">{t('invest.staking.principal')}</span>
        <Money text={money(order.buyPrice, order.currencyName)} demo={order.demo === 1} testId="order-principal" />
      </div>
    </>
  );
}

/**
 * An order in a list: product, status, principal, the term's progress and the yield so far; active,
 * when it matures; finished, what came back and when. Opens the order.
 */
export function OrderCard({ order }: { order: staking.StakingOrderRecord }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const yieldText = useYieldText();
  const demo = order.demo === 1;
  const currency = order.currencyName;
  return (
    <li>
      <NavButton to={orderPath(order.id)} className="card iv-section sk-order" testId={`order-${order.id}`}>
        <OrderHead order={order} />
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
      </NavButton>
    </li>
  );
}
