import { useQuery } from '@tanstack/react-query';
import { userBalanceQuery } from '../../../shared/account/api/user-balance';
import { useSessionToken } from '../../../shared/api/customer-keys';

/**
 * Available and frozen per currency, the pair's two coins among them. The forms need what is available
 * (userBibiAssets/list carries only available + frozen together), so it is kept fresher here.
 */
export const useUserBalance = () => useQuery({ ...userBalanceQuery(useSessionToken()), staleTime: 5_000 });
