import type { team } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/display/date-time';
import { Facts } from '../../../shared/invest/Facts';
import { useMoneyText } from '../../../shared/invest/amounts';
import { StatusChip } from '../../../shared/ui/StatusChip';

const USDT = 'USDT';

/** The first letter of a name for the round badge, or "?" for none. */
function initialOf(name: string): string {
  const first = [...name.trim()][0];
  return first ? first.toLocaleUpperCase() : '?';
}

/**
 * A member of my team: the nickname (else the masked login), the masked login and when they joined,
 * whether they were active lately, what they have deposited and what I have earned from their fees.
 */
export function MemberCard({ member }: { member: team.TeamMember }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const name = member.nickName.trim() || member.userAccount;
  return (
    <li className="card iv-section tm-member" data-testid="team-member">
      <div className="k-person-head">
        <span className="k-person-badge" aria-hidden="true">
          {initialOf(name)}
        </span>
        <div className="k-person-names">
          <span className="iv-name" dir="auto">
            {name}
          </span>
          <span className="tm-member__line">
            <span dir="ltr" data-testid="member-account">
              {member.userAccount}
            </span>
          </span>
        </div>
        <StatusChip tone={member.active ? 'success' : 'neutral'} size="small" testId="member-active">
          {t(member.active ? 'team.member_active' : 'team.member_inactive')}
        </StatusChip>
      </div>
      <Facts
        facts={[
          {
            label: t('team.member_joined'),
            value: <span dir="ltr">{formatDateTime(member.registerTime)}</span>,
          },
          {
            label: t('team.member_deposits'),
            value: <span dir="ltr">{money(member.rechargeAmount, USDT)}</span>,
            testId: 'member-deposits',
          },
          {
            label: t('team.member_commission'),
            value: <span dir="ltr">{money(member.commissionAmount, USDT)}</span>,
            testId: 'member-commission',
          },
        ]}
      />
    </li>
  );
}
