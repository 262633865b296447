import { team } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { teamKey } from './keys';

/**
 * `userTeam/myTeamDataDashboard`: the team's figures (members per level, depositors, active, deposits
 * and commissions in USDT), the invite code and the published commission rates. Not asked for while
 * `enabled` is false (the demo account: the team belongs to the live account).
 */
export function teamDashboardQuery(token: string | null, enabled = true) {
  return queryOptions({
    queryKey: teamKey(token, 'dashboard'),
    queryFn: ({ signal }) => call(team.teamDashboard, { signal }),
    enabled: token !== null && enabled,
  });
}

export function useTeamDashboard(enabled = true) {
  return useQuery(teamDashboardQuery(useSessionToken(), enabled));
}
