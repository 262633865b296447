import type { AnswerOf, team } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/display/date-time';
import { Facts } from '../../../shared/invest/Facts';
import { useMoneyText } from '../../../shared/invest/amounts';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { feeReasonKey, ratePercent } from '../lib/team';

export type Commission = AnswerOf<typeof team.commissionList>;

/**
 * A commission I earned: the amount, the member it came from and their level, the fee it was a share
 * of (what the fee was for, in the statement's words), the rate and when it was paid.
 */
export function CommissionCard({ commission }: { commission: Commission }) {
  const { t, i18n } = useTranslation();
  const money = useMoneyText();
  const currency = commission.currencyName;
  return (
    <li className="card iv-section" data-testid="team-commission">
      <div className="iv-head">
        <div className="iv-head__names">
          <span className="tm-commission__amount numeric" dir="ltr" data-testid="commission-amount">
            +{money(commission.commissionAmount, currency)}
          </span>
          <span className="tm-member__line" data-testid="commission-reason">
            {t(feeReasonKey(commission.feeReason, (key) => i18n.exists(key)))}
          </span>
        </div>
        <StatusChip tone="brand" size="small" testId="commission-level">
          {t('team.level', { level: commission.teamLevel })}
        </StatusChip>
      </div>
      <Facts
        facts={[
          {
            label: t('team.commission_from'),
            value: <span dir="ltr">{commission.fromAccount}</span>,
          },
          {
            label: t('team.commission_fee'),
            value: <span dir="ltr">{money(commission.feeAmount, currency)}</span>,
            testId: 'commission-fee',
          },
          {
            label: t('team.commission_rate'),
            value: <span dir="ltr">{ratePercent(commission.rate)}</span>,
            testId: 'commission-rate',
          },
          {
            label: t('team.commission_time'),
            value: <span dir="ltr">{formatDateTime(commission.createTime)}</span>,
          },
        ]}
      />
    </li>
  );
}
