import { useTranslation } from 'react-i18next';
import { Meter } from '../../../shared/invest/Meter';

/** Days accrued of the term: a bar and "12 of 30 days". */
export function TermProgress({ daysAccrued, termDays }: { daysAccrued: number; termDays: number }) {
  const { t } = useTranslation();
  return (
    <div className="sk-progress">
      <Meter value={daysAccrued} max={termDays} label={t('invest.staking.days_accrued')} />
      <span className="sk-progress__text numeric" data-testid="days-accrued">
        {t('invest.staking.days_of_term', { days: daysAccrued, term: termDays })}
      </span>
    </div>
  );
}
