import { CONSTANTS, market, type Product } from '@kestrel/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Toast from 'antd-mobile/es/components/toast';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { invalidateCustomerData } from '../../api/customer-keys';

/** SPEC §7: POST addOption with a JSON body of productCode, productType and productId; a tips toast on success. */
export function useWatchlistAdd() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: Product) =>
      call(market.watchlistAdd, {
        body: { productCode: product.productCode, productType: product.productType, productId: product.productId },
      }),
    onSuccess: () => {
      Toast.show({ content: t('tips.added_to_watchlist'), duration: CONSTANTS.toastDurationMs });
    },
    onSettled: () => invalidateCustomerData(queryClient, 'watchlist'),
  });
}
