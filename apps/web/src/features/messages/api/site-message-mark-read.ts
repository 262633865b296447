import { messages } from '@kestrel/contract/web';
import { useMoneyMutation } from '../../../shared/api/use-money-mutation';

/**
 * `siteMessage/markReadFlag` without an id: marks every message read. The answer carries the unread
 * count after it, so the screen sets the red dot and the list's flags from it instead of refetching.
 */
export function useMarkAllRead() {
  return useMoneyMutation(messages.siteMessageMarkRead, { changes: [] });
}
