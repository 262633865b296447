import Popup from 'antd-mobile/es/components/popup';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { PagedCards } from '../../../shared/ui/PagedCards';
import { SheetHeader } from '../../../shared/ui/PageHeader';
import { useRelationOrders } from '../api/relation-orders';
import { CopyOrderCard } from './CopyOrderCard';
import { SheetTitle } from './SheetTitle';
import { isolate } from './texts';

/**
 * The copies of one follow in a sheet (`?relation=ID`, so the back button closes it), newest first:
 * open, closed, skipped with the reason, or kept as the customer's own when the follow ended.
 */
export function CopiesSheet({
  relationId,
  traderName,
  onClose,
}: {
  relationId: number | null;
  /** The trader's name when the follow is among those loaded; the sheet is titled without it otherwise. */
  traderName: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = traderName ? t('copy.copies_of', { name: isolate(traderName) }) : t('copy.copies');
  return (
    <Popup
      visible={relationId !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="k-sheet ct-sheet"
      destroyOnClose
    >
      <div className="ct-sheet__content" role="dialog" aria-label={title} data-testid="copies-sheet">
        <SheetHeader
          title={
            traderName ? (
              <SheetTitle kicker={t('copy.copies')} name={traderName} />
            ) : (
              <span className="ct-sheet__title">{title}</span>
            )
          }
          onClose={onClose}
          closeIcon={<CloseOutline />}
        />
        <div className="ct-sheet__body">{relationId !== null ? <Copies relationId={relationId} /> : null}</div>
      </div>
    </Popup>
  );
}

function Copies({ relationId }: { relationId: number }) {
  const { t } = useTranslation();
  const orders = useRelationOrders(relationId);
  return (
    <PagedCards
      query={orders}
      renderCard={(order) => <CopyOrderCard key={order.id} order={order} />}
      empty={<EmptyState title={t('copy.no_copies')} description={t('copy.no_copies_hint')} />}
      listClassName="iv-list"
      testId="copy-orders"
    />
  );
}
