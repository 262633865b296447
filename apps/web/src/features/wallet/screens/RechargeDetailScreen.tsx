import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../../../shared/display/date-time';
import { ActionButton } from '../../../shared/ui/Buttons';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Notice } from '../../../shared/ui/Notice';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { useRechargeDetail } from '../api/recharge-detail';
import { MoneyPage } from '../components/MoneyPage';
import { Summary } from '../components/Summary';
import { onCurrentLine, useCurrencyAmount } from '../lib/currency-format';
import { idParameter, MONEY_PATHS } from '../lib/paths';
import { depositStatus, isPendingDeposit, isRejectedDeposit } from '../lib/statuses';
import './funding.css';

/** `/pages/user/recharge-detail?id=`: one deposit: its status (and the reason of a rejection), amount, channel and receipt. */
export default function RechargeDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [parameters] = useSearchParams();
  const id = idParameter(parameters.get('id')) ?? 0;
  const detail = useRechargeDetail(id);
  const amountText = useCurrencyAmount();
  const [zoomed, setZoomed] = useState(false);

  let body;
  if (id === 0) body = <Notice tone="warning" title={t('error.deposit_not_found')} />;
  else if (detail.isPending) {
    body = (
      <section className="card m-section" aria-busy="true">
        <Skeleton width={56} height={56} radius={28} />
        <Skeleton width="60%" height={30} />
        <Skeleton height={80} />
      </section>
    );
  } else if (detail.isError)
    body = <LoadFailed variant="plain" title={t('wallet.load_failed')} onRetry={() => void detail.refetch()} />;
  else {
    const record = detail.data;
    const status = depositStatus(record.status);
    const StatusIcon = isPendingDeposit(record.status)
      ? ClockCircleFill
      : isRejectedDeposit(record.status)
        ? CloseCircleFill
        : CheckCircleFill;
    body = (
      <>
        <section className={`card m-section deposit-hero deposit-hero--${status.tone}`}>
          <StatusIcon className="deposit-hero__icon" aria-hidden="true" />
          <StatusChip tone={status.tone} testId="deposit-status">
            {t(status.labelKey)}
          </StatusChip>
          <p className="deposit-hero__amount numeric" dir="ltr" data-testid="deposit-amount">
            {amountText(record.rechargeAmount, record.currencyId)} {record.currencyName}
          </p>
          <p className="deposit-hero__note">
            {isPendingDeposit(record.status)
              ? t('wallet.deposit_pending_note')
              : isRejectedDeposit(record.status)
                ? t('wallet.deposit_rejected_note')
                : t('wallet.deposit_confirmed_note')}
          </p>
          {record.demo === 1 ? <StatusChip tone="demo">{t('common.demo')}</StatusChip> : null}
        </section>

        {isRejectedDeposit(record.status) ? (
          <Notice tone="danger" title={t('wallet.reject_reason')} testId="deposit-reason">
            {record.reviewReason || '--'}
          </Notice>
        ) : null}

        <section className="card m-section">
          <Summary
            rows={[
              { label: t('wallet.channel'), value: record.channelName },
              { label: t('wallet.currency'), value: record.currencyName },
              { label: t('wallet.order_id'), value: `#${record.id}`, ltr: true },
              { label: t('wallet.submitted_at'), value: formatDateTime(record.createTime), ltr: true },
              record.reviewTime !== null && {
                label: t('wallet.reviewed_at'),
                value: formatDateTime(record.reviewTime),
                ltr: true,
              },
              !isRejectedDeposit(record.status) &&
                record.reviewReason !== '' && { label: t('wallet.review_note'), value: record.reviewReason },
            ]}
          />
        </section>

        {record.rechargeImg ? (
          <section className="card m-section">
            <h2 className="m-section__title">{t('wallet.receipt')}</h2>
            <button
              type="button"
              className={`deposit-proof${zoomed ? ' deposit-proof--zoomed' : ''}`}
              onClick={() => setZoomed((value) => !value)}
              aria-label={t('wallet.receipt')}
              aria-expanded={zoomed}
            >
              <img src={onCurrentLine(record.rechargeImg)} alt={t('wallet.receipt')} data-testid="deposit-proof" />
            </button>
          </section>
        ) : null}
      </>
    );
  }

  return (
    <MoneyPage
      footer={
        <ActionButton tone="neutral" onClick={() => navigate(MONEY_PATHS.rechargeRecord)}>
          {t('page.recharge_record')}
        </ActionButton>
      }
    >
      <div className="screen__body m-body">{body}</div>
    </MoneyPage>
  );
}
