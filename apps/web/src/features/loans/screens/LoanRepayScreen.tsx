import { CONSTANTS } from '@kestrel/contract/web';
import { formatDecimal } from '@kestrel/domain';
import { useQuery } from '@tanstack/react-query';
import Toast from 'antd-mobile/es/components/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { userBalanceQuery } from '../../../shared/account/api/user-balance';
import { useIsDemo } from '../../../shared/account/demo';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { ltr } from '../../../shared/display/bidi';
import { formatDateTime } from '../../../shared/display/date-time';
import { ConfirmSheet } from '../../../shared/trading/ConfirmSheet';
import { FactList } from '../../../shared/trading/FactList';
import { ActionButton } from '../../../shared/ui/Buttons';
import { AmountField } from '../../../shared/ui/FormFields';
import { Notice } from '../../../shared/ui/Notice';
import { Skeleton } from '../../../shared/ui/Skeleton';
import type { LoanDetail } from '../api/loan-order-detail';
import { useLoanRepay } from '../api/loan-repay';
import { LoanPage } from '../components/LoanPage';
import { LoanStatusChip } from '../components/LoanStatusChip';
import { LoanSection } from '../components/LoanSection';
import { Money } from '../components/Money';
import { ReceiptPicker, type Receipt } from '../components/ReceiptPicker';
import { useAddressedLoan } from '../components/use-addressed-loan';
import { plainDecimal, useCurrencyScale } from '../lib/format';
import { checkRepayment, loanStateOf, owedNow } from '../lib/repay-form';
import { isActiveLoan, isOverdueLoan } from '../lib/statuses';
import { useLoanAmountForm } from '../lib/use-loan-amount-form';
import { detailPath } from '../paths';

/** How often what is owed is read again while the form is open. */
const OWED_REFRESH_MS = 60_000;

/**
 * `/pages/loan/rePay?id=`: repay part or all of an active loan. What is owed now, split into interest
 * and principal; a "repay all" shortcut; the available balance; an optional receipt image (compressed
 * and uploaded first); and a confirmation showing how the amount splits, interest first.
 */
export default function LoanRepayScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, loan, waiting } = useAddressedLoan({
    missingTestId: 'loan-repay-missing',
    skeleton: (
      <>
        <section className="card ln-section" aria-busy="true" data-testid="loan-repay-loading">
          <Skeleton width="45%" height={14} />
          <Skeleton width="70%" height={32} />
          <Skeleton height={48} />
        </section>
        <section className="card ln-section" aria-busy="true">
          <Skeleton height={84} radius={12} />
        </section>
      </>
    ),
    // Owed changes when a day of interest is added: kept current while the form is open.
    refetchIntervalMs: OWED_REFRESH_MS,
  });

  let body = waiting;
  if (body === null && loan) {
    if (isActiveLoan(loan)) return <RepayForm loan={loan} />;
    body = (
      <Notice
        tone="warning"
        title={t('error.loan_not_active')}
        testId="loan-repay-not-active"
        action={
          <button type="button" className="k-link" onClick={() => navigate(detailPath(id), { replace: true })}>
            {t('invest.loans.view_loan')}
          </button>
        }
      >
        <LoanStatusChip loan={loan} />
      </Notice>
    );
  }
  return <LoanPage>{body}</LoanPage>;
}

function RepayForm({ loan }: { loan: LoanDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSessionToken();
  const isDemoAccount = useIsDemo();
  const demo = loan.demo === 1 || isDemoAccount;
  const scale = useCurrencyScale({ name: loan.currencyName }, loan.orderPrice);
  const balances = useQuery(userBalanceQuery(token));
  const repay = useLoanRepay();
  const form = useLoanAmountForm(loan.currencyName, t('invest.loans.repay_amount'));
  const amount = form.text;
  const [receipt, setReceipt] = useState<Receipt>({ state: 'none' });

  const available = balances.data?.find((row) => row.currencyName === loan.currencyName)?.userAmt;
  const state = loanStateOf(loan, scale);
  const owed = state ? owedNow(state) : null;
  const check = state ? checkRepayment(amount, state, scale, available) : null;
  const split = check?.state === 'valid' ? check : null;

  const units = (value: bigint | null | undefined) =>
    value === null || value === undefined ? null : formatDecimal(value, scale);
  const money = (value: bigint | null | undefined, testId?: string) => (
    <Money value={units(value)} currency={loan.currencyName} demo={demo} testId={testId} />
  );

  const fieldError = form.fieldError(check?.state === 'invalid' ? check.problem : null, check?.state === 'empty');

  const confirm = () =>
    form.send(
      () =>
        repay.mutateAsync({
          loanOrderId: loan.id,
          repayAmount: amount.trim(),
          receiptImg: receipt.state === 'ready' ? receipt.key : undefined,
        }),
      (after) => {
        Toast.show({
          content: after.status === loan.status ? t('invest.loans.repaid_toast') : t('invest.loans.settled_toast'),
          duration: CONSTANTS.toastDurationMs,
        });
        navigate(detailPath(loan.id), { replace: true });
      },
    );

  const overdue = isOverdueLoan(loan);
  return (
    <LoanPage
      footer={
        <ActionButton
          onClick={() => form.review(split !== null && receipt.state !== 'working')}
          disabled={state === null || receipt.state === 'working'}
          testId="loan-repay-submit"
        >
          {t('invest.loans.review_repayment')}
        </ActionButton>
      }
    >
      {overdue ? (
        <Notice tone="danger" title={t('invest.loans.overdue_title')} testId="loan-repay-overdue">
          {t('invest.loans.overdue_note', { date: ltr(formatDateTime(loan.dueTime)) })}
        </Notice>
      ) : null}

      <section className={`card ln-section${overdue ? ' ln-section--danger' : ''}`} aria-labelledby="loan-repay-owed">
        <div className="ln-product__head">
          <h2 className="ln-panel__label" id="loan-repay-owed">
            {t('invest.loans.owed_now')}
          </h2>
          <LoanStatusChip loan={loan} />
        </div>
        <p className="ln-panel__owed">{money(owed?.owed, 'loan-repay-owed')}</p>
        <FactList
          facts={[
            { label: t('invest.loans.product'), value: loan.productName },
            { label: t('invest.loans.interest_owed'), value: money(owed?.interest, 'loan-repay-interest') },
            { label: t('invest.loans.principal_owed'), value: money(owed?.principal, 'loan-repay-principal') },
            {
              label: overdue ? t('invest.loans.overdue_since') : t('invest.loans.due'),
              value: formatDateTime(loan.dueTime),
              ltr: true,
            },
          ]}
        />
        <p className="ln-hint">{t('invest.loans.accrual_note')}</p>
      </section>

      <section className="card ln-section">
        <AmountField
          label={t('invest.loans.repay_amount')}
          value={amount}
          onChange={form.change}
          unit={loan.currencyName}
          testId="loan-repay-amount"
          max={
            owed
              ? {
                  label: t('invest.loans.repay_all'),
                  onClick: () => form.change(plainDecimal(units(owed.owed))),
                }
              : undefined
          }
          extra={
            <span data-testid="loan-repay-available">
              {t('invest.loans.available')}:{' '}
              {balances.isError ? (
                <button type="button" className="k-link" onClick={() => void balances.refetch()}>
                  {t('common.retry')}
                </button>
              ) : (
                <Money value={available ?? null} currency={loan.currencyName} demo={demo} />
              )}
            </span>
          }
          error={fieldError}
          hint={t('invest.loans.repay_hint')}
        />
        <div className="ln-cost" data-testid="loan-repay-split">
          <h3 className="ln-cost__title">{t('invest.loans.split_title')}</h3>
          <FactList
            facts={[
              {
                label: t('invest.loans.to_interest'),
                value: money(split?.interestPart),
                testId: 'loan-split-interest',
              },
              {
                label: t('invest.loans.to_principal'),
                value: money(split?.principalPart),
                testId: 'loan-split-principal',
              },
              {
                label: t('invest.loans.owed_after'),
                value: split?.settles ? t('invest.loans.settles') : money(split?.owedAfter),
                strong: true,
                testId: 'loan-split-after',
              },
            ]}
          />
        </div>
      </section>

      <LoanSection headingId="loan-repay-receipt" title={t('invest.loans.receipt_optional')}>
        <ReceiptPicker receipt={receipt} onChange={setReceipt} />
      </LoanSection>

      <ConfirmSheet
        visible={form.confirming}
        title={t('invest.loans.confirm_repay_title')}
        facts={[
          { label: t('invest.loans.product'), value: loan.productName },
          {
            label: t('invest.loans.repay_amount'),
            value: money(split?.amount),
            strong: true,
            testId: 'loan-confirm-amount',
          },
          { label: t('invest.loans.to_interest'), value: money(split?.interestPart), testId: 'loan-confirm-interest' },
          {
            label: t('invest.loans.to_principal'),
            value: money(split?.principalPart),
            testId: 'loan-confirm-principal',
          },
          {
            label: t('invest.loans.owed_after'),
            value: split?.settles ? t('invest.loans.settles') : money(split?.owedAfter),
            testId: 'loan-confirm-after',
          },
          { label: t('invest.loans.paid_from'), value: t('invest.loans.paid_from_available') },
          {
            label: t('invest.loans.receipt'),
            value: receipt.state === 'ready' ? t('invest.loans.receipt_attached') : t('invest.loans.receipt_none'),
          },
        ]}
        note={t('invest.loans.repay_note')}
        confirmText={t('invest.loans.confirm_repay')}
        pending={repay.isPending}
        onConfirm={() => void confirm()}
        onClose={form.cancel}
        testId="loan-repay-confirm"
      />
    </LoanPage>
  );
}
