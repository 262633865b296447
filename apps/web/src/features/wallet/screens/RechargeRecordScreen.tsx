import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RightOutline } from 'antd-mobile-icons';
import { formatDateTime } from '../../../shared/display/date-time';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { useRechargeList } from '../api/recharge-list';
import { MoneyPage } from '../components/MoneyPage';
import { PagedList } from '../components/PagedList';
import { useCurrencyAmount } from '../lib/currency-format';
import { MONEY_PATHS } from '../lib/paths';
import { depositStatus } from '../lib/statuses';

/** `/pages/user/rechargeRecord`: my deposits, newest first; each opens its detail. */
export default function RechargeRecordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deposits = useRechargeList();
  const amountText = useCurrencyAmount();
  return (
    <MoneyPage>
      <PagedList
        query={deposits}
        empty={
          <EmptyState
            title={t('wallet.no_deposits')}
            action={
              <button
                type="button"
                className="k-action k-action-button k-action-button--outline"
                onClick={() => navigate(MONEY_PATHS.recharge)}
              >
                {t('home.quick_deposit')}
              </button>
            }
          />
        }
        renderRow={(record) => {
          const status = depositStatus(record.status);
          return (
            <li key={record.id}>
              <button
                type="button"
                className="card m-record m-record--button"
                onClick={() => navigate(`${MONEY_PATHS.rechargeDetail}?id=${record.id}`)}
                data-testid={`deposit-row-${record.id}`}
              >
                <div className="m-record__top">
                  <span className="m-record__title">{record.channelName}</span>
                  <StatusChip tone={status.tone}>{t(status.labelKey)}</StatusChip>
                </div>
                <div className="m-record__top">
                  <span className="m-record__amount numeric" dir="ltr">
                    +{amountText(record.rechargeAmount, record.currencyId)} {record.currencyName}
                  </span>
                  <RightOutline className="m-muted m-direction-flip" aria-hidden="true" />
                </div>
                <div className="m-record__meta">
                  <span dir="ltr">{formatDateTime(record.createTime)}</span>
                  <span dir="ltr">#{record.id}</span>
                </div>
              </button>
            </li>
          );
        }}
      />
    </MoneyPage>
  );
}
