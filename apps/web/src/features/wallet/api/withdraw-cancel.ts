import { funding } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call } from '../../../shared/api/call';
import { IdempotencyKeeper, withIdempotencyKey } from '../../../shared/api/idempotency';
import { MONEY_PREFIX } from './money-key';

/** Cancels one of my pending withdrawals (one Idempotency-Key per withdrawal cancelled). */
export function useWithdrawCancel() {
  const queryClient = useQueryClient();
  const keeper = useRef(new IdempotencyKeeper()).current;
  return useMutation({
    mutationFn: (userWithdrawId: number) => {
      const body = { userWithdrawId };
      return withIdempotencyKey(keeper, body, (headers) => call(funding.withdrawCancel, { body, headers }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MONEY_PREFIX }),
  });
}
