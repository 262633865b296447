import { useTranslation } from 'react-i18next';
import { useMoneyText } from '../../../shared/invest/amounts';
import { NavButton } from '../../../shared/ui/NavButton';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useAllRewardRecords } from '../api/reward-records';
import { earnedTotals } from '../lib/rewards';
import { AWARD_PATH } from '../paths';
import type { Viewer } from './viewer';

/**
 * The head of the tasks page: what the live account has earned so far (per currency, from its records),
 * where rewards come from (the platform's reward budget, into the balance) and the way to the list of
 * what was earned.
 */
export function EarnedCard({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  return (
    <section className="k-balance-card rw-earned" data-testid="reward-earned">
      {viewer === 'live' ? (
        <>
          <p className="rw-earned__label">{t('reward.earned_title')}</p>
          <EarnedFigures />
        </>
      ) : null}
      <p className="rw-earned__line">{t('reward.paid_from_budget')}</p>
      <NavButton to={AWARD_PATH} className="k-button rw-earned__records" testId="reward-see-records">
        {t('reward.see_records')}
      </NavButton>
    </section>
  );
}

function EarnedFigures() {
  const { t } = useTranslation();
  const money = useMoneyText();
  const records = useAllRewardRecords();
  if (records.isPending) {
    return (
      <div className="rw-earned__figures" role="status" aria-busy="true">
        <Skeleton width="45%" height={28} />
      </div>
    );
  }
  const totals = records.isError ? null : earnedTotals(records.data);
  return (
    <div className="rw-earned__figures" data-testid="reward-earned-total">
      {totals === null ? (
        <span className="rw-earned__figure numeric">--</span>
      ) : totals.length === 0 ? (
        <span className="rw-earned__none">{t('reward.earned_none')}</span>
      ) : (
        totals.map((total) => (
          <span className="rw-earned__figure numeric" dir="ltr" key={total.currencyName}>
            {money(total.amount, total.currencyName)}
          </span>
        ))
      )}
    </div>
  );
}
