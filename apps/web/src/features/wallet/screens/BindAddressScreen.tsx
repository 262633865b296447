import { CONSTANTS } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useMasking } from '../../../shared/display/display-rules';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';
import { ActionButton } from '../../../shared/ui/Buttons';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Notice } from '../../../shared/ui/Notice';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useGoBack } from '../../../shared/ui/use-go-back';
import { useAddUserWalletAddress } from '../api/add-user-wallet-address';
import { useModifyUserWalletAddress } from '../api/modify-user-wallet-address';
import { useUserWalletAddresses, type WalletAddress } from '../api/user-wallet-address-list';
import { CurrencyIcon } from '../components/CurrencyIcon';
import { SelectField, TextField } from '../components/Fields';
import { MoneyPage } from '../components/MoneyPage';
import { idParameter, MONEY_PATHS } from '../lib/paths';
import { addressFieldOf, fieldRefusalOf, type FieldRefusal } from '../lib/field-refusals';

/**
 * `/pages/wallets/bindAddress` (`?id=` to edit, `?currencyId=` to preselect): currency, network (the
 * currency's walletAddressType split on '/') and the address. Editing asks for the full address again:
 * the list shows it masked.
 */
export default function BindAddressScreen() {
  const { t } = useTranslation();
  const [parameters] = useSearchParams();
  const editId = idParameter(parameters.get('id'));
  const currencies = usePlatformCurrencies();
  const addresses = useUserWalletAddresses();
  const editing = editId !== null ? addresses.data?.find((entry) => entry.id === editId) : undefined;

  let body;
  if (currencies.isPending || (editId !== null && addresses.isPending)) {
    body = (
      <section className="card m-section" aria-busy="true">
        <Skeleton height={48} radius={12} />
        <Skeleton height={48} radius={12} />
        <Skeleton height={72} radius={12} />
      </section>
    );
  } else if (currencies.isError || (editId !== null && addresses.isError)) {
    body = (
      <LoadFailed
        variant="plain"
        title={t('wallet.load_failed')}
        onRetry={() => {
          void currencies.refetch();
          void addresses.refetch();
        }}
      />
    );
  } else if (editId !== null && !editing) {
    body = <Notice tone="warning" title={t('error.wallet_address_not_found')} />;
  } else {
    return <AddressForm editing={editing} preselect={idParameter(parameters.get('currencyId'))} />;
  }
  return (
    <MoneyPage title={editId !== null ? t('wallet.edit_address') : undefined}>
      <div className="screen__body m-body">{body}</div>
    </MoneyPage>
  );
}

function AddressForm({ editing, preselect }: { editing: WalletAddress | undefined; preselect: number | null }) {
  const { t } = useTranslation();
  const goBack = useGoBack(MONEY_PATHS.addresses);
  const currencies = usePlatformCurrencies().data;
  const mask = useMasking();
  const add = useAddUserWalletAddress();
  const modify = useModifyUserWalletAddress();

  /** Currencies with at least one network: only these can have a withdrawal address. */
  const eligible = useMemo(
    () =>
      [...(currencies?.rows ?? [])]
        .filter((currency) => currencies?.addressTypes(currency.id).length)
        .sort((a, b) => a.sort - b.sort),
    [currencies],
  );
  const [currencyId, setCurrencyId] = useState<number>(
    () =>
      editing?.currencyId ??
      (eligible.some((entry) => entry.id === preselect) ? (preselect ?? 0) : (eligible[0]?.id ?? 0)),
  );
  const types = useMemo(() => currencies?.addressTypes(currencyId) ?? [], [currencies, currencyId]);
  const [type, setType] = useState<string>(() => editing?.walletAddressType ?? types[0] ?? '');
  const [address, setAddress] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // The server's refusal (not valid for the network, a duplicate), under its field until it changes.
  const [refusal, setRefusal] = useState<FieldRefusal<'address' | 'network'> | null>(null);
  const refusalFor = (field: 'address' | 'network') =>
    refusal?.field === field ? t(refusal.key, { type, ...refusal.params }) : null;
  useEffect(() => {
    if (!types.includes(type)) setType(types[0] ?? '');
  }, [types, type]);

  const currency = currencies?.byId.get(currencyId);
  const trimmed = address.trim();
  const addressProblem =
    trimmed === ''
      ? t('error.required', { field: t('wallet.address') })
      : /\s/.test(trimmed)
        ? t('error.wallet_address_invalid', { type })
        : null;
  const pending = add.isPending || modify.isPending;

  const submit = async () => {
    setSubmitted(true);
    if (addressProblem || !type || !currencyId) return;
    const body = { walletAddress: trimmed, currencyId, walletAddressType: type };
    try {
      if (editing) await modify.mutateAsync({ ...body, userWalletAddressId: editing.id });
      else await add.mutateAsync(body);
      Toast.show({ content: t('tips.saved'), duration: CONSTANTS.toastDurationMs });
      goBack();
    } catch (error) {
      // A refusal about the address or network shows under it; the limit arrives as a translated toast.
      setRefusal(fieldRefusalOf(error, addressFieldOf));
    }
  };

  return (
    <MoneyPage
      title={editing ? t('wallet.edit_address') : undefined}
      footer={
        <ActionButton onClick={() => void submit()} loading={pending} testId="address-submit">
          {t('common.save')}
        </ActionButton>
      }
    >
      <div className="screen__body m-body">
        <section className="card m-section">
          <SelectField
            label={t('wallet.currency')}
            required
            value={String(currencyId)}
            options={eligible.map((entry) => ({ value: String(entry.id), label: entry.currencyName }))}
            onChange={(value) => setCurrencyId(Number(value))}
            testId="address-currency"
            leading={
              currency ? <CurrencyIcon name={currency.currencyName} src={currency.currencyImg} size={24} /> : undefined
            }
          />
          <SelectField
            label={t('wallet.network')}
            required
            value={type}
            options={types.map((entry) => ({ value: entry, label: entry }))}
            onChange={(value) => {
              setType(value);
              setRefusal(null);
            }}
            testId="address-type"
            hint={t('wallet.network_hint')}
            error={refusalFor('network')}
          />
          <TextField
            label={t('wallet.address')}
            required
            value={address}
            onChange={(value) => {
              setAddress(value);
              setRefusal((current) => (current?.field === 'address' ? null : current));
            }}
            testId="address-input"
            placeholder={t('wallet.address_placeholder', { type })}
            dir="ltr"
            maxLength={100}
            multiline
            hint={
              editing ? t('wallet.address_again', { address: mask.walletAddress(editing.walletAddress) }) : undefined
            }
            error={refusalFor('address') ?? (submitted ? addressProblem : null)}
          />
        </section>
        <Notice tone="warning">{t('wallet.address_warning', { currency: currency?.currencyName ?? '', type })}</Notice>
      </div>
    </MoneyPage>
  );
}
