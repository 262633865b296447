import { CONSTANTS } from '@kestrel/contract/web';
import { formatDecimal } from '@kestrel/domain';
import Popup from 'antd-mobile/es/components/popup';
import Toast from 'antd-mobile/es/components/toast';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';
import { DEMO_ACCOUNT_TYPE, useSessionStore } from '../../../shared/store/session';
import { ActionButton } from '../../../shared/ui/Buttons';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { AmountField } from '../../../shared/ui/FormFields';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Notice } from '../../../shared/ui/Notice';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { SwapOutlineIcon } from '../components/SwapIcon';
import { useBalanceConvert } from '../api/balance-convert';
import { useExchangeInfo, type ExchangePair } from '../api/get-exchange-info';
import { useUserBalanceConvert } from '../api/user-balance-convert';
import { CurrencyIcon } from '../components/CurrencyIcon';
import { SelectField } from '../components/Fields';
import { MoneyPage, RecordsLink } from '../components/MoneyPage';
import { Summary } from '../components/Summary';
import { useCurrencyAmount } from '../lib/currency-format';
import { checkExchangeAmount } from '../lib/exchange-form';
import { fractionToPercent, plain } from '../lib/money';
import { MONEY_PATHS } from '../lib/paths';
import { exchangeFieldOf, fieldRefusalOf, type FieldRefusal } from '../lib/field-refusals';
import './exchange-screen.css';

/** Source currencies of the published pairs, in the order first published. */
function sourcesOf(pairs: readonly ExchangePair[]): number[] {
  return [...new Set(pairs.map((pair) => pair.currencyIdFrom))];
}

/**
 * `/pages/user/exchange`: from and to currencies of the published pairs, the amount (with "all"), and
 * the rate, fee and what arrives, computed exactly as the server will; a confirm sheet before it runs.
 */
export default function ExchangeScreen() {
  const { t } = useTranslation();
  const pairs = useExchangeInfo();

  let body = null;
  if (pairs.isPending) {
    body = (
      <div className="screen__body m-body">
        <section className="card m-section" aria-busy="true">
          <Skeleton height={48} radius={12} />
          <Skeleton height={58} radius={12} />
          <Skeleton height={48} radius={12} />
        </section>
      </div>
    );
  } else if (pairs.isError) {
    body = (
      <div className="screen__body m-body">
        <LoadFailed variant="plain" title={t('wallet.load_failed')} onRetry={() => void pairs.refetch()} />
      </div>
    );
  } else if (pairs.data.length === 0) {
    body = (
      <div className="screen__body m-body">
        <div className="card">
          <EmptyState title={t('wallet.no_pairs')} />
        </div>
      </div>
    );
  } else {
    return <ExchangeForm pairs={pairs.data} />;
  }
  return <MoneyPage right={<RecordsLink to={MONEY_PATHS.exchangeRecord} />}>{body}</MoneyPage>;
}

function ExchangeForm({ pairs }: { pairs: ExchangePair[] }) {
  const { t } = useTranslation();
  const isDemo = useSessionStore((state) => state.userInfo?.accountType === DEMO_ACCOUNT_TYPE);
  const currencies = usePlatformCurrencies().data;
  const balances = useUserBalanceConvert();
  const amountText = useCurrencyAmount();
  const convert = useBalanceConvert();

  const sources = useMemo(() => sourcesOf(pairs), [pairs]);
  const [fromId, setFromId] = useState<number>(() => sources[0] ?? 0);
  const targets = useMemo(() => pairs.filter((pair) => pair.currencyIdFrom === fromId), [pairs, fromId]);
  const [toId, setToId] = useState<number>(() => targets[0]?.currencyIdTo ?? 0);
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // The server's refusal of the amount (a limit reached since the quote), under the field.
  const [refusal, setRefusal] = useState<FieldRefusal<'amount'> | null>(null);

  useEffect(() => {
    if (!targets.some((pair) => pair.currencyIdTo === toId)) setToId(targets[0]?.currencyIdTo ?? 0);
  }, [targets, toId]);

  const pair = targets.find((entry) => entry.currencyIdTo === toId);
  const from = currencies?.byId.get(fromId);
  const to = currencies?.byId.get(toId);
  const fromName = from?.currencyName ?? pair?.currencyNameFrom ?? '';
  const toName = to?.currencyName ?? pair?.currencyNameTo ?? '';
  const available = balances.data?.find((row) => row.currencyId === fromId)?.userAmt;
  const reverse = pairs.find((entry) => entry.currencyIdFrom === toId && entry.currencyIdTo === fromId);

  const check =
    from && to && pair
      ? checkExchangeAmount(amount, { fromScale: from.scale, toScale: to.scale }, pair, available)
      : null;
  const tooSmall = check?.state === 'invalid' && check.problem.key === 'error.exchange_amount_too_small';
  // The quote shows once the amount is sound, or when it is too small to leave anything after the fee.
  const quote = check?.state === 'valid' || tooSmall ? check.quote : null;
  const amountError = refusal
    ? t(refusal.key, refusal.params)
    : check?.state === 'invalid' && (submitted || amount !== '')
      ? t(check.problem.key, check.problem.params)
      : check?.state === 'empty' && submitted
        ? t('error.required', { field: t('wallet.you_pay') })
        : null;
  const toText = (units: bigint) => (to ? `${amountText(formatDecimal(units, to.scale), toId)} ${toName}` : '--');

  const currencyOptions = (ids: number[]) =>
    ids.map((id) => ({ value: String(id), label: currencies?.byId.get(id)?.currencyName ?? String(id) }));

  const review = () => {
    setSubmitted(true);
    if (check?.state !== 'valid' || !quote || tooSmall) return;
    setConfirming(true);
  };

  const confirm = async () => {
    if (check?.state !== 'valid') return;
    try {
      const record = await convert.mutateAsync({
        transAmount: amount.trim(),
        currencyIdFrom: fromId,
        currencyIdTo: toId,
      });
      setConfirming(false);
      setAmount('');
      setSubmitted(false);
      Toast.show({
        content: t('wallet.exchange_done', {
          amount: `${amountText(record.receivedAmount, record.currencyIdTo)} ${record.currencyNameTo}`,
        }),
        duration: CONSTANTS.toastDurationMs,
      });
    } catch (error) {
      setConfirming(false);
      setRefusal(fieldRefusalOf(error, exchangeFieldOf));
    }
  };

  return (
    <MoneyPage
      right={<RecordsLink to={MONEY_PATHS.exchangeRecord} />}
      footer={
        <ActionButton onClick={review} testId="exchange-submit" disabled={!pair}>
          {t('page.exchange')}
        </ActionButton>
      }
    >
      <div className="screen__body m-body">
        {isDemo ? <Notice tone="demo">{t('wallet.demo_note')}</Notice> : null}
        <section className="card m-section exchange-card">
          <SelectField
            label={t('wallet.from')}
            value={String(fromId)}
            options={currencyOptions(sources)}
            onChange={(value) => {
              setFromId(Number(value));
              setAmount('');
            }}
            testId="exchange-from"
            leading={<CurrencyIcon name={fromName} src={from?.currencyImg} size={26} />}
          />
          <AmountField
            label={t('wallet.you_pay')}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setRefusal(null);
            }}
            unit={fromName}
            testId="exchange-amount"
            max={
              available !== undefined
                ? { label: t('wallet.all'), onClick: () => setAmount(plain(available)) }
                : undefined
            }
            extra={
              <>
                {t('wallet.available')}:{' '}
                <span className="numeric" dir="ltr">
                  {available !== undefined ? `${amountText(available, fromId)} ${fromName}` : '--'}
                </span>
              </>
            }
            error={amountError}
            hint={
              pair
                ? `${t('wallet.limits', {
                    min: amountText(pair.minAmount, fromId),
                    max: /[1-9]/.test(pair.maxAmount) ? amountText(pair.maxAmount, fromId) : '∞',
                    currency: fromName,
                  })}${pair.dailyCount > 0 ? ` · ${t('wallet.daily_limit', { count: pair.dailyCount })}` : ''}`
                : undefined
            }
          />
          <div className="exchange-swap-row">
            <button
              type="button"
              className="exchange-swap"
              onClick={() => {
                if (!reverse) return;
                setFromId(toId);
                setToId(fromId);
                setAmount('');
              }}
              disabled={!reverse}
              aria-label={t('wallet.swap')}
              data-testid="exchange-swap"
            >
              <SwapOutlineIcon />
            </button>
          </div>
          <SelectField
            label={t('wallet.to')}
            value={String(toId)}
            options={currencyOptions(targets.map((entry) => entry.currencyIdTo))}
            onChange={(value) => setToId(Number(value))}
            testId="exchange-to"
            leading={<CurrencyIcon name={toName} src={to?.currencyImg} size={26} />}
          />
          <div className="exchange-receive">
            <span className="exchange-receive__label">{t('wallet.you_receive')}</span>
            <span className="exchange-receive__value numeric" dir="ltr" data-testid="exchange-received">
              {quote && !tooSmall ? toText(quote.received) : `-- ${toName}`}
            </span>
          </div>
        </section>

        {pair ? (
          <section className="card m-section">
            <Summary
              rows={[
                {
                  label: t('wallet.rate'),
                  value: `1 ${fromName} = ${plain(pair.rate)} ${toName}`,
                  testId: 'exchange-rate',
                  ltr: true,
                },
                { label: t('wallet.fee_rate'), value: `${fractionToPercent(pair.feeRate)}%`, ltr: true },
                { label: t('wallet.converted'), value: quote ? toText(quote.converted) : '--', ltr: true },
                { label: t('wallet.fee'), value: quote ? toText(quote.fee) : '--', testId: 'exchange-fee', ltr: true },
              ]}
            />
            <p className="m-hint">{t('wallet.exchange_rounding_note')}</p>
          </section>
        ) : null}
      </div>

      <Popup
        visible={confirming}
        onMaskClick={() => (convert.isPending ? undefined : setConfirming(false))}
        bodyClassName="exchange-sheet"
        destroyOnClose
      >
        <div className="exchange-sheet__content" role="dialog" aria-labelledby="exchange-sheet-title">
          <h2 id="exchange-sheet-title" className="exchange-sheet__title">
            {t('wallet.confirm_exchange')}
          </h2>
          {quote && check?.state === 'valid' && from ? (
            <Summary
              rows={[
                {
                  label: t('wallet.you_pay'),
                  value: `${amountText(formatDecimal(check.units, from.scale), fromId)} ${fromName}`,
                  ltr: true,
                },
                { label: t('wallet.rate'), value: `1 ${fromName} = ${plain(pair?.rate)} ${toName}`, ltr: true },
                { label: t('wallet.fee'), value: toText(quote.fee), ltr: true },
                { label: t('wallet.you_receive'), value: toText(quote.received), strong: true, ltr: true },
              ]}
            />
          ) : null}
          <div className="exchange-sheet__buttons">
            <ActionButton tone="neutral" onClick={() => setConfirming(false)} disabled={convert.isPending}>
              {t('common.cancel')}
            </ActionButton>
            <ActionButton onClick={() => void confirm()} loading={convert.isPending} testId="exchange-confirm">
              {t('common.confirm')}
            </ActionButton>
          </div>
        </div>
      </Popup>
    </MoneyPage>
  );
}
