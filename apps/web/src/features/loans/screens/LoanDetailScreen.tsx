import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { currentBaseUrl } from '../../../shared/api/lines';
import { ltr } from '../../../shared/display/bidi';
import { formatDateTime } from '../../../shared/display/date-time';
import { FactList } from '../../../shared/trading/FactList';
import { ActionButton } from '../../../shared/ui/Buttons';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { Notice } from '../../../shared/ui/Notice';
import { Skeleton } from '../../../shared/ui/Skeleton';
import type { LoanDetail } from '../api/loan-order-detail';
import { LoanPage } from '../components/LoanPage';
import { LoanStatusChip } from '../components/LoanStatusChip';
import { LoanSection } from '../components/LoanSection';
import { Money } from '../components/Money';
import { useAddressedLoan } from '../components/use-addressed-loan';
import { ratePercent } from '../lib/format';
import { isActiveLoan, isAppliedLoan, isOverdueLoan, isRejectedLoan } from '../lib/statuses';
import { repayPath } from '../paths';

/** Server paths (`/uploads/...`) on the current line; absolute URLs stay as they are. */
function onCurrentLine(url: string): string {
  if (!url || !url.startsWith('/') || url.startsWith('//')) return url;
  return `${currentBaseUrl()}${url}`;
}

/**
 * `/pages/loan/detail?id=`: one of my loans: its status (the reason of a rejection), terms, dates,
 * interest accrued, what has been repaid and what is owed, the repayments, and a repay button while
 * it is active.
 */
export default function LoanDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, loan, waiting } = useAddressedLoan({
    missingTestId: 'loan-detail-missing',
    skeleton: (
      <>
        <section className="card ln-section ln-hero" aria-busy="true" data-testid="loan-detail-loading">
          <Skeleton width={88} height={22} radius={11} />
          <Skeleton width="60%" height={30} />
          <Skeleton width="40%" height={14} />
        </section>
        <section className="card ln-section" aria-busy="true">
          <Skeleton height={150} radius={12} />
        </section>
      </>
    ),
  });
  const body = waiting ?? (loan ? <LoanFacts loan={loan} /> : null);

  const active = loan !== undefined && isActiveLoan(loan);
  return (
    <LoanPage
      footer={
        active ? (
          <ActionButton onClick={() => navigate(repayPath(id))} testId="loan-detail-repay">
            {t('invest.loans.repay')}
          </ActionButton>
        ) : undefined
      }
    >
      {body}
    </LoanPage>
  );
}

function LoanFacts({ loan }: { loan: LoanDetail }) {
  const { t } = useTranslation();
  const demo = loan.demo === 1;
  const overdue = isOverdueLoan(loan);
  const money = (value: string, testId?: string) => (
    <Money value={value} currency={loan.currencyName} demo={demo} testId={testId} />
  );
  // Nothing was lent before approval (an application, a rejection): no balance and no repayments to show.
  const lent = loan.approveTime !== null;
  return (
    <>
      <section className={`card ln-section ln-hero${overdue ? ' ln-section--danger' : ''}`} data-testid="loan-detail">
        <LoanStatusChip loan={loan} testId="loan-detail-status" />
        <p className="ln-hero__product">
          <bdi>{loan.productName}</bdi>
        </p>
        <p className="ln-hero__caption">{lent ? t('invest.loans.principal') : t('invest.loans.amount_applied')}</p>
        <p className="ln-hero__amount">{money(loan.orderPrice, 'loan-detail-principal')}</p>
        {isActiveLoan(loan) ? (
          <p className={`ln-hero__owed${overdue ? ' ln-danger' : ''}`}>
            {t('invest.loans.owed')}: {money(loan.owed, 'loan-detail-owed')}
          </p>
        ) : null}
      </section>

      {isRejectedLoan(loan) ? (
        <Notice tone="danger" title={t('invest.loans.reject_reason')} testId="loan-detail-reason">
          <p dir="auto">{loan.reviewReason || t('invest.loans.no_reason')}</p>
        </Notice>
      ) : null}
      {isAppliedLoan(loan) ? (
        <Notice tone="info" title={t('invest.loans.pending_title')} testId="loan-detail-pending">
          {t('invest.loans.review_note')}
        </Notice>
      ) : null}
      {overdue ? (
        <Notice tone="danger" title={t('invest.loans.overdue_title')} testId="loan-detail-overdue">
          {t('invest.loans.overdue_note', { date: ltr(formatDateTime(loan.dueTime)) })}
        </Notice>
      ) : null}

      {lent ? (
        <LoanSection headingId="loan-detail-owed" title={t('invest.loans.figures')}>
          <FactList
            facts={[
              { label: t('invest.loans.principal'), value: money(loan.orderPrice) },
              {
                label: t('invest.loans.days_accrued'),
                value:
                  loan.daysAccrued <= loan.termDays
                    ? t('invest.loans.days_of_term', { days: loan.daysAccrued, term: loan.termDays })
                    : t('invest.loans.days', { count: loan.daysAccrued }),
                testId: 'loan-detail-days',
              },
              { label: t('invest.loans.interest_accrued'), value: money(loan.interestAccrued, 'loan-detail-interest') },
              { label: t('invest.loans.principal_repaid'), value: money(loan.principalRepaid) },
              { label: t('invest.loans.interest_repaid'), value: money(loan.interestRepaid) },
              { label: t('invest.loans.interest_owed'), value: money(loan.interestOwed) },
              { label: t('invest.loans.owed'), value: money(loan.owed), strong: true },
            ]}
          />
        </LoanSection>
      ) : null}

      <LoanSection headingId="loan-detail-terms" title={t('invest.loans.terms')}>
        <FactList
          facts={[
            { label: t('invest.loans.term'), value: t('invest.loans.days', { count: loan.termDays }) },
            { label: t('invest.loans.daily_rate'), value: ratePercent(loan.dailyRate), ltr: true },
            {
              label: t('invest.loans.interest_free'),
              value:
                loan.interestFreeDays > 0
                  ? t('invest.loans.first_days_free', { count: loan.interestFreeDays })
                  : t('invest.loans.none'),
            },
            { label: t('invest.loans.overdue_rate'), value: ratePercent(loan.overdueDailyRate), ltr: true },
          ]}
        />
      </LoanSection>

      <LoanSection headingId="loan-detail-dates" title={t('invest.loans.dates')}>
        <FactList
          facts={[
            { label: t('invest.loans.applied_at'), value: formatDateTime(loan.applyTime), ltr: true },
            loan.approveTime !== null && {
              label: t('invest.loans.approved_at'),
              value: formatDateTime(loan.approveTime),
              ltr: true,
            },
            loan.dueTime !== null && {
              label: t('invest.loans.due'),
              value: formatDateTime(loan.dueTime),
              ltr: true,
              testId: 'loan-detail-due',
            },
            loan.settleTime !== null && {
              label: t('invest.loans.settled_at'),
              value: formatDateTime(loan.settleTime),
              ltr: true,
            },
            !isRejectedLoan(loan) &&
              loan.reviewReason !== '' && {
                label: t('invest.loans.review_note_label'),
                value: <bdi>{loan.reviewReason}</bdi>,
              },
          ]}
        />
      </LoanSection>

      {lent ? (
        <LoanSection headingId="loan-detail-repayments" title={t('invest.loans.repayments')}>
          {loan.repayments.length === 0 ? (
            <EmptyState title={t('invest.loans.no_repayments')} />
          ) : (
            <ul className="k-list ln-repayments">
              {loan.repayments.map((repayment) => (
                <Repayment key={repayment.id} repayment={repayment} currency={loan.currencyName} demo={demo} />
              ))}
            </ul>
          )}
        </LoanSection>
      ) : null}
    </>
  );
}

function Repayment({
  repayment,
  currency,
  demo,
}: {
  repayment: LoanDetail['repayments'][number];
  currency: string;
  demo: boolean;
}) {
  const { t } = useTranslation();
  const [zoomed, setZoomed] = useState(false);
  return (
    <li className="ln-repayment" data-testid={`loan-repayment-${repayment.id}`}>
      <div className="ln-repayment__top">
        <Money value={repayment.amount} currency={currency} demo={demo} className="ln-repayment__amount" />
        <span className="ln-repayment__time numeric" dir="ltr">
          {formatDateTime(repayment.createTime)}
        </span>
      </div>
      <div className="ln-repayment__parts">
        <span>
          {t('invest.loans.to_interest')}: <Money value={repayment.interestPart} currency={currency} demo={false} />
        </span>
        <span>
          {t('invest.loans.to_principal')}: <Money value={repayment.principalPart} currency={currency} demo={false} />
        </span>
      </div>
      {repayment.receiptImg ? (
        <button
          type="button"
          className={`ln-repayment__receipt${zoomed ? ' ln-repayment__receipt--zoomed' : ''}`}
          onClick={() => setZoomed((value) => !value)}
          aria-label={t('invest.loans.receipt')}
          aria-expanded={zoomed}
        >
          <img src={onCurrentLine(repayment.receiptImg)} alt={t('invest.loans.receipt')} />
        </button>
      ) : null}
    </li>
  );
}
