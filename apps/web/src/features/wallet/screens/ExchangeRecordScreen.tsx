import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../../shared/display/date-time';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { useBalanceConvertRecords } from '../api/balance-convert-record-list';
import { MoneyPage } from '../components/MoneyPage';
import { PagedList } from '../components/PagedList';
import { Summary } from '../components/Summary';
import { useCurrencyAmount } from '../lib/currency-format';
import { fractionToPercent, plain } from '../lib/money';
import { MONEY_PATHS } from '../lib/paths';

/** `/pages/record/changeRecord`: my exchanges: what went out, what came in, at which rate and fee. */
export default function ExchangeRecordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const records = useBalanceConvertRecords();
  const amountText = useCurrencyAmount();
  return (
    <MoneyPage>
      <PagedList
        query={records}
        empty={
          <EmptyState
            title={t('wallet.no_exchanges')}
            action={
              <button
                type="button"
                className="k-action k-action-button k-action-button--outline"
                onClick={() => navigate(MONEY_PATHS.exchange)}
              >
                {t('page.exchange')}
              </button>
            }
          />
        }
        renderRow={(record) => (
          <li key={record.id} className="card m-record" data-testid={`exchange-row-${record.id}`}>
            <div className="m-record__top">
              <span className="m-record__title" dir="ltr">
                {record.currencyNameFrom} → {record.currencyNameTo}
              </span>
              <span className="m-muted" dir="ltr" style={{ fontSize: 'var(--k-font-size-xs)' }}>
                #{record.id}
              </span>
            </div>
            <div className="m-record__top">
              <span className="numeric m-debit" dir="ltr">
                -{amountText(record.transAmount, record.currencyIdFrom)} {record.currencyNameFrom}
              </span>
              <span className="m-record__amount numeric m-credit" dir="ltr">
                +{amountText(record.receivedAmount, record.currencyIdTo)} {record.currencyNameTo}
              </span>
            </div>
            <Summary
              rows={[
                {
                  label: t('wallet.rate'),
                  value: `1 ${record.currencyNameFrom} = ${plain(record.rate)} ${record.currencyNameTo}`,
                  ltr: true,
                },
                {
                  label: t('wallet.fee'),
                  value: `${amountText(record.feeAmount, record.currencyIdTo)} ${record.currencyNameTo} (${fractionToPercent(record.feeRate)}%)`,
                  ltr: true,
                },
              ]}
            />
            <div className="m-record__meta">
              <span dir="ltr">{formatDateTime(record.createTime)}</span>
            </div>
          </li>
        )}
      />
    </MoneyPage>
  );
}
