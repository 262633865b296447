import { rewards, type LanguageCode } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { useSettingsStore } from '../../../shared/store/settings';
import { rewardsKey } from './keys';

/**
 * `reward/tasks`: every visible task with this customer's progress and state (logged out or demo: the
 * tasks alone, all locked). Titles come in the customer's language, so the language is part of the key.
 */
export function rewardTasksQuery(token: string | null, locale: LanguageCode) {
  return queryOptions({
    queryKey: rewardsKey(token, 'tasks', locale),
    queryFn: ({ signal }) => call(rewards.rewardTaskList, { signal }),
  });
}

export function useRewardTasks() {
  return useQuery(
    rewardTasksQuery(
      useSessionToken(),
      useSettingsStore((state) => state.locale),
    ),
  );
}
