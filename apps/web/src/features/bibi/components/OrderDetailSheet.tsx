import type { bibi } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useAmountFormat, useDisplayRules } from '../../../shared/display/display-rules';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { HeadedSheet } from '../../../shared/ui/HeadedSheet';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { useBibiOrderDetail } from '../api/bibi-order-detail';
import { formatDateTime } from '../lib/format';
import { baseCoinDecimals, feeDecimals, priceDecimals, quoteDecimals } from '../lib/precision';
import { MarketMakerBadge } from './MarketMakerBadge';
import type { PairScales } from './OrderRow';
import { SideLabel } from './SideLabel';
import { OrderStatusChip } from './OrderStatusChip';
import { Cross } from './Glyphs';

/** One order and its fills (price, volume, amount, fee, maker or taker, time), in a bottom sheet. */
export function OrderDetailSheet({
  order,
  scales,
  onClose,
}: {
  order: bibi.BibiOrder | null;
  scales: PairScales | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <HeadedSheet
      visible={order !== null}
      title={t('bibi.order_detail')}
      onClose={onClose}
      closeIcon={<Cross />}
      className="bibi-sheet"
    >
      {order ? <DetailBody order={order} scales={scales} /> : null}
    </HeadedSheet>
  );
}

function DetailBody({ order, scales }: { order: bibi.BibiOrder; scales: PairScales | undefined }) {
  const { t } = useTranslation();
  const amount = useAmountFormat();
  const detail = useBibiOrderDetail(order.id);
  const current = detail.data ?? order;
  const { amountDecimals } = useDisplayRules();
  const prices = priceDecimals(scales);
  const coins = baseCoinDecimals(scales);
  const usdt = quoteDecimals(amountDecimals, scales?.quoteScale);
  const fee = (value: string) => amount(value, feeDecimals(value, amountDecimals, scales?.quoteScale));
  const [base = '', quote = ''] = current.pair.split('/');
  const fills = detail.data?.fills ?? [];
  return (
    <div className="bibi-detail" data-testid="order-detail">
      <div className="bibi-detail__head">
        <SideLabel direction={current.orderDirection} />
        <span className="bibi-detail__pair" dir="ltr">
          {current.pair}
        </span>
        <OrderStatusChip order={current} />
      </div>
      <dl className="k-facts bibi-facts">
        <Row label={t('bibi.order_time')} value={formatDateTime(current.createTime)} />
        <Row
          label={t('bibi.price')}
          value={current.productPrice ? `${amount(current.productPrice, prices)} ${quote}` : t('bibi.market')}
        />
        <Row
          label={current.orderVolume !== null ? t('bibi.amount') : t('bibi.budget')}
          value={
            current.orderVolume !== null
              ? `${amount(current.orderVolume, coins)} ${base}`
              : `${amount(current.orderAmount, usdt)} ${quote}`
          }
        />
        <Row label={t('bibi.filled')} value={`${amount(current.filledVolume, coins)} ${base}`} />
        <Row
          label={t('bibi.average_price')}
          value={current.averagePrice ? `${amount(current.averagePrice, prices)} ${quote}` : '--'}
        />
        <Row label={t('bibi.filled_total')} value={`${amount(current.filledAmount, usdt)} ${quote}`} />
        <Row label={t('bibi.fee')} value={`${fee(current.feeAmount)} ${quote}`} />
        {current.finishTime !== null ? (
          <Row label={t('bibi.finish_time')} value={formatDateTime(current.finishTime)} />
        ) : null}
      </dl>
      {current.cancelReason === 'self_trade' ? (
        <p className="bibi-detail__note">{t('bibi.cancel_reason_self_trade')}</p>
      ) : null}
      <h3 className="bibi-detail__subtitle">{t('bibi.fills')}</h3>
      {detail.isPending ? (
        <SkeletonRows rows={2} />
      ) : fills.length === 0 ? (
        <EmptyState title={t('bibi.no_fills')} />
      ) : (
        <ol className="k-list bibi-fills" data-testid="order-fills">
          {fills.map((fill) => (
            <li key={fill.tradeId} className="bibi-fills__row" data-testid="fill-row">
              <span className="bibi-fills__top">
                <span className="numeric" dir="ltr">
                  {amount(fill.volume, coins)} {base} @ {amount(fill.price, prices)}
                </span>
                <span className="bibi-fills__role">
                  {fill.role === 'maker' ? t('bibi.role_maker') : t('bibi.role_taker')}
                  {fill.counterpartyMarketMaker ? <MarketMakerBadge /> : null}
                </span>
              </span>
              <span className="bibi-fills__bottom">
                <span className="numeric" dir="ltr">
                  {formatDateTime(fill.time)}
                </span>
                <span className="numeric" dir="ltr">
                  {amount(fill.amount, usdt)} {quote} · {t('bibi.fee')} {fee(fill.fee)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className="numeric" dir="ltr">
        {value}
      </dd>
    </div>
  );
}
