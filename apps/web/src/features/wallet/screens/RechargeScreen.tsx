import { CONSTANTS } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import { RightOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ImagePick } from '../../../shared/images/ImagePick';
import type { ImageUpload } from '../../../shared/images/image-upload';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';
import { DEMO_ACCOUNT_TYPE, useSessionStore } from '../../../shared/store/session';
import { ActionButton } from '../../../shared/ui/Buttons';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { AmountField } from '../../../shared/ui/FormFields';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Notice } from '../../../shared/ui/Notice';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { useInMoney } from '../api/in-money';
import { useRechargeChannels } from '../api/recharge-channel-list';
import { ChannelIcon } from '../components/ChannelIcon';
import { PayeeAddress } from '../components/PayeeAddress';
import { Choice, ChoiceGroup } from '../components/Choice';
import { MoneyPage, RecordsLink } from '../components/MoneyPage';
import { onCurrentLine, useCurrencyAmount } from '../lib/currency-format';
import { channelsFor } from '../lib/channels';
import { checkAmount } from '../lib/money';
import { idParameter, MONEY_PATHS } from '../lib/paths';
import { depositFieldOf, fieldRefusalOf, type FieldRefusal } from '../lib/field-refusals';
import './funding.css';

/** The receipt; brought back through the route, its `preview` is the url where the server serves it. */
type Proof = ImageUpload;

/** A receipt uploaded before visiting the payment page comes back through the route (`proof`, `proofUrl`). */
function proofFromRoute(parameters: URLSearchParams): Proof {
  const key = parameters.get('proof');
  const url = parameters.get('proofUrl');
  if (!key || !url || !url.startsWith('/uploads/')) return { state: 'none' };
  return { state: 'ready', key, url, preview: onCurrentLine(url) };
}

/**
 * `/pages/user/recharge`: choose a channel, enter the amount, upload the payment receipt (compressed
 * in the browser first), submit. The demo channel (demo accounts only) needs no receipt and credits
 * demo money at once. `?channelId=&amount=` come back from the payment instructions page.
 */
export default function RechargeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [parameters, setParameters] = useSearchParams();
  const isDemo = useSessionStore((state) => state.userInfo?.accountType === DEMO_ACCOUNT_TYPE);
  const channelsQuery = useRechargeChannels();
  const currencies = usePlatformCurrencies().data;
  const amountText = useCurrencyAmount();
  const inMoney = useInMoney();

  const channels = useMemo(() => channelsFor(channelsQuery.data ?? [], isDemo), [channelsQuery.data, isDemo]);
  const [channelId, setChannelId] = useState<number | null>(() => idParameter(parameters.get('channelId')));
  const [amount, setAmount] = useState(() => parameters.get('amount') ?? '');
  const [proof, setProof] = useState<Proof>(() => proofFromRoute(parameters));
  const [submitted, setSubmitted] = useState(false);
  // The server's refusal of the amount or the proof, under that field until it changes.
  const [refusal, setRefusal] = useState<FieldRefusal<'amount' | 'proof'> | null>(null);

  const channel = channels.find((entry) => entry.id === channelId) ?? null;
  useEffect(() => {
    if (channels.length > 0 && !channels.some((entry) => entry.id === channelId)) setChannelId(channels[0]?.id ?? null);
  }, [channels, channelId]);

  /** To the payment page; the choice is written into this page's route first, so coming back finds it. */
  const openPaymentPage = (id: number) => {
    const here = new URLSearchParams({ channelId: String(id) });
    if (amount.trim() !== '') here.set('amount', amount.trim());
    if (proof.state === 'ready') {
      here.set('proof', proof.key);
      here.set('proofUrl', proof.url);
    }
    setParameters(here, { replace: true, preventScrollReset: true });
    navigate(`${MONEY_PATHS.linePay}?${here.toString()}`);
  };

  const currency = channel ? currencies?.byId.get(channel.currencyId) : undefined;
  const currencyName = currency?.currencyName ?? '';
  const check =
    channel && currency
      ? checkAmount(amount, currency.scale, { min: channel.minAmount, max: channel.maxAmount })
      : null;
  const needsProof = channel !== null && channel.demoOnly !== 1;
  const amountError =
    refusal?.field === 'amount'
      ? t(refusal.key, refusal.params)
      : check?.state === 'invalid' && (submitted || amount !== '')
        ? t(check.problem.key, check.problem.params)
        : check?.state === 'empty' && submitted
          ? t('error.required', { field: t('wallet.deposit_amount') })
          : null;

  const submit = async () => {
    setSubmitted(true);
    if (!channel || !check || check.state !== 'valid') return;
    // A missing proof shows under the proof picker (missing, below).
    if (needsProof && proof.state !== 'ready') return;
    try {
      const record = await inMoney.mutateAsync({
        rechargeAmount: amount.trim(),
        payChannelId: channel.id,
        rechargeImg: proof.state === 'ready' ? proof.key : undefined,
      });
      Toast.show({
        content: record.status === 1 ? t('wallet.deposit_credited') : t('wallet.deposit_submitted'),
        duration: CONSTANTS.toastDurationMs,
      });
      navigate(`${MONEY_PATHS.rechargeDetail}?id=${record.id}`, { replace: true });
    } catch (error) {
      // A refusal about the amount or the proof shows under it; the rest arrive as translated toasts.
      setRefusal(fieldRefusalOf(error, depositFieldOf));
    }
  };

  return (
    <MoneyPage
      right={<RecordsLink to={MONEY_PATHS.rechargeRecord} />}
      footer={
        <ActionButton
          onClick={() => void submit()}
          loading={inMoney.isPending}
          disabled={!channel || proof.state === 'working'}
          testId="recharge-submit"
        >
          {t('wallet.submit_deposit')}
        </ActionButton>
      }
    >
      <div className="screen__body m-body">
        {isDemo ? <Notice tone="demo">{t('wallet.demo_note')}</Notice> : null}

        <section className="card m-section">
          <h2 className="m-section__title">{t('wallet.step_channel')}</h2>
          {channelsQuery.isPending ? (
            <ChannelSkeleton />
          ) : channelsQuery.isError ? (
            <LoadFailed variant="plain" title={t('wallet.load_failed')} onRetry={() => void channelsQuery.refetch()} />
          ) : channels.length === 0 ? (
            <EmptyState title={t('wallet.no_channels')} />
          ) : (
            <ChoiceGroup label={t('wallet.step_channel')}>
              {channels.map((entry) => {
                const entryCurrency = currencies?.byId.get(entry.currencyId);
                return (
                  <Choice
                    key={entry.id}
                    checked={entry.id === channelId}
                    onSelect={() => setChannelId(entry.id)}
                    icon={<ChannelIcon channelType={entry.channelType} currency={entryCurrency} />}
                    testId={`recharge-channel-${entry.id}`}
                    title={
                      <>
                        {entry.channelName}
                        {entry.demoOnly === 1 ? <StatusChip tone="demo">{t('common.demo')}</StatusChip> : null}
                      </>
                    }
                    meta={t('wallet.limits', {
                      min: amountText(entry.minAmount, entry.currencyId),
                      max: amountText(entry.maxAmount, entry.currencyId),
                      currency: entryCurrency?.currencyName ?? '',
                    })}
                  />
                );
              })}
            </ChoiceGroup>
          )}
        </section>

        {channel ? (
          <section className="card m-section">
            <h2 className="m-section__title">{t('wallet.step_amount')}</h2>
            <AmountField
              label={t('wallet.deposit_amount')}
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setRefusal((current) => (current?.field === 'amount' ? null : current));
              }}
              unit={currencyName}
              testId="recharge-amount"
              error={amountError}
              hint={t('wallet.limits', {
                min: amountText(channel.minAmount, channel.currencyId),
                max: amountText(channel.maxAmount, channel.currencyId),
                currency: currencyName,
              })}
            />
            {channel.payeeAddress ? <PayeeAddress network={channel.network} address={channel.payeeAddress} /> : null}
            {channel.instructions ? (
              <div className="funding-instructions">
                <p className="funding-instructions__text">{channel.instructions}</p>
                {needsProof ? (
                  <button
                    type="button"
                    className="k-link funding-instructions__link"
                    onClick={() => openPaymentPage(channel.id)}
                    data-testid="recharge-instructions"
                  >
                    {t('wallet.open_payment_page')}
                    <RightOutline className="m-direction-flip" aria-hidden="true" />
                  </button>
                ) : null}
              </div>
            ) : null}
          </section>
        ) : null}

        {channel && needsProof ? (
          <section className="card m-section">
            <h2 className="m-section__title">{t('wallet.receipt')}</h2>
            <ProofPicker
              proof={proof}
              onChange={(next) => {
                setProof(next);
                setRefusal((current) => (current?.field === 'proof' ? null : current));
              }}
              missing={submitted && proof.state !== 'ready'}
              refused={refusal?.field === 'proof' ? t(refusal.key, refusal.params) : null}
            />
          </section>
        ) : null}

        {channel && !needsProof ? <Notice tone="info">{t('wallet.demo_channel_note')}</Notice> : null}
      </div>
    </MoneyPage>
  );
}

function ChannelSkeleton() {
  return (
    <div className="m-choices" aria-busy="true">
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} height={64} radius={12} />
      ))}
    </div>
  );
}

/** The receipt: pick an image, compress it (width 800, quality 0.7), upload it, show the thumbnail. */
function ProofPicker({
  proof,
  onChange,
  missing,
  refused,
}: {
  proof: Proof;
  onChange: (proof: Proof) => void;
  missing: boolean;
  /** The server's refusal of the proof, shown in place of the "missing" message. */
  refused: string | null;
}) {
  const { t } = useTranslation();
  return (
    <ImagePick
      upload={proof}
      onChange={onChange}
      testId="recharge-proof"
      className="funding-proof"
      error={refused ?? (missing ? t('error.proof_image_required') : null)}
      words={{
        image: t('wallet.receipt'),
        add: t('wallet.upload_receipt'),
        replace: t('wallet.replace_receipt'),
        remove: t('wallet.remove_receipt'),
        hint: t('wallet.receipt_hint'),
        compressing: t('wallet.compressing'),
        uploading: t('wallet.uploading'),
      }}
    />
  );
}
