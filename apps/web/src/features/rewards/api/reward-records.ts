import { PAGE_SIZE_MAX, rewards, type AnswerOf, type LanguageCode } from '@kestrel/contract/web';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';
import { useSettingsStore } from '../../../shared/store/settings';
import { rewardsKey } from './keys';

export type RewardRecord = AnswerOf<typeof rewards.rewardRecordList>;

/**
 * `reward/records`: what the customer has earned, newest first (the award page). Not asked for while
 * `enabled` is false (the demo account: rewards belong to the live account).
 */
export function rewardRecordsQuery(token: string | null, locale: LanguageCode, enabled = true) {
  return infiniteQueryOptions({
    queryKey: rewardsKey(token, 'records', locale),
    queryFn: ({ pageParam, signal }) =>
      call(rewards.rewardRecordList, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null && enabled,
  });
}

export function useRewardRecords(enabled = true) {
  return useInfiniteQuery(
    rewardRecordsQuery(
      useSessionToken(),
      useSettingsStore((state) => state.locale),
      enabled,
    ),
  );
}

/**
 * Every record, for the total earned so far: one task pays once per customer, so a customer has at
 * most as many records as there are tasks, a page or two at the largest page size.
 */
export function allRewardRecordsQuery(token: string | null, enabled = true) {
  return queryOptions({
    queryKey: rewardsKey(token, 'all-records'),
    queryFn: async ({ signal }) => {
      const rows: RewardRecord[] = [];
      for (let pageNum = 1; ; pageNum += 1) {
        const page = await call(rewards.rewardRecordList, { query: { pageNum, pageSize: PAGE_SIZE_MAX }, signal });
        rows.push(...page.rows);
        if (page.rows.length === 0 || rows.length >= page.total) return rows;
      }
    },
    enabled: token !== null && enabled,
  });
}

export function useAllRewardRecords(enabled = true) {
  return useQuery(allRewardRecordsQuery(useSessionToken(), enabled));
}
