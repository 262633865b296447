import { CONSTANTS } from '@kestrel/contract/web';
import { formatDecimal } from '@kestrel/domain';
import Toast from 'antd-mobile/es/components/toast';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useIsDemo } from '../../../shared/account/demo';
import { ltr } from '../../../shared/display/bidi';
import { formatDateTime } from '../../../shared/display/date-time';
import { IdentityGateNotice } from '../../../shared/identity/IdentityGateNotice';
import { idParameter } from '../../../shared/id-parameter';
import { ConfirmSheet } from '../../../shared/trading/ConfirmSheet';
import { FactList } from '../../../shared/trading/FactList';
import { ActionButton } from '../../../shared/ui/Buttons';
import { AmountField } from '../../../shared/ui/FormFields';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Notice } from '../../../shared/ui/Notice';
import { Skeleton } from '../../../shared/ui/Skeleton';
import type { LoanProduct } from '../api/types';
import { useLoanApply } from '../api/loan-apply';
import { useOpenLoansIn } from '../api/loan-order-list';
import { useLoanProduct } from '../api/loan-product-detail';
import { LoanPage } from '../components/LoanPage';
import { Money } from '../components/Money';
import { ProductChips, ProductTerms } from '../components/ProductTerms';
import { checkApplication, loanCostPreview, type LoanCostPreview } from '../lib/apply-form';
import { ratePercent, useCurrencyScale, useLoanAmount } from '../lib/format';
import { useLoanAmountForm } from '../lib/use-loan-amount-form';
import { detailPath } from '../paths';

/** The refusals that concern the product, not the amount: said once, at the top of the form. */
const PRODUCT_REFUSALS: ReadonlySet<string> = new Set([
  'error.loan_paused',
  'error.loan_demo_not_allowed',
  'error.loan_limit_reached',
]);

/**
 * `/pages/loan/buy?id=`: apply for a loan of a product. The amount is checked as it is typed by the
 * server's rule (bounds, the open-loan limit, a paused product, a demo account); before confirming the
 * customer sees what the loan will cost: the interest-free days, the interest a day after them, the
 * total interest if repaid at the due date, the due date and the overdue rate. An operator reviews the
 * application; nothing moves until it is approved.
 */
export default function LoanApplyScreen() {
  const { t } = useTranslation();
  const [parameters] = useSearchParams();
  const id = idParameter(parameters.get('id')) ?? 0;
  const product = useLoanProduct(id);

  if (id === 0) {
    return (
      <LoanPage>
        <Notice tone="warning" title={t('error.loan_product_not_found')} testId="loan-apply-missing" />
      </LoanPage>
    );
  }
  if (product.isPending) {
    return (
      <LoanPage>
        <section className="card ln-section" aria-busy="true" data-testid="loan-apply-loading">
          <Skeleton width="55%" height={20} />
          <Skeleton height={110} radius={12} />
        </section>
        <section className="card ln-section" aria-busy="true">
          <Skeleton height={58} radius={12} />
          <Skeleton height={120} radius={12} />
        </section>
      </LoanPage>
    );
  }
  if (product.isError) {
    return (
      <LoanPage>
        <div className="card">
          <LoadFailed title={t('invest.loans.product_failed')} onRetry={() => void product.refetch()} />
        </div>
      </LoanPage>
    );
  }
  return <ApplyForm product={product.data} />;
}

function ApplyForm({ product }: { product: LoanProduct }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isDemo = useIsDemo();
  const openLoans = useOpenLoansIn(product.id);
  const apply = useLoanApply();
  const amountText = useLoanAmount();

  const form = useLoanAmountForm(product.currencyName, t('invest.loans.amount'));
  const amount = form.text;

  const scale = useCurrencyScale({ id: product.currencyId, name: product.currencyName }, product.minAmount);
  const check = checkApplication({ amountText: amount, product, scale, demo: isDemo, openLoans: openLoans ?? 0 });
  const principal = check.state === 'valid' ? check.principal : null;
  const preview = useMemo(
    () => (principal === null ? null : loanCostPreview(product, principal, scale)),
    [principal, product, scale],
  );

  const limitReached = openLoans !== undefined && openLoans >= product.maxOpenLoans;
  const closed = product.paused === 1 || (isDemo && product.demoAllowed !== 1) || limitReached;
  // A refusal of the product itself (paused, no demo money, the open-loan limit) is a notice at the top;
  // under the field go only the problems of the amount typed.
  const amountProblem = check.state === 'invalid' && !PRODUCT_REFUSALS.has(check.problem.key) ? check.problem : null;
  const fieldError = form.fieldError(amountProblem, check.state === 'empty');

  const units = (value: bigint) => formatDecimal(value, scale);
  const money = (value: bigint | null | undefined) => (
    <Money
      value={value === null || value === undefined ? null : units(value)}
      currency={product.currencyName}
      demo={isDemo}
    />
  );

  const confirm = () =>
    form.send(
      () => apply.mutateAsync({ loanProductId: product.id, orderPrice: amount.trim() }),
      (loan) => {
        Toast.show({ content: t('invest.loans.applied_toast'), duration: CONSTANTS.toastDurationMs });
        navigate(detailPath(loan.id), { replace: true });
      },
    );

  const dueIfApprovedNow = Date.now() + product.termDays * 86_400_000;

  return (
    <LoanPage
      footer={
        <ActionButton
          onClick={() => form.review(check.state === 'valid' && preview !== null)}
          disabled={closed}
          testId="loan-apply-submit"
        >
          {t('invest.loans.review_application')}
        </ActionButton>
      }
    >
      {isDemo ? (
        <Notice tone="demo" testId="loan-apply-demo">
          {product.demoAllowed === 1 ? t('invest.loans.demo_note') : t('error.loan_demo_not_allowed')}
        </Notice>
      ) : null}
      {product.paused === 1 ? (
        <Notice tone="warning" title={t('error.loan_paused')} testId="loan-apply-paused" />
      ) : null}
      <IdentityGateNotice gate="loan" />
      {limitReached && product.paused !== 1 ? (
        <Notice
          tone="warning"
          title={t('error.loan_limit_reached', { max: product.maxOpenLoans })}
          testId="loan-apply-limit"
        >
          {t('invest.loans.limit_hint')}
        </Notice>
      ) : null}

      <section className="card ln-section" aria-labelledby="loan-apply-product">
        <div className="ln-product__head">
          <h2 className="ln-product__name" id="loan-apply-product">
            <bdi>{product.name}</bdi>
          </h2>
          <ProductChips product={product} isDemoAccount={isDemo} />
        </div>
        {product.description ? (
          <p className="ln-product__description ln-product__description--full" dir="auto">
            {product.description}
          </p>
        ) : null}
        <ProductTerms product={product} demo={isDemo} />
      </section>

      <section className="card ln-section">
        <AmountField
          label={t('invest.loans.amount')}
          value={amount}
          onChange={form.change}
          unit={product.currencyName}
          testId="loan-apply-amount"
          error={fieldError}
          hint={t('invest.loans.amount_hint', {
            min: amountText(product.minAmount, product.currencyName),
            max: amountText(product.maxAmount, product.currencyName),
            currency: product.currencyName,
          })}
        />
        <div className="ln-cost" data-testid="loan-cost">
          <h3 className="ln-cost__title">{t('invest.loans.cost_title')}</h3>
          <FactList facts={costFacts(product, preview, money, t, dueIfApprovedNow)} />
        </div>
      </section>

      <Notice tone="info" title={t('invest.loans.review_title')}>
        <p>{t('invest.loans.review_note')}</p>
        <p>{t('invest.loans.no_other_fee')}</p>
      </Notice>

      <ConfirmSheet
        visible={form.confirming}
        title={t('invest.loans.confirm_apply_title')}
        facts={[
          { label: t('invest.loans.product'), value: product.name },
          {
            label: t('invest.loans.amount'),
            value: money(preview?.principal),
            strong: true,
            testId: 'loan-confirm-amount',
          },
          { label: t('invest.loans.term'), value: t('invest.loans.days', { count: product.termDays }) },
          ...costFacts(product, preview, money, t, dueIfApprovedNow),
        ]}
        note={`${t('invest.loans.review_note')} ${t('invest.loans.no_other_fee')}`}
        confirmText={t('invest.loans.confirm_apply')}
        pending={apply.isPending}
        onConfirm={() => void confirm()}
        onClose={form.cancel}
        testId="loan-apply-confirm"
      />
    </LoanPage>
  );
}

/** The lines of what the loan will cost: the same in the form and in the confirmation. */
function costFacts(
  product: LoanProduct,
  preview: LoanCostPreview | null,
  money: (value: bigint | null | undefined) => JSX.Element,
  t: (key: string, options?: Record<string, unknown>) => string,
  dueIfApprovedNow: number,
) {
  const free = Math.min(product.interestFreeDays, product.termDays);
  return [
    {
      label: t('invest.loans.interest_free'),
      value: free > 0 ? t('invest.loans.first_days_free', { count: free }) : t('invest.loans.none'),
      testId: 'loan-cost-free',
    },
    {
      label: t('invest.loans.interest_per_day', { rate: ltr(ratePercent(product.dailyRate)) }),
      value: money(preview?.dailyInterest),
      testId: 'loan-cost-daily',
    },
    {
      label: t('invest.loans.total_interest', { count: preview?.chargedDays ?? Math.max(0, product.termDays - free) }),
      value: money(preview?.totalInterest),
      testId: 'loan-cost-interest',
    },
    {
      label: t('invest.loans.total_at_due'),
      value: money(preview?.totalAtDue),
      strong: true,
      testId: 'loan-cost-total',
    },
    {
      label: t('invest.loans.due_date'),
      value: (
        <span className="ln-due">
          <span>{t('invest.loans.due_after_approval', { count: product.termDays })}</span>
          <span className="ln-due__estimate">
            {t('invest.loans.due_estimate', { date: ltr(formatDateTime(dueIfApprovedNow)) })}
          </span>
        </span>
      ),
      testId: 'loan-cost-due',
    },
    {
      label: t('invest.loans.overdue_per_day', { rate: ltr(ratePercent(product.overdueDailyRate)) }),
      value: money(preview?.overdueDailyInterest),
      testId: 'loan-cost-overdue',
    },
  ];
}
