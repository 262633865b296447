import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { formatDateTime } from '../../../shared/display/date-time';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';
import { DEMO_ACCOUNT_TYPE, useSessionStore } from '../../../shared/store/session';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { Notice } from '../../../shared/ui/Notice';
import { PriceSource } from '../../../shared/ui/PriceSource';
import { useStatement, type StatementLine } from '../api/statement';
import { MoneyPage } from '../components/MoneyPage';
import { PagedList } from '../components/PagedList';
import { ltr } from '../../../shared/display/bidi';
import { useCurrencyAmount } from '../lib/currency-format';
import { MONEY_PATHS } from '../lib/paths';
import { isLabelOnlyReference, reasonKey, referenceKey } from '../lib/reasons';
import { groupStatement, isZeroAmount, type CurrencyEffect, type StatementEvent } from '../lib/statement-events';
import './statement-screen.css';

/**
 * `/pages/record/accountRecord`: the customer's own ledger statement, newest first, one line per business
 * event (journal entry): why (the translated reason), what it refers to, who made it happen (operators
 * by their staff id), its net effect per currency and the available balance after it, the price that
 * decided it; the postings behind it, the entry id and hash behind a tap. Filtered by currency.
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
        renderRows={(lines) =>
          groupStatement(lines).map((event) => <StatementEventRow key={event.entryId} event={event} />)
        }
      />
    </MoneyPage>
  );
}

function StatementEventRow({ event }: { event: StatementEvent<StatementLine> }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const amountText = useCurrencyAmount();
  const [open, setOpen] = useState(false);
  const line = event.head;
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
  const availableAfter = event.effects.find((effect) => effect.availableAfter !== null);
  const detailsId = `statement-postings-${event.entryId}`;

  return (
    <li className="card m-record statement-row" data-testid="statement-row" data-reason={line.reasonCode}>
      <div className="m-record__top">
        <span className="m-record__title">{t(reasonKey(line.reasonCode, (key) => i18n.exists(key)))}</span>
        <span className="statement-row__effects">
          {event.effects.map((effect) => (
            <EffectAmount key={effect.currencyId} effect={effect} />
          ))}
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
        {availableAfter?.availableAfter ? (
          <span className="statement-row__balance">
            {t('wallet.balance_after')}{' '}
            <span className="numeric" dir="ltr" data-testid="statement-balance">
              {amountText(availableAfter.availableAfter, availableAfter.currencyId)}
            </span>
          </span>
        ) : null}
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
      <PriceSource tickId={line.tickId} source={line.tickSource} fallbackTime={line.time} testId="statement-tick" />
      <button
        type="button"
        className="statement-row__more"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={detailsId}
        data-testid="statement-more"
      >
        {open ? t('common.close') : t('wallet.entry_details')}
        {open ? <UpOutline aria-hidden="true" /> : <DownOutline aria-hidden="true" />}
      </button>
      {open ? (
        <div id={detailsId} className="statement-row__details-box">
          <ul className="statement-row__postings" aria-label={t('wallet.postings')} data-testid="statement-postings">
            {event.postings.map((posting) => (
              <li key={`${posting.currencyId}-${posting.kind}`} className="statement-row__posting">
                <span>{kindLabel(posting.kind, t)}</span>
                <span className="numeric" dir="ltr">
                  {posting.amount.trim().startsWith('-') ? '' : '+'}
                  {amountText(posting.amount, posting.currencyId)} {posting.currencyName}
                </span>
                <span className="statement-row__posting-balance">
                  {t('wallet.balance_after')}{' '}
                  <span className="numeric" dir="ltr">
                    {amountText(posting.balanceAfter, posting.currencyId)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
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
        </div>
      ) : null}
    </li>
  );
}

/**
 * What the event did to one currency: the signed net in colour, or, when money only moved between the
 * customer's own accounts, how much went on hold or came off it.
 */
function EffectAmount({ effect }: { effect: CurrencyEffect }) {
  const { t } = useTranslation();
  const amountText = useCurrencyAmount();
  const putOnHold = !isZeroAmount(effect.held) && !effect.held.trim().startsWith('-');
  if (!isZeroAmount(effect.net)) {
    const credit = !effect.net.trim().startsWith('-');
    return (
      <>
        <span
          className={`statement-row__amount numeric ${credit ? 'm-credit' : 'm-debit'}`}
          dir="ltr"
          data-testid="statement-amount"
        >
          {credit ? '+' : ''}
          {amountText(effect.net, effect.currencyId)} {effect.currencyName}
        </span>
        {/* A fee paid while a stake or margin went on hold: the held amount still belongs to the customer. */}
        {putOnHold ? (
          <span className="statement-row__amount--held" data-testid="statement-held">
            {t('wallet.put_on_hold', {
              amount: ltr(`${amountText(effect.held, effect.currencyId)} ${effect.currencyName}`),
            })}
          </span>
        ) : null}
      </>
    );
  }
  const onHold = !effect.held.trim().startsWith('-');
  const held = effect.held.trim().replace(/^-/, '');
  return (
    <span className="statement-row__amount statement-row__amount--held" data-testid="statement-amount">
      {t(onHold ? 'wallet.put_on_hold' : 'wallet.released_from_hold', {
        amount: ltr(`${amountText(held, effect.currencyId)} ${effect.currencyName}`),
      })}
    </span>
  );
}

function kindLabel(kind: string, t: (key: string) => string): string {
  if (kind === 'available') return t('wallet.available');
  if (kind === 'frozen') return t('wallet.frozen');
  if (kind === 'margin') return t('wallet.in_margin');
  return kind;
}
