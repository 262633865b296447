import { CONSTANTS } from '@kestrel/contract/web';
import { formatDecimal } from '@kestrel/domain';
import Toast from 'antd-mobile/es/components/toast';
import { AddOutline, BankcardOutline, CollectMoneyOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMasking } from '../../../shared/display/display-rules';
import { IdentityGateNotice } from '../../../shared/identity/IdentityGateNotice';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';
import { OTHER_VALUE_FLAGS, useOtherValueFlag } from '../../../shared/platform/other-value-flags';
import { DEMO_ACCOUNT_TYPE, useSessionStore } from '../../../shared/store/session';
import { ActionButton } from '../../../shared/ui/Buttons';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { AmountField, FieldError, PasswordField } from '../../../shared/ui/FormFields';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Notice } from '../../../shared/ui/Notice';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useIsSetWithPwd } from '../api/is-set-with-pwd';
import { useOutMoney } from '../api/out-money';
import { useUserBalanceConvert } from '../api/user-balance-convert';
import { useUserBankCards } from '../api/user-bank-list';
import { useUserWalletAddresses } from '../api/user-wallet-address-list';
import { useWithdrawChannels, type WithdrawChannel } from '../api/withdraw-channel-list';
import { ChannelIcon } from '../components/ChannelIcon';
import { Choice, ChoiceGroup } from '../components/Choice';
import { MoneyPage, RecordsLink } from '../components/MoneyPage';
import { Summary } from '../components/Summary';
import { useCurrencyAmount } from '../lib/currency-format';
import { fractionToPercent, isAlwaysOpen, isOpenAt, parseConfigured } from '../lib/money';
import { checkWithdrawalAmount, withdrawAllAmount } from '../lib/withdrawal-form';
import { fieldRefusalOf, withdrawFieldOf, type FieldRefusal } from '../lib/field-refusals';
import { ltr } from '../lib/bidi';
import { MONEY_PATHS } from '../lib/paths';
import './funding.css';

/** Channel type 0 pays to a bank card; every other channel to a wallet address of its currency. */
const BANK_CHANNEL_TYPE = 0;

interface Destination {
  id: number;
  title: string;
  meta: string;
}

/**
 * `/pages/user/withdrawl`: channel, destination, amount (with "all"), the fee and what arrives by the
 * published schedule, and the withdrawal password. Demo accounts cannot withdraw; without a withdrawal
 * password the screen leads to setting one.
 */
export default function WithdrawScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isDemo = useSessionStore((state) => state.userInfo?.accountType === DEMO_ACCOUNT_TYPE);
  const channels = useWithdrawChannels();
  const passwordSet = useIsSetWithPwd();

  let body;
  if (isDemo) {
    body = (
      <Notice tone="demo" title={t('error.withdraw_demo_account')} testId="withdraw-demo-notice">
        {t('wallet.withdraw_demo_body')}
      </Notice>
    );
  } else if (channels.isPending || passwordSet.isPending) {
    body = (
      <section className="card m-section" aria-busy="true">
        <Skeleton height={64} radius={12} />
        <Skeleton height={64} radius={12} />
        <Skeleton height={58} radius={12} />
      </section>
    );
  } else if (channels.isError || passwordSet.isError) {
    body = (
      <LoadFailed
        variant="plain"
        title={t('wallet.load_failed')}
        onRetry={() => {
          void channels.refetch();
          void passwordSet.refetch();
        }}
      />
    );
  } else if (channels.data.length === 0) {
    body = (
      <div className="card">
        <EmptyState title={t('wallet.no_channels')} />
      </div>
    );
  } else if (!passwordSet.data) {
    body = (
      <Notice
        tone="warning"
        title={t('error.withdraw_password_not_set')}
        testId="withdraw-password-missing"
        action={
          <button
            type="button"
            className="k-action k-action-button k-action-button--outline"
            onClick={() => navigate(`${MONEY_PATHS.change}?tab=withdraw&from=withdraw`)}
            data-testid="withdraw-set-password"
          >
            {t('wallet.set_withdraw_password')}
          </button>
        }
      >
        {t('wallet.withdraw_password_why')}
      </Notice>
    );
  } else {
    return <WithdrawForm channels={channels.data} />;
  }

  return (
    <MoneyPage right={<RecordsLink to={MONEY_PATHS.withdrawRecord} />}>
      <div className="screen__body m-body">{body}</div>
    </MoneyPage>
  );
}

function WithdrawForm({ channels }: { channels: WithdrawChannel[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currencies = usePlatformCurrencies().data;
  const balances = useUserBalanceConvert();
  const addresses = useUserWalletAddresses();
  const cards = useUserBankCards();
  const mask = useMasking();
  const amountText = useCurrencyAmount();
  const outMoney = useOutMoney();

  const [channelId, setChannelId] = useState<number>(channels[0]?.id ?? 0);
  const [destinationId, setDestinationId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // The server's refusal of the last submit, shown under its field until that field changes.
  const [refusal, setRefusal] = useState<FieldRefusal<'amount' | 'destination' | 'password'> | null>(null);
  const refusalFor = (field: 'amount' | 'destination' | 'password') =>
    refusal?.field === field ? t(refusal.key, refusal.params) : null;
  const clearRefusal = (field: 'amount' | 'destination' | 'password') =>
    setRefusal((current) => (current?.field === field ? null : current));

  const channel = channels.find((entry) => entry.id === channelId) ?? channels[0];
  const currency = channel ? currencies?.byId.get(channel.currencyId) : undefined;
  const currencyName = currency?.currencyName ?? '';
  const isBank = channel?.channelType === BANK_CHANNEL_TYPE;
  const available = balances.data?.find((row) => row.currencyId === channel?.currencyId)?.userAmt;
  // "All" is the operator's choice (otherValue app_withdrawAll); it fills what one withdrawal may take.
  const showAll = useOtherValueFlag(OTHER_VALUE_FLAGS.withdrawAll);
  const allAmount = showAll && currency && channel ? withdrawAllAmount(available, currency.scale, channel) : null;

  const destinations: Destination[] | undefined = useMemo(() => {
    if (!channel) return [];
    if (isBank) {
      return cards.data?.map((card) => ({
        id: card.id,
        title: card.bankName || '--',
        meta: `${mask.bankCard(card.bankNo)} · ${card.holder}`,
      }));
    }
    return addresses.data
      ?.filter((address) => address.currencyId === channel.currencyId)
      .map((address) => ({
        id: address.id,
        title: `${address.currencyName} · ${address.walletAddressType}`,
        meta: mask.walletAddress(address.walletAddress),
      }));
  }, [channel, isBank, cards.data, addresses.data, mask, t]);
  const destinationsLoading = isBank ? cards.isPending : addresses.isPending;

  // The first destination is picked for the customer; a channel change picks again.
  useEffect(() => {
    if (!destinations) return;
    if (!destinations.some((entry) => entry.id === destinationId)) setDestinationId(destinations[0]?.id ?? null);
  }, [destinations, destinationId]);

  const check = currency && channel ? checkWithdrawalAmount(amount, currency.scale, channel, available) : null;
  const preview = check && check.state !== 'empty' ? check.preview : null;
  const amountError =
    refusalFor('amount') ??
    (check?.state === 'invalid' && (submitted || amount !== '')
      ? t(check.problem.key, check.problem.params)
      : check?.state === 'empty' && submitted
        ? t('error.required', { field: t('wallet.withdraw_amount') })
        : null);
  const feeTooLarge = preview !== null && preview.net <= 0n;
  const openNow = channel ? isOpenAt(channel.openHours, Date.now()) : null;

  const submit = async () => {
    setSubmitted(true);
    if (!channel || check?.state !== 'valid' || feeTooLarge) return;
    if (destinationId === null || password === '') return;
    try {
      await outMoney.mutateAsync({
        withdrawAmount: amount.trim(),
        withPwd: password,
        withdrawAddressId: destinationId,
        withdrawChannelConfigId: channel.id,
      });
      Toast.show({ content: t('wallet.withdraw_submitted'), duration: CONSTANTS.toastDurationMs });
      navigate(MONEY_PATHS.withdrawRecord, { replace: true });
    } catch (error) {
      // A refusal about a field shows under it; the rest (hours, locks) arrive as translated toasts.
      setRefusal(fieldRefusalOf(error, withdrawFieldOf));
      setPassword('');
    }
  };

  const addDestination = () =>
    navigate(isBank ? MONEY_PATHS.bindBankCard : `${MONEY_PATHS.bindAddress}?currencyId=${channel?.currencyId ?? ''}`);

  return (
    <MoneyPage
      right={<RecordsLink to={MONEY_PATHS.withdrawRecord} />}
      footer={
        <ActionButton onClick={() => void submit()} loading={outMoney.isPending} testId="withdraw-submit">
          {t('wallet.submit_withdrawal')}
        </ActionButton>
      }
    >
      <div className="screen__body m-body">
        {/* Above the limit a withdrawal needs basic identity verification while the gate is on. */}
        <IdentityGateNotice gate="withdrawal" />
        <section className="card m-section">
          <h2 className="m-section__title">{t('wallet.step_channel')}</h2>
          <ChoiceGroup label={t('wallet.step_channel')}>
            {channels.map((entry) => (
              <Choice
                key={entry.id}
                checked={entry.id === channel?.id}
                onSelect={() => {
                  setChannelId(entry.id);
                  setAmount('');
                  setRefusal(null);
                }}
                icon={<ChannelIcon channelType={entry.channelType} currency={currencies?.byId.get(entry.currencyId)} />}
                testId={`withdraw-channel-${entry.id}`}
                title={entry.channelName}
                meta={`${t('wallet.fee')}: ${ltr(feeText(entry, currencies?.byId.get(entry.currencyId)?.currencyName ?? '', t))} · ${
                  isAlwaysOpen(entry.openHours)
                    ? t('wallet.open_always')
                    : t('wallet.open_hours', { hours: ltr(entry.openHours) })
                }`}
              />
            ))}
          </ChoiceGroup>
          {openNow === false && channel ? (
            <Notice tone="warning">{t('error.withdraw_channel_closed', { hours: ltr(channel.openHours) })}</Notice>
          ) : null}
        </section>

        <section className="card m-section">
          <div className="m-section__head">
            <h2 className="m-section__title">{isBank ? t('wallet.to_bank_card') : t('wallet.to_address')}</h2>
            {destinations && destinations.length > 0 ? (
              <button type="button" className="k-link" onClick={addDestination}>
                {isBank ? t('page.bind_bank_card') : t('page.bind_address')}
              </button>
            ) : null}
          </div>
          {destinationsLoading ? (
            <Skeleton height={64} radius={12} />
          ) : !destinations || destinations.length === 0 ? (
            <>
              <p className="m-muted" style={{ margin: 0 }}>
                {isBank ? t('wallet.no_cards') : t('wallet.no_address_for', { currency: currencyName })}
              </p>
              <button
                type="button"
                className="withdraw-add"
                onClick={addDestination}
                data-testid="withdraw-add-destination"
              >
                <AddOutline aria-hidden="true" />
                {isBank ? t('page.bind_bank_card') : t('page.bind_address')}
              </button>
            </>
          ) : (
            <ChoiceGroup label={isBank ? t('wallet.to_bank_card') : t('wallet.to_address')}>
              {destinations.map((entry) => (
                <Choice
                  key={entry.id}
                  checked={entry.id === destinationId}
                  onSelect={() => {
                    setDestinationId(entry.id);
                    clearRefusal('destination');
                  }}
                  icon={isBank ? <BankcardOutline /> : <CollectMoneyOutline />}
                  testId={`withdraw-address-${entry.id}`}
                  title={entry.title}
                  meta={<span dir="ltr">{entry.meta}</span>}
                />
              ))}
            </ChoiceGroup>
          )}
          <FieldError
            message={
              refusalFor('destination') ??
              (submitted && destinationId === null && !destinationsLoading ? t('wallet.choose_destination') : null)
            }
            testId="withdraw-destination-error"
          />
        </section>

        <section className="card m-section">
          <AmountField
            label={t('wallet.withdraw_amount')}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              clearRefusal('amount');
            }}
            unit={currencyName}
            testId="withdraw-amount"
            max={
              allAmount !== null
                ? {
                    label: t('wallet.all'),
                    onClick: () => {
                      setAmount(allAmount);
                      clearRefusal('amount');
                    },
                  }
                : undefined
            }
            extra={
              <span data-testid="withdraw-available">
                {t('wallet.available')}:{' '}
                <span className="numeric" dir="ltr">
                  {available !== undefined ? `${amountText(available, channel?.currencyId)} ${currencyName}` : '--'}
                </span>
              </span>
            }
            error={amountError}
            hint={
              channel
                ? `${t('wallet.limits', {
                    min: amountText(channel.minAmount, channel.currencyId),
                    max: amountText(channel.maxAmount, channel.currencyId),
                    currency: currencyName,
                  })}${channel.dailyCount > 0 ? ` · ${t('wallet.daily_limit', { count: channel.dailyCount })}` : ''}`
                : undefined
            }
          />
          <div className="withdraw-preview">
            <Summary
              rows={[
                {
                  label: t('wallet.fee'),
                  value: preview
                    ? `${amountText(feeUnits(preview.fee, currency?.scale), channel?.currencyId)} ${currencyName}`
                    : '--',
                  testId: 'withdraw-fee',
                  ltr: true,
                },
                {
                  label: t('wallet.you_receive'),
                  value:
                    preview && !feeTooLarge
                      ? `${amountText(feeUnits(preview.net, currency?.scale), channel?.currencyId)} ${currencyName}`
                      : '--',
                  testId: 'withdraw-net',
                  strong: true,
                  ltr: true,
                },
              ]}
            />
          </div>
          <PasswordField
            label={t('wallet.withdraw_password')}
            value={password}
            onChange={(value) => {
              setPassword(value);
              clearRefusal('password');
            }}
            testId="withdraw-password"
            autoComplete="off"
            error={
              refusalFor('password') ??
              (submitted && password === '' ? t('error.required', { field: t('wallet.withdraw_password') }) : null)
            }
          />
          <p className="m-hint">{t('wallet.withdraw_frozen_note')}</p>
        </section>
      </div>
    </MoneyPage>
  );
}

/** Units back to a decimal string at the currency's scale. */
function feeUnits(units: bigint, scale: number | undefined): string {
  return formatDecimal(units, scale ?? 0);
}

/** "0.5% + 1 USDT", "0.5%", "1 USDT" or "Free": the published schedule in words. */
function feeText(
  channel: WithdrawChannel,
  currencyName: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const rate = parseConfigured(channel.feeRate);
  const fixed = parseConfigured(channel.feeFixed);
  const hasRate = rate !== null && rate.units > 0n;
  const hasFixed = fixed !== null && fixed.units > 0n;
  const fixedText = fixed ? `${formatDecimal(fixed.units, fixed.scale, { trimZeros: true })} ${currencyName}` : '';
  if (hasRate && hasFixed) return `${fractionToPercent(channel.feeRate)}% + ${fixedText}`;
  if (hasRate) return `${fractionToPercent(channel.feeRate)}%`;
  if (hasFixed) return fixedText;
  return t('wallet.fee_free');
}
