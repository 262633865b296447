import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';
import { useSessionStore } from '../../../shared/store/session';
import { ActionButton, CopyButton } from '../../../shared/ui/Buttons';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Notice } from '../../../shared/ui/Notice';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useGoBack } from '../../../shared/ui/use-go-back';
import { useRechargeChannels } from '../api/recharge-channel-list';
import { ChannelIcon } from '../components/ChannelIcon';
import { MoneyPage } from '../components/MoneyPage';
import { useCurrencyAmount } from '../lib/currency-format';
import { checkAmount } from '../lib/money';
import { idParameter, MONEY_PATHS } from '../lib/paths';
import './funding.css';

/**
 * `/pages/user/linePay?channelId=&amount=`: how to pay through one deposit channel: the amount, the
 * reference to quote, the channel's instructions, each with a copy button; then back to the deposit
 * form to upload the receipt.
 */
export default function LinePayScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [parameters] = useSearchParams();
  const channelId = idParameter(parameters.get('channelId'));
  const amountParameter = parameters.get('amount') ?? '';
  const channels = useRechargeChannels();
  const currencies = usePlatformCurrencies().data;
  const userId = useSessionStore((state) => state.userInfo?.id);
  const amountText = useCurrencyAmount();
  const backToForm = `${MONEY_PATHS.recharge}?${parameters.toString()}`;
  const goBack = useGoBack(backToForm);
  const copyWords = { copied: t('tips.copied'), failed: t('wallet.copy_failed') };

  const channel = channels.data?.find((entry) => entry.id === channelId);
  const currency = channel ? currencies?.byId.get(channel.currencyId) : undefined;
  const amountValid = currency ? checkAmount(amountParameter, currency.scale).state === 'valid' : false;

  let body;
  if (channels.isPending) {
    body = (
      <section className="card m-section" aria-busy="true">
        <Skeleton width="50%" height={18} />
        <Skeleton width="70%" height={36} />
        <Skeleton height={60} />
      </section>
    );
  } else if (channels.isError) {
    body = <LoadFailed variant="plain" title={t('wallet.load_failed')} onRetry={() => void channels.refetch()} />;
  } else if (!channel) {
    body = (
      <Notice tone="warning" title={t('error.recharge_channel_not_found')}>
        <button type="button" className="k-link" onClick={() => navigate(MONEY_PATHS.recharge, { replace: true })}>
          {t('home.quick_deposit')}
        </button>
      </Notice>
    );
  } else {
    const currencyName = currency?.currencyName ?? '';
    body = (
      <>
        <section className="card m-section linepay-head">
          <div className="linepay-channel">
            <span className="m-choice__icon" aria-hidden="true">
              <ChannelIcon channelType={channel.channelType} currency={currency} />
            </span>
            <div>
              <p className="linepay-channel__name">{channel.channelName}</p>
              <p className="linepay-channel__meta">
                {t('wallet.limits', {
                  min: amountText(channel.minAmount, channel.currencyId),
                  max: amountText(channel.maxAmount, channel.currencyId),
                  currency: currencyName,
                })}
              </p>
            </div>
          </div>
          <div className="linepay-row">
            <div>
              <p className="linepay-row__label">{t('wallet.amount_to_pay')}</p>
              <p className="linepay-row__amount numeric" dir="ltr" data-testid="linepay-amount">
                {amountValid
                  ? `${amountText(amountParameter, channel.currencyId)} ${currencyName}`
                  : `-- ${currencyName}`}
              </p>
            </div>
            {amountValid ? <CopyButton text={amountParameter} {...copyWords} testId="linepay-copy-amount" /> : null}
          </div>
          {userId !== undefined ? (
            <div className="linepay-row">
              <div>
                <p className="linepay-row__label">{t('wallet.payment_reference')}</p>
                <p className="linepay-row__value numeric" dir="ltr">
                  {userId}
                </p>
              </div>
              <CopyButton text={String(userId)} {...copyWords} testId="linepay-copy-reference" />
            </div>
          ) : null}
        </section>

        <section className="card m-section">
          <div className="m-section__head">
            <h2 className="m-section__title">{t('wallet.payment_instructions')}</h2>
            {channel.instructions ? (
              <CopyButton text={channel.instructions} {...copyWords} testId="linepay-copy-instructions" />
            ) : null}
          </div>
          <p className="linepay-instructions" data-testid="linepay-instructions">
            {channel.instructions || '--'}
          </p>
        </section>

        <section className="card m-section">
          <h2 className="m-section__title">{t('wallet.next_steps')}</h2>
          <ol className="linepay-steps">
            <li>{t('wallet.step_pay')}</li>
            <li>{t('wallet.step_keep_receipt')}</li>
            <li>{t('wallet.step_upload')}</li>
          </ol>
        </section>
      </>
    );
  }

  return (
    <MoneyPage
      footer={
        channel ? (
          <ActionButton onClick={goBack} testId="linepay-done">
            {t('wallet.paid_upload_receipt')}
          </ActionButton>
        ) : undefined
      }
    >
      <div className="screen__body m-body">{body}</div>
    </MoneyPage>
  );
}
