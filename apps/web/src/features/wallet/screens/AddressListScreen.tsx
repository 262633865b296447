import { CONSTANTS, wallet } from '@kestrel/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';
import { useMasking } from '../../../shared/display/display-rules';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';
import { ActionButton } from '../../../shared/ui/Buttons';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { useDeleteUserWalletAddress } from '../api/delete-user-wallet-address';
import { useUserWalletAddresses, type WalletAddress } from '../api/user-wallet-address-list';
import { CurrencyIcon } from '../components/CurrencyIcon';
import { MoneyPage } from '../components/MoneyPage';
import { MONEY_PATHS } from '../lib/paths';
import './cards-screen.css';

/** `/pages/wallets/wallets`: my withdrawal addresses, masked; edit, delete (after a confirm) and add. */
export default function AddressListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const addresses = useUserWalletAddresses();
  const full = (addresses.data?.length ?? 0) >= wallet.MAX_WALLET_ADDRESSES;

  let body;
  if (addresses.isPending) {
    body = (
      <div className="card">
        <SkeletonRows rows={3} />
      </div>
    );
  } else if (addresses.isError)
    body = <LoadFailed variant="plain" title={t('wallet.load_failed')} onRetry={() => void addresses.refetch()} />;
  else if (addresses.data.length === 0) {
    body = (
      <div className="card">
        <EmptyState title={t('wallet.no_addresses')} description={t('wallet.no_addresses_body')} />
      </div>
    );
  } else {
    body = (
      <ul className="k-list m-list">
        {addresses.data.map((address) => (
          <AddressItem key={address.id} address={address} />
        ))}
      </ul>
    );
  }

  return (
    <MoneyPage
      title={t('me.wallets')}
      footer={
        <ActionButton
          onClick={() => navigate(MONEY_PATHS.bindAddress)}
          disabled={full || addresses.isPending}
          testId="address-add"
        >
          {t('page.bind_address')}
        </ActionButton>
      }
    >
      <Refreshable onRefresh={() => invalidateCustomerData(queryClient, 'walletAddresses')}>
        <div className="screen__body m-body">
          {body}
          {full ? (
            <p className="m-hint">{t('error.wallet_address_limit', { max: wallet.MAX_WALLET_ADDRESSES })}</p>
          ) : null}
        </div>
      </Refreshable>
    </MoneyPage>
  );
}

function AddressItem({ address }: { address: WalletAddress }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mask = useMasking();
  const currencies = usePlatformCurrencies().data;
  const remove = useDeleteUserWalletAddress();
  const shown = mask.walletAddress(address.walletAddress);

  const confirmDelete = async () => {
    const confirmed = await Dialog.confirm({
      title: t('wallet.delete_address'),
      content: t('wallet.delete_address_body', { address: shown }),
      confirmText: t('wallet.delete'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(address.id);
      Toast.show({ content: t('wallet.deleted'), duration: CONSTANTS.toastDurationMs });
    } catch {
      // Told by the request layer.
    }
  };

  return (
    <li className="card address-item" data-testid={`address-${address.id}`}>
      <CurrencyIcon name={address.currencyName} src={currencies?.byId.get(address.currencyId)?.currencyImg} size={38} />
      <div className="address-item__text">
        <span className="address-item__title">
          {address.currencyName}
          <StatusChip tone="brand">{address.walletAddressType}</StatusChip>
        </span>
        <span className="address-item__address numeric" dir="ltr" data-testid="address-value">
          {shown}
        </span>
      </div>
      <div className="address-item__actions">
        <button
          type="button"
          className="k-pill m-small-button"
          onClick={() => navigate(`${MONEY_PATHS.bindAddress}?id=${address.id}`)}
          data-testid={`address-edit-${address.id}`}
        >
          {t('wallet.edit')}
        </button>
        <button
          type="button"
          className="k-pill m-small-button m-small-button--danger"
          onClick={() => void confirmDelete()}
          disabled={remove.isPending}
          data-testid={`address-delete-${address.id}`}
        >
          {t('wallet.delete')}
        </button>
      </div>
    </li>
  );
}
