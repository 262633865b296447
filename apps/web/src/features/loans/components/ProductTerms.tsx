import type { LoanProduct } from '../api/types';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { ratePercent, useLoanAmount } from '../lib/format';
import { DemoMark } from './Money';

/**
 * Every term of a product that decides what a loan costs, as a grid of label / value: the amount range,
 * the term, the daily rate, the interest-free days, the overdue daily rate, and the open-loan limit.
 */
export function ProductTerms({ product, demo }: { product: LoanProduct; demo: boolean }) {
  const { t } = useTranslation();
  const amount = useLoanAmount();
  const terms = [
    {
      label: t('invest.loans.amount_range'),
      value: (
        <>
          <span className="numeric" dir="ltr">
            {amount(product.minAmount, product.currencyName)} – {amount(product.maxAmount, product.currencyName)}{' '}
            {product.currencyName}
          </span>
          {demo ? <DemoMark /> : null}
        </>
      ),
      testId: 'loan-term-range',
      wide: true,
    },
    {
      label: t('invest.loans.term'),
      value: t('invest.loans.days', { count: product.termDays }),
      testId: 'loan-term-days',
    },
    {
      label: t('invest.loans.daily_rate'),
      value: <span dir="ltr">{ratePercent(product.dailyRate)}</span>,
      testId: 'loan-term-rate',
    },
    {
      label: t('invest.loans.interest_free'),
      value:
        product.interestFreeDays > 0
          ? t('invest.loans.days', { count: product.interestFreeDays })
          : t('invest.loans.none'),
      testId: 'loan-term-free',
    },
    {
      label: t('invest.loans.overdue_rate'),
      value: <span dir="ltr">{ratePercent(product.overdueDailyRate)}</span>,
      testId: 'loan-term-overdue',
      danger: true,
    },
    {
      label: t('invest.loans.max_open'),
      value: <span className="numeric">{product.maxOpenLoans}</span>,
      testId: 'loan-term-max-open',
    },
  ];
  return (
    <dl className="ln-terms">
      {terms.map((term) => (
        <div key={term.testId} className={`ln-terms__item${term.wide ? ' ln-terms__item--wide' : ''}`}>
          <dt>{term.label}</dt>
          <dd className={term.danger ? 'ln-terms__value--danger' : undefined} data-testid={term.testId}>
            {term.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What a product says about itself beside its name: paused, and for a demo account whether it lends
 * demo money.
 */
export function ProductChips({ product, isDemoAccount }: { product: LoanProduct; isDemoAccount: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {product.paused === 1 ? (
        <StatusChip tone="warning" size="small" testId="loan-product-paused">
          {t('invest.loans.paused')}
        </StatusChip>
      ) : null}
      {isDemoAccount ? (
        product.demoAllowed === 1 ? (
          <StatusChip tone="demo" size="small" testId="loan-product-demo">
            {t('invest.loans.demo_allowed')}
          </StatusChip>
        ) : (
          <StatusChip tone="neutral" size="small" testId="loan-product-demo">
            {t('invest.loans.demo_not_allowed')}
          </StatusChip>
        )
      ) : null}
    </>
  );
}
