import { wallet, type BodyOf } from '@kestrel/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';
import { bankCardFieldOf, showsUnderField } from '../lib/field-refusals';

export function useAddUserBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof wallet.addUserBankCard>) =>
      call(wallet.addUserBankCard, { body, showsRefusal: showsUnderField(bankCardFieldOf) }),
    onSuccess: () => invalidateCustomerData(queryClient, 'bankCards'),
  });
}
