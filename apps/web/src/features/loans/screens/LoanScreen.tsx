import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useIsDemo } from '../../../shared/account/demo';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';
import { formatDateTime } from '../../../shared/display/date-time';
import { PATHS } from '../../../shared/paths';
import { useIsLoggedIn } from '../../../shared/store/session';
import { ActionButton } from '../../../shared/ui/Buttons';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { PagedCards } from '../../../shared/ui/PagedCards';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { Skeleton } from '../../../shared/ui/Skeleton';
import type { LoanProduct } from '../api/types';
import { LOAN_PRODUCTS_KEY } from '../api/keys';
import { useLoanOrders, useOpenLoansIn, useOverdueLoans } from '../api/loan-order-list';
import { useLoanPanel } from '../api/loan-panel-data';
import { useLoanProducts } from '../api/loan-product-list';
import { LoanPage } from '../components/LoanPage';
import { LoanRow } from '../components/LoanRow';
import { DemoMark, Money } from '../components/Money';
import { ProductChips, ProductTerms } from '../components/ProductTerms';
import { LOAN_FILTERS } from '../lib/statuses';
import { applyPath } from '../paths';

/**
 * `/pages/loan/loan`: what I owe over my active loans (owed, interest so far, the next due date), the
 * loan products with every term and an apply button, and my loans by status. A visitor who is not
 * logged in sees the products and a way to log in.
 */
export default function LoanScreen() {
  const queryClient = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const isDemo = useIsDemo();
  return (
    <LoanPage guests>
      <Refreshable
        onRefresh={() =>
          Promise.all([
            invalidateCustomerData(queryClient, 'loans'),
            queryClient.invalidateQueries({ queryKey: LOAN_PRODUCTS_KEY }),
          ])
        }
      >
        <div className="ln-stack">
          {loggedIn ? <Panel isDemo={isDemo} /> : <GuestCard />}
          <Products isDemo={isDemo} loggedIn={loggedIn} />
          {loggedIn ? <MyLoans /> : null}
        </div>
      </Refreshable>
    </LoanPage>
  );
}

function Panel({ isDemo }: { isDemo: boolean }) {
  const { t } = useTranslation();
  const panel = useLoanPanel();
  const overdue = useOverdueLoans();
  if (panel.isPending) {
    return (
      <section className="card ln-panel" aria-busy="true" data-testid="loan-panel-loading">
        <Skeleton width="40%" height={13} />
        <Skeleton width="65%" height={32} />
        <Skeleton height={44} />
      </section>
    );
  }
  if (panel.isError) {
    return (
      <section className="card ln-section">
        <LoadFailed variant="plain" title={t('invest.loans.panel_failed')} onRetry={() => void panel.refetch()} />
      </section>
    );
  }
  const data = panel.data;
  const nothingOwed = data.activeLoans === 0;
  return (
    <section className="card ln-panel" data-testid="loan-panel" aria-labelledby="loan-panel-title">
      <div className="ln-panel__head">
        <h2 className="ln-panel__label" id="loan-panel-title">
          {t('invest.loans.total_owed')}
        </h2>
        {isDemo ? <DemoMark /> : null}
      </div>
      <p className="ln-panel__owed">
        <Money value={data.owed} currency={data.currencyName} demo={false} testId="loan-panel-owed" />
      </p>
      <dl className="ln-panel__grid">
        <div>
          <dt>
            {t('invest.loans.principal_owed')}
            {isDemo ? <DemoMark /> : null}
          </dt>
          <dd data-testid="loan-panel-principal">
            <Money value={data.loanAmount} currency={data.currencyName} demo={false} />
          </dd>
        </div>
        <div>
          <dt>
            {t('invest.loans.interest_so_far')}
            {isDemo ? <DemoMark /> : null}
          </dt>
          <dd data-testid="loan-panel-interest">
            <Money value={data.needPayInterest} currency={data.currencyName} demo={false} />
          </dd>
        </div>
        <div>
          <dt>{t('invest.loans.next_due')}</dt>
          <dd data-testid="loan-panel-due" className={overdue > 0 ? 'ln-danger' : undefined}>
            <span dir="ltr" className="numeric">
              {data.nextDueTime === null ? t('invest.loans.no_due_date') : formatDateTime(data.nextDueTime)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('invest.loans.counts')}</dt>
          <dd data-testid="loan-panel-counts">
            {t('invest.loans.counts_value', { active: data.activeLoans, pending: data.pendingApplications })}
          </dd>
        </div>
      </dl>
      {nothingOwed ? <p className="ln-hint">{t('invest.loans.panel_nothing_owed')}</p> : null}
      {overdue > 0 ? (
        <p className="ln-panel__overdue" role="alert" data-testid="loan-panel-overdue">
          {t('invest.loans.panel_overdue', { overdue })}
        </p>
      ) : null}
    </section>
  );
}

function GuestCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="card ln-section ln-guest" data-testid="loan-guest">
      <p className="ln-guest__text">{t('invest.loans.guest_text')}</p>
      <ActionButton tone="outline" onClick={() => navigate(PATHS.login)} testId="loan-guest-login">
        {t('invest.loans.login')}
      </ActionButton>
    </section>
  );
}

function Products({ isDemo, loggedIn }: { isDemo: boolean; loggedIn: boolean }) {
  const { t } = useTranslation();
  const products = useLoanProducts();
  let body;
  if (products.isPending) {
    body = (
      <div className="card ln-section" aria-busy="true" data-testid="loan-products-loading">
        <Skeleton width="50%" height={18} />
        <Skeleton height={96} radius={12} />
        <Skeleton height={44} radius={12} />
      </div>
    );
  } else if (products.isError) {
    body = (
      <div className="card">
        <LoadFailed title={t('invest.loans.products_failed')} onRetry={() => void products.refetch()} />
      </div>
    );
  } else if (products.data.length === 0) {
    body = (
      <div className="card">
        <EmptyState title={t('invest.loans.no_products')} description={t('invest.loans.no_products_hint')} />
      </div>
    );
  } else {
    body = (
      <ul className="k-list ln-list">
        {products.data.map((product) => (
          <ProductCard key={product.id} product={product} isDemo={isDemo} loggedIn={loggedIn} />
        ))}
      </ul>
    );
  }
  return (
    <section className="ln-group" aria-labelledby="loan-products-title">
      <h2 className="ln-group__title" id="loan-products-title">
        {t('invest.loans.products')}
      </h2>
      {body}
    </section>
  );
}

function ProductCard({ product, isDemo, loggedIn }: { product: LoanProduct; isDemo: boolean; loggedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openLoans = useOpenLoansIn(product.id);
  const limitReached = loggedIn && openLoans !== undefined && openLoans >= product.maxOpenLoans;
  const closedToMe = product.paused === 1 || (isDemo && product.demoAllowed !== 1) || limitReached;
  return (
    <li className="card ln-product" data-testid={`loan-product-${product.id}`}>
      <div className="ln-product__head">
        <h3 className="ln-product__name">
          <bdi>{product.name}</bdi>
        </h3>
        <ProductChips product={product} isDemoAccount={isDemo} />
      </div>
      {product.description ? (
        <p className="ln-product__description" dir="auto">
          {product.description}
        </p>
      ) : null}
      <ProductTerms product={product} demo={isDemo} />
      <ActionButton
        onClick={() => navigate(loggedIn ? applyPath(product.id) : PATHS.login)}
        disabled={closedToMe}
        testId={`loan-apply-${product.id}`}
      >
        {product.paused === 1
          ? t('invest.loans.paused_button')
          : isDemo && product.demoAllowed !== 1
            ? t('invest.loans.demo_not_allowed')
            : limitReached
              ? t('invest.loans.limit_reached_button')
              : t('invest.loans.apply')}
      </ActionButton>
    </li>
  );
}

function MyLoans() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<number | undefined>(undefined);
  const list = useLoanOrders(status);
  return (
    <section className="ln-group" aria-labelledby="loan-mine-title">
      <h2 className="ln-group__title" id="loan-mine-title">
        {t('invest.loans.my_loans')}
      </h2>
      <div className="ln-filters" role="radiogroup" aria-label={t('invest.loans.my_loans')}>
        {LOAN_FILTERS.map((filter) => (
          <button
            key={filter.labelKey}
            type="button"
            role="radio"
            className="k-pill"
            aria-checked={filter.status === status}
            onClick={() => setStatus(filter.status)}
            data-testid={`loan-filter-${filter.status ?? 'all'}`}
          >
            {t(filter.labelKey)}
          </button>
        ))}
      </div>
      <PagedCards
        query={list}
        renderCard={(loan) => <LoanRow key={loan.id} loan={loan} />}
        skeleton={
          <div className="ln-list" aria-busy="true" data-testid="loan-list-loading">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={92} radius={16} />
            ))}
          </div>
        }
        empty={
          <EmptyState
            title={status === undefined ? t('invest.loans.no_loans') : t('invest.loans.no_loans_status')}
            description={status === undefined ? t('invest.loans.no_loans_hint') : undefined}
          />
        }
        listClassName="ln-list"
        failedTitle={t('invest.loans.list_failed')}
      />
    </section>
  );
}
