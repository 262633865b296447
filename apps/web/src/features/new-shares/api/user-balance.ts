import { useQuery } from '@tanstack/react-query';
import { userBalanceQuery } from '../../../shared/account/api/user-balance';
import { useSessionToken } from '../../../shared/api/customer-keys';

/** My balances per currency (available, frozen), shared with every screen that reads them. */
export const useUserBalance = () => useQuery({ ...userBalanceQuery(useSessionToken()), staleTime: 5_000 });
