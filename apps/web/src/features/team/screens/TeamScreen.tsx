import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useUserInfo } from '../../../shared/account/api/user-info';
import { RealAccountOnly } from '../../../shared/account/RealAccountOnly';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';
import { Page } from '../../../shared/invest/parts';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { NavButton } from '../../../shared/ui/NavButton';
import { PagedCards } from '../../../shared/ui/PagedCards';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { TabStrip } from '../../../shared/ui/TabStrip';
import { useCommissionList } from '../api/commission-list';
import { useTeamDashboard } from '../api/team-dashboard';
import { useTeamMembers, type TeamLevel } from '../api/team-members';
import { CommissionCard } from '../components/CommissionCard';
import { InviteCard } from '../components/InviteCard';
import { MemberCard } from '../components/MemberCard';
import { RatesCard } from '../components/RatesCard';
import { TeamFigures } from '../components/TeamFigures';
import { TEAM_TABS, teamTabOf, type TeamTab } from '../lib/team';
import { SHARE_PATH } from '../paths';
import '../i18n-english';
import './team.css';

const EMPTY_KEYS: Record<TeamTab, string> = {
  level1: 'team.empty_level1',
  level2: 'team.empty_level2',
  commissions: 'team.empty_commissions',
};

/**
 * `/pages/team/team`: my invite code and link (and the way to the poster), the team's figures, the
 * published commission rule in plain words, and three lists: the members of level 1 and of level 2, and
 * the commissions earned. Logged out, the login page (back here after). The team belongs to the live
 * account, so a demo session sees a notice and the way back to it instead.
 */
export default function TeamScreen() {
  const userInfo = useUserInfo();
  return (
    <RealAccountOnly screen="team" frame={inPage}>
      <Team storedInviteCode={userInfo?.inviteCode} />
    </RealAccountOnly>
  );
}

const inPage = (body: ReactNode) => <Page>{body}</Page>;

function Team({ storedInviteCode }: { storedInviteCode: string | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dashboard = useTeamDashboard();
  const [params, setParams] = useSearchParams();
  const tab = teamTabOf(params.get('tab'));
  const inviteCode = dashboard.data?.inviteCode || storedInviteCode;
  return (
    <Refreshable onRefresh={() => invalidateCustomerData(queryClient, 'team')}>
      <div className="iv-stack">
        {inviteCode ? (
          <InviteCard inviteCode={inviteCode} />
        ) : (
          <div className="card iv-section" role="status" aria-busy="true">
            <Skeleton width="40%" height={12} />
            <Skeleton width="60%" height={28} />
          </div>
        )}
        {dashboard.isPending ? (
          <section className="card iv-section" role="status" aria-busy="true">
            <Skeleton width="35%" height={14} />
            <Skeleton height={56} radius={12} />
            <Skeleton height={96} radius={12} />
          </section>
        ) : dashboard.isError ? (
          <section className="card">
            <LoadFailed onRetry={() => void dashboard.refetch()} />
          </section>
        ) : (
          <>
            <TeamFigures dashboard={dashboard.data} />
            <RatesCard rates={dashboard.data.commissionRates} />
          </>
        )}
        <TabStrip
          className="k-segmented tm-tabs"
          tabClassName="k-segmented__option"
          tabs={TEAM_TABS.map((entry) => ({
            id: entry.id,
            label: entry.level === null ? t('team.tab_commissions') : t('team.level', { level: entry.level }),
            testId: `tab-${entry.id}`,
          }))}
          value={tab}
          onChange={(id) => setParams({ tab: id }, { replace: true })}
        />
        {tab === 'commissions' ? (
          <Commissions />
        ) : (
          <Members key={tab} level={tab === 'level2' ? 2 : 1} empty={<ShareInvitation tab={tab} />} />
        )}
      </div>
    </Refreshable>
  );
}

/** An empty list: nobody (or nothing) yet, and the way to invite someone. */
function ShareInvitation({ tab }: { tab: TeamTab }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t(EMPTY_KEYS[tab])}
      description={t('team.empty_hint')}
      action={
        <NavButton to={SHARE_PATH} className="k-button k-button--primary" testId="team-empty-share">
          {t('team.invite_friends')}
        </NavButton>
      }
    />
  );
}

function Members({ level, empty }: { level: TeamLevel; empty: ReactNode }) {
  const members = useTeamMembers(level);
  return (
    <PagedCards
      query={members}
      renderCard={(member) => <MemberCard key={`${member.userAccount}-${member.registerTime}`} member={member} />}
      empty={empty}
      listClassName="iv-list"
      testId={`team-level${level}`}
    />
  );
}

function Commissions() {
  const commissions = useCommissionList();
  return (
    <PagedCards
      query={commissions}
      renderCard={(commission) => <CommissionCard key={commission.entryId} commission={commission} />}
      empty={<ShareInvitation tab="commissions" />}
      listClassName="iv-list"
      testId="team-commissions"
    />
  );
}
