import { wallet, type BodyOf } from '@kestrel/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';
import { bankCardFieldOf, showsUnderField } from '../lib/field-refusals';

export function useUpdateUserBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof wallet.updateUserBankCard>) =>
      call(wallet.updateUserBankCard, { body, showsRefusal: showsUnderField(bankCardFieldOf) }),
    onSuccess: () => invalidateCustomerData(queryClient, 'bankCards'),
  });
}
