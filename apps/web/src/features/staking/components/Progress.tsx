import { useTranslation } from 'react-i18next';

/** Days accrued of the term: a bar and "12 of 30 days". */
export function TermProgress({ daysAccrued, termDays }: { daysAccrued: number; termDays: number }) {
  const { t } = useTranslation();
  const share = termDays > 0 ? Math.min(Math.max(daysAccrued / termDays, 0), 1) : 0;
  return (
    <div className="sk-progress">
      <div
        className="sk-progress__track"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={termDays}
        aria-valuenow={daysAccrued}
        aria-label={t('invest.staking.days_accrued')}
      >
        <span className="sk-progress__fill" style={{ width: `${share * 100}%` }} />
      </div>
      <span className="sk-progress__text numeric" data-testid="days-accrued">
        {t('invest.staking.days_of_term', { days: daysAccrued, term: termDays })}
      </span>
    </div>
  );
}
