import { bibi, CONSTANTS } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBibiCancel } from './api/bibi-cancel';

/**
 * Cancel one open order from a list, remembering which one is on its way so only that row's button
 * spins; the order lists on the exchange screen and on the orders screen both cancel this way.
 */
export function useCancelOrder() {
  const { t } = useTranslation();
  const cancel = useBibiCancel();
  const [cancelling, setCancelling] = useState<number | null>(null);

  const cancelOrder = async (order: bibi.BibiOrder) => {
    setCancelling(order.id);
    try {
      await cancel.mutateAsync(order.id);
      Toast.show({ content: t('bibi.order_cancelled'), duration: CONSTANTS.toastDurationMs });
    } catch {
      // The request layer has said why (a fill may have finished it first); the list refreshes anyway.
    } finally {
      setCancelling(null);
    }
  };
  return { cancelling, cancelOrder };
}
