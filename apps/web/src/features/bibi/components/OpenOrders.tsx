import { bibi } from '@kestrel/contract/web';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { useBibiOrderList } from '../api/bibi-order-list';
import { OrderDetailSheet } from './OrderDetailSheet';
import { OrderList } from './OrderList';
import type { PairScales } from './OrderRow';

/** My open orders on this pair (the first page, newest first), each with cancel; tap one for its fills. */
export function OpenOrders({ pair, quoteScale }: { pair: bibi.BibiPair; quoteScale: number }) {
  const { t } = useTranslation();
  const scales = useMemo<PairScales>(
    () => ({ priceScale: pair.priceScale, volumeScale: pair.volumeScale, quoteScale }),
    [pair.priceScale, pair.volumeScale, quoteScale],
  );
  const orders = useBibiOrderList({ status: bibi.BIBI_ORDER_STATUS.open, productCode: pair.productCode });
  const [opened, setOpened] = useState<bibi.BibiOrder | null>(null);
  const rows = orders.data?.pages[0]?.rows ?? [];

  let body;
  if (orders.isPending) body = <SkeletonRows rows={2} />;
  else if (rows.length === 0) body = <EmptyState title={t('bibi.no_open_orders')} />;
  else {
    body = (
      <OrderList rows={rows} scalesOf={() => scales} onOpen={setOpened} className="bibi-orders" testId="open-orders" />
    );
  }
  return (
    <>
      {body}
      <OrderDetailSheet order={opened} scales={scales} onClose={() => setOpened(null)} />
    </>
  );
}
