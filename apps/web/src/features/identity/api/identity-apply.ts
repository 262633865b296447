import { identity, type BodyOf } from '@kestrel/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';
import { identityDetailKey, type IdentityRecord } from './identity-detail';

export type IdentityApplyBody = BodyOf<typeof identity.userAuthApply>;

/**
 * `userAuthRecord/userAuthApply` (a JSON body): sends a level's verification for review. The level's
 * detail and the summary (statuses, gates) are refreshed, as the `identity` kind of the customer's data,
 * and the answer (the new record, pending) is what the level's screen shows.
 */
export function useIdentityApply() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const mutation = useMoneyMutation(identity.userAuthApply, { changes: ['identity'] });
  const submit = async (body: IdentityApplyBody): Promise<IdentityRecord> => {
    const record = await mutation.mutateAsync(body);
    queryClient.setQueryData(identityDetailKey(token, record.authLevel), record);
    return record;
  };
  return { submit, isPending: mutation.isPending };
}
