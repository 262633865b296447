import { copyTrading } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';

/**
 * Follows a trader. Not idempotent by the contract (a second follow of the same trader is refused with
 * `error.copy_already_following`), so the helper sends no Idempotency-Key; it refreshes the lists, where
 * the trader now reads "Following" and the follow appears.
 */
export function useFollow() {
  return useMoneyMutation(copyTrading.follow, { changes: ['copyTrading'] });
}
