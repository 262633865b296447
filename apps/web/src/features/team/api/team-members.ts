import { team } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';
import { teamKey } from './keys';

export type TeamLevel = (typeof team.TEAM_LEVELS)[number];

/** `userTeam/queryLowerTeamInfo`: the members of one level (1 direct, 2 their invitees), newest first, contacts masked. */
export function teamMembersQuery(token: string | null, teamLevel: TeamLevel) {
  return infiniteQueryOptions({
    queryKey: teamKey(token, 'members', teamLevel),
    queryFn: ({ pageParam, signal }) =>
      call(team.teamMembers, { query: { teamLevel, pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null,
  });
}

export function useTeamMembers(teamLevel: TeamLevel) {
  return useInfiniteQuery(teamMembersQuery(useSessionToken(), teamLevel));
}
