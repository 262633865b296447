import { CONSTANTS, market, type Product } from '@kestrel/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { invalidateCustomerData } from '../../api/customer-keys';
// The lazy toast: the star sits in the trade screen's header, whose first paint should not wait for
// the toast's code (mask, react-spring).
import { showToast } from '../../ui/toast';

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
      showToast({ content: t('tips.added_to_watchlist'), duration: CONSTANTS.toastDurationMs });
    },
    onSettled: () => invalidateCustomerData(queryClient, 'watchlist'),
  });
}
