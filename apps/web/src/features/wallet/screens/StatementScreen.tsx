import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { formatDateTime } from '../../../shared/display/date-time';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';
import { DEMO_ACCOUNT_TYPE, useSessionStore } from '../../../shared/store/session';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { Notice } from '../../../shared/ui/Notice';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { useStatement, type StatementLine } from '../api/statement';
import { MoneyPage } from '../components/MoneyPage';
import { PagedList } from '../components/PagedList';
import { useCurrencyAmount } from '../lib/currency-format';
import { MONEY_PATHS } from '../lib/paths';
import { isLabelOnlyReference, reasonKey, referenceKey } from '../lib/reasons';
import './statement-screen.css';

/**
 * `/pages/record/accountRecord`: the customer's own ledger statement, newest first. Every entry: why
 * (the translated reason), what it refers to, who made it happen (operators by their staff id), the
 * signed amount and the running balance of that account; filtered by currency.
 */
export default function StatementScreen() {
  const { t } = useTranslation();
  const currencies = usePlatformCurrencies().data;
  const isDemo = useSessionStore((state) => state.userInfo?.accountType === DEMO_ACCOUNT_TYPE);
  const [currencyId, setCurrencyId] = useState<number | null>(null);
  const statement = useStatement(currencyId);
  const sorted = [...(currencies?.rows ?? [])].sort((a, b) => a.sort - b.sort);

  return (
    <MoneyPage title={t('wallet.statement')}>
      <PagedList
        query={statement}
        header={
          <>
            {isDemo ? <Notice tone="demo">{t('wallet.demo_note')}</Notice> : null}
            <div className="m-filters" role="group" aria-label={t('wallet.currency')} data-testid="statement-filter">
              <button
                type="button"
                className="k-pill"
                aria-pressed={currencyId === null}
                onClick={() => setCurrencyId(null)}
                data-testid="statement-filter-all"
              >
                {t('wallet.all')}
              </button>
              {sorted.map((currency) => (
                <button
                  type="button"
                  key={currency.id}
                  className="k-pill"
                  aria-pressed={currencyId === currency.id}
                  onClick={() => setCurrencyId(currency.id)}
                  data-testid={`statement-filter-${currency.currencyName}`}
                >
                  {currency.currencyName}
                </button>
              ))}
            </div>
          </>
        }
        empty={<EmptyState title={t('wallet.no_statement')} description={t('wallet.no_statement_body')} />}
        renderRow={(line) => <StatementRow key={`${line.entryId}-${line.currencyId}-${line.kind}`} line={line} />}
      />
    </MoneyPage>
  );
}

function StatementRow({ line }: { line: StatementLine }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const amountText = useCurrencyAmount();
  const [open, setOpen] = useState(false);
  const credit = !line.amount.trim().startsWith('-');
  const reference = referenceKey(line.referenceType);
  const referenceLabel = isLabelOnlyReference(line.referenceType)
    ? t(reference ?? '')
    : `${reference ? t(reference) : line.referenceType} #${line.referenceId}`;
  const referencePath =
    line.referenceType === 'deposit'
      ? `${MONEY_PATHS.rechargeDetail}?id=${encodeURIComponent(line.referenceId)}`
      : line.referenceType === 'withdrawal'
        ? MONEY_PATHS.withdrawRecord
        : line.referenceType === 'exchange'
          ? MONEY_PATHS.exchangeRecord
          : null;
  const actor =
    line.actorType === 'operator'
      ? t('wallet.actor_staff', { id: line.actorId })
      : line.actorType === 'customer'
        ? t('wallet.actor_you')
        : t('wallet.actor_system');

  return (
    <li className="card m-record statement-row" data-testid="statement-row" data-reason={line.reasonCode}>
      <div className="m-record__top">
        <span className="m-record__title">{t(reasonKey(line.reasonCode, (key) => i18n.exists(key)))}</span>
        <span
          className={`statement-row__amount numeric ${credit ? 'm-credit' : 'm-debit'}`}
          dir="ltr"
          data-testid="statement-amount"
        >
          {credit ? '+' : ''}
          {amountText(line.amount, line.currencyId)} {line.currencyName}
        </span>
      </div>
      <div className="m-record__top statement-row__second">
        {referencePath ? (
          <button type="button" className="k-link statement-row__reference" onClick={() => navigate(referencePath)}>
            {referenceLabel}
          </button>
        ) : (
          <span className="statement-row__reference">{referenceLabel}</span>
        )}
        <span className="statement-row__balance">
          {line.kind !== 'available' ? (
            <StatusChip tone="neutral">
              {line.kind === 'frozen' ? t('wallet.frozen') : t('wallet.in_margin')}
            </StatusChip>
          ) : null}{' '}
          {t('wallet.balance_after')}{' '}
          <span className="numeric" dir="ltr" data-testid="statement-balance">
            {amountText(line.balanceAfter, line.currencyId)}
          </span>
        </span>
      </div>
      <div className="m-record__meta">
        <span dir="ltr">{formatDateTime(line.time)}</span>
        <span
          className={line.actorType === 'operator' ? 'statement-row__staff' : undefined}
          data-testid="statement-actor"
        >
          {actor}
        </span>
      </div>
      {line.tickId ? (
        <div className="m-record__meta statement-row__tick" data-testid="statement-tick">
          <span>{t('wallet.priced_by_tick')}</span>
          <code dir="ltr">
            {line.tickId}
            {line.tickSource ? ` · ${line.tickSource}` : ''}
          </code>
        </div>
      ) : null}
      <button
        type="button"
        className="statement-row__more"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
      >
        {open ? t('common.close') : t('wallet.entry_details')}
        {open ? <UpOutline aria-hidden="true" /> : <DownOutline aria-hidden="true" />}
      </button>
      {open ? (
        <dl className="statement-row__details">
          <dt>{t('wallet.entry_id')}</dt>
          <dd className="numeric" dir="ltr">
            {line.entryId}
          </dd>
          {line.memo ? (
            <>
              <dt>{t('wallet.memo')}</dt>
              <dd dir="auto">{line.memo}</dd>
            </>
          ) : null}
          <dt>{t('wallet.entry_hash')}</dt>
          <dd className="m-mono" dir="ltr">
            {line.hash}
          </dd>
        </dl>
      ) : null}
    </li>
  );
}
