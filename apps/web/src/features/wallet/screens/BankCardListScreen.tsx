import { CONSTANTS, wallet } from '@kestrel/contract/web';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';
import { useMasking } from '../../../shared/display/display-rules';
import { ActionButton } from '../../../shared/ui/Buttons';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useDeleteUserBankCard } from '../api/user-delete-bank-card';
import { useUserBankCards, type BankCard } from '../api/user-bank-list';
import { MoneyPage } from '../components/MoneyPage';
import { MONEY_PATHS } from '../lib/paths';
import './cards-screen.css';

/** `/pages/bankCard/bankCard-list`: my bank cards, masked; edit, delete (after a confirm) and add. */
export default function BankCardListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cards = useUserBankCards();
  const full = (cards.data?.length ?? 0) >= wallet.MAX_BANK_CARDS;

  let body;
  if (cards.isPending) {
    body = (
      <div className="cards-list" aria-busy="true">
        <Skeleton height={150} radius={18} />
        <Skeleton height={150} radius={18} />
      </div>
    );
  } else if (cards.isError)
    body = <LoadFailed variant="plain" title={t('wallet.load_failed')} onRetry={() => void cards.refetch()} />;
  else if (cards.data.length === 0) {
    body = (
      <div className="card">
        <EmptyState title={t('wallet.no_cards')} description={t('wallet.no_cards_body')} />
      </div>
    );
  } else {
    body = (
      <ul className="cards-list">
        {cards.data.map((card, index) => (
          <BankCardItem key={card.id} card={card} tint={index % 3} />
        ))}
      </ul>
    );
  }

  return (
    <MoneyPage
      footer={
        <ActionButton
          onClick={() => navigate(MONEY_PATHS.bindBankCard)}
          disabled={full || cards.isPending}
          testId="bankcard-add"
        >
          {t('page.bind_bank_card')}
        </ActionButton>
      }
    >
      <Refreshable onRefresh={() => invalidateCustomerData(queryClient, 'bankCards')}>
        <div className="screen__body m-body">
          {body}
          {full ? <p className="m-hint">{t('error.bank_card_limit', { max: wallet.MAX_BANK_CARDS })}</p> : null}
        </div>
      </Refreshable>
    </MoneyPage>
  );
}

function BankCardItem({ card, tint }: { card: BankCard; tint: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mask = useMasking();
  const remove = useDeleteUserBankCard();

  const confirmDelete = async () => {
    const confirmed = await Dialog.confirm({
      title: t('wallet.delete_card'),
      content: t('wallet.delete_card_body', { card: `${card.bankName} ${mask.bankCard(card.bankNo)}` }),
      confirmText: t('wallet.delete'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(card.id);
      Toast.show({ content: t('wallet.deleted'), duration: CONSTANTS.toastDurationMs });
    } catch {
      // Told by the request layer.
    }
  };

  return (
    <li className={`bank-card bank-card--tint-${tint}`} data-testid={`bankcard-${card.id}`}>
      <div className="bank-card__top">
        <span className="bank-card__bank">{card.bankName}</span>
        {card.bankCountry ? <span className="bank-card__country">{card.bankCountry}</span> : null}
      </div>
      <p className="bank-card__number numeric" dir="ltr" data-testid="bankcard-number">
        {mask.bankCard(card.bankNo).replace(/(.{4})(?=.)/g, '$1 ')}
      </p>
      <div className="bank-card__bottom">
        <span className="bank-card__holder">{card.holder}</span>
        <span className="bank-card__actions">
          <button
            type="button"
            className="bank-card__action"
            onClick={() => navigate(`${MONEY_PATHS.bindBankCard}?id=${card.id}`)}
            data-testid={`bankcard-edit-${card.id}`}
          >
            {t('wallet.edit')}
          </button>
          <button
            type="button"
            className="bank-card__action"
            onClick={() => void confirmDelete()}
            disabled={remove.isPending}
            data-testid={`bankcard-delete-${card.id}`}
          >
            {t('wallet.delete')}
          </button>
        </span>
      </div>
    </li>
  );
}
