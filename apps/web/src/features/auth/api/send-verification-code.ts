import { account } from '@kestrel/contract/web';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

export type CodeTarget = { kind: 'email'; email: string } | { kind: 'phone'; phone: string; areaCode: string };

/** Sends the 6-digit registration code to an email address or a phone number. */
export function useSendVerificationCode() {
  return useMutation({
    mutationFn: (target: CodeTarget) =>
      target.kind === 'email'
        ? call(account.sendEmailVerificationCode, { body: { email: target.email, purpose: 'register' } })
        : call(account.sendPhoneVerificationCode, {
            body: { phone: target.phone, areaCode: target.areaCode, purpose: 'register' },
          }),
  });
}
