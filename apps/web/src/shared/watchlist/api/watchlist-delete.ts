import { CONSTANTS, market, type Product } from '@kestrel/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Toast from 'antd-mobile/es/components/toast';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { invalidateCustomerData } from '../../api/customer-keys';

/** Removes a product from the watchlist (delOption, form-encoded). */
export function useWatchlistDelete() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: Pick<Product, 'productCode' | 'productType'>) =>
      call(market.watchlistDelete, {
        body: { productCode: product.productCode, productType: product.productType },
      }),
    onSuccess: () => {
      Toast.show({ content: t('tips.removed_from_watchlist'), duration: CONSTANTS.toastDurationMs });
    },
    onSettled: () => invalidateCustomerData(queryClient, 'watchlist'),
  });
}
