import { funding, type BodyOf } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call } from '../../../shared/api/call';
import { IdempotencyKeeper, withIdempotencyKey } from '../../../shared/api/idempotency';
import { MONEY_PREFIX } from './money-key';

/** Requests a withdrawal, under one Idempotency-Key per withdrawal the customer submits. */
export function useOutMoney() {
  const queryClient = useQueryClient();
  const keeper = useRef(new IdempotencyKeeper()).current;
  return useMutation({
    mutationFn: (body: BodyOf<typeof funding.outMoney>) =>
      withIdempotencyKey(keeper, body, (headers) => call(funding.outMoney, { body, headers })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MONEY_PREFIX }),
  });
}
