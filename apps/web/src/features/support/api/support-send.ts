import { support, type BodyOf } from '@kestrel/contract/web';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/**
 * `customerService/send`: a text or an uploaded image to support; answers the stored message. Moves no
 * money, so no Idempotency-Key: a retry after a lost answer can store the message twice, which the
 * customer sees and support tolerates.
 */
export function useSupportSend() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof support.customerServiceSend>) => call(support.customerServiceSend, { body }),
  });
}
