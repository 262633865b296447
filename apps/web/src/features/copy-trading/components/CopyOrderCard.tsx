import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/display/date-time';
import { Facts } from '../../../shared/invest/Facts';
import { StatusChip } from '../../../shared/ui/StatusChip';
import type { CopyOrder } from '../api/relation-orders';
import { orderStateOf } from '../lib/relation';
import { DirectionTag } from './DirectionTag';
import { SignedPnl } from './SignedPnl';
import { useSkipReason } from './SkipReason';
import { useCopyFigures } from './texts';
import { SimulatedBadge } from '../../../shared/ui/SimulatedBadge';

/**
 * One copy of a follow: its state, the product, long or short and leverage; once mirrored its margin and
 * open → close prices, once closed its net PnL and the profit share paid; when skipped, why.
 */
export function CopyOrderCard({ order }: { order: CopyOrder }) {
  const { t } = useTranslation();
  const figures = useCopyFigures();
  const state = orderStateOf(order.state);
  const reason = useSkipReason()(order);
  const mirrored = order.margin !== null;
  return (
    <li className="card ct-card ct-card--flat" data-testid="copy-order" data-state={order.state}>
      <div className="k-person-head">
        <div className="k-person-names">
          <span className="ct-card__title" dir="auto">
            {order.productName}
          </span>
          <DirectionTag direction={order.direction} leverage={order.leverage} />
        </div>
        <SimulatedBadge simulated={mirrored && order.simulated} />
        <StatusChip tone={state.tone} size="small" testId="copy-order-state">
          {t(state.key)}
        </StatusChip>
      </div>
      <Facts
        facts={[
          mirrored && {
            label: t('copy.margin'),
            value: <span dir="ltr">{figures.usdt(order.margin)}</span>,
            testId: 'copy-order-margin',
          },
          mirrored && {
            label: t('copy.open_close_price'),
            value: (
              <span dir="ltr">
                {figures.price(order.openPrice)} → {figures.price(order.closePrice)}
              </span>
            ),
            testId: 'copy-order-prices',
          },
          order.netPnl !== null && {
            label: t('copy.net_pnl'),
            value: <SignedPnl value={order.netPnl} />,
            testId: 'copy-order-pnl',
          },
          order.profitShare !== null && {
            label: t('copy.profit_share_paid'),
            value: <span dir="ltr">{figures.usdt(order.profitShare)}</span>,
            testId: 'copy-order-share',
          },
          { label: t('copy.time'), value: <span dir="ltr">{formatDateTime(order.createTime)}</span> },
        ]}
      />
      {reason ? (
        <p className="ct-reason" data-testid="copy-order-reason">
          {reason}
        </p>
      ) : null}
    </li>
  );
}
