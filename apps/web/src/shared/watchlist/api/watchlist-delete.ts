import { CONSTANTS, market, type Product } from '@kestrel/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { invalidateCustomerData } from '../../api/customer-keys';
// The lazy toast: the star sits in the trade screen's header, whose first paint should not wait for
// the toast's code (mask, react-spring).
import { showToast } from '../../ui/toast';

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
      showToast({ content: t('tips.removed_from_watchlist'), duration: CONSTANTS.toastDurationMs });
    },
    onSettled: () => invalidateCustomerData(queryClient, 'watchlist'),
  });
}
