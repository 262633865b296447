import type { bibi } from '@kestrel/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import { privateTopic } from '../../../shared/realtime/private-topics';
import { useTopic } from '../../../shared/realtime/use-topic';
import { useIsLoggedIn } from '../../../shared/store/session';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';

/**
 * `private:bibiOrders`: each change of one of my orders (a fill by someone else's order, a self-trade
 * cancel) refreshes my orders and balances at once, not at the next interval. `onUpdate` lets a screen
 * say something about it (a fill toast).
 */
export function useMyOrderUpdates(onUpdate?: (update: bibi.OrderUpdate) => void): void {
  const queryClient = useQueryClient();
  const loggedIn = useIsLoggedIn();
  useTopic(loggedIn ? privateTopic('bibiOrders') : null, (update) => {
    void invalidateCustomerData(queryClient, 'coinOrders', 'balances', 'statement');
    onUpdate?.(update);
  });
}
