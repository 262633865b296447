import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invalidateCustomerData } from '../../shared/api/customer-keys';

/**
 * Pull to refresh on any home layout: whatever a layout may show (recommendations, banners, site
 * info, notices, the markets' lists, the customer's balances) goes stale, and what is on screen
 * refetches; the pull ends when it is back.
 */
export function useHomeRefresh(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['home'] }),
        queryClient.invalidateQueries({ queryKey: ['platform', 'siteInfo'] }),
        queryClient.invalidateQueries({ queryKey: ['notices'] }),
        queryClient.invalidateQueries({ queryKey: ['market', 'quoteList'] }),
        invalidateCustomerData(queryClient, 'balances'),
      ]),
    [queryClient],
  );
}
