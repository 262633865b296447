import { account } from '@kestrel/contract/web';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

export type CodeTarget = { kind: 'email'; email: string } | { kind: 'phone'; phone: string; areaCode: string };

/**
 * Sends a 6-digit code: `bind` to the NEW email or phone being bound, `reset` to the account's own
 * address (the server answers the same whether or not an account has it, and sends nothing if none).
 */
export function useSendCode(purpose: 'bind' | 'reset') {
  return useMutation({
    mutationFn: (target: CodeTarget) =>
      target.kind === 'email'
        ? call(account.sendEmailVerificationCode, { body: { email: target.email, purpose } })
        : call(account.sendPhoneVerificationCode, {
            body: { phone: target.phone, areaCode: target.areaCode, purpose },
          }),
  });
}
