import { bibi } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { unitsAt } from '../lib/decimals';

/** The key of an order's status; an open order with fills reads "partly filled". */
export function statusKey(order: Pick<bibi.BibiOrder, 'status' | 'filledVolume'>): string {
  switch (order.status) {
    case bibi.BIBI_ORDER_STATUS.open:
      return (unitsAt(order.filledVolume, 18) ?? 0n) > 0n ? 'bibi.status_partial' : 'bibi.status_open';
    case bibi.BIBI_ORDER_STATUS.filled:
      return 'bibi.status_filled';
    case bibi.BIBI_ORDER_STATUS.cancelled:
      return 'bibi.status_cancelled';
    default:
      return 'bibi.status_expired';
  }
}

export function StatusChip({ order }: { order: Pick<bibi.BibiOrder, 'status' | 'filledVolume'> }) {
  const { t } = useTranslation();
  const key = statusKey(order);
  return (
    <span className={`bibi-status bibi-status--${order.status}`} data-testid="order-status">
      {t(key)}
    </span>
  );
}
