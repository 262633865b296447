import { bibi } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { StatusChip, type ChipTone } from '../../../shared/ui/StatusChip';
import { unitsAt } from '../lib/decimals';

type OrderState = Pick<bibi.BibiOrder, 'status' | 'filledVolume'>;

/** An order's status as text and colour; an open order with fills reads "partly filled". */
function statusOf(order: OrderState): { key: string; tone: ChipTone } {
  switch (order.status) {
    case bibi.BIBI_ORDER_STATUS.open: {
      const filled = (unitsAt(order.filledVolume, 18) ?? 0n) > 0n;
      return { key: filled ? 'bibi.status_partial' : 'bibi.status_open', tone: 'brand' };
    }
    case bibi.BIBI_ORDER_STATUS.filled:
      return { key: 'bibi.status_filled', tone: 'success' };
    case bibi.BIBI_ORDER_STATUS.cancelled:
      return { key: 'bibi.status_cancelled', tone: 'neutral' };
    default:
      return { key: 'bibi.status_expired', tone: 'neutral' };
  }
}

export function OrderStatusChip({ order }: { order: OrderState }) {
  const { t } = useTranslation();
  const status = statusOf(order);
  return (
    <StatusChip tone={status.tone} size="small" className="bibi-status" testId="order-status">
      {t(status.key)}
    </StatusChip>
  );
}
