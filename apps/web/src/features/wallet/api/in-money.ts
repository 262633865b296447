import { funding, type BodyOf } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call } from '../../../shared/api/call';
import { IdempotencyKeeper, withIdempotencyKey } from '../../../shared/api/idempotency';
import { MONEY_PREFIX } from './money-key';

/** Requests a deposit, under one Idempotency-Key per deposit the customer submits. */
export function useInMoney() {
  const queryClient = useQueryClient();
  const keeper = useRef(new IdempotencyKeeper()).current;
  return useMutation({
    mutationFn: (body: BodyOf<typeof funding.inMoney>) =>
      withIdempotencyKey(keeper, body, (headers) => call(funding.inMoney, { body, headers })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MONEY_PREFIX }),
  });
}
