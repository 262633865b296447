import { bibi } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useAmountFormat, useDisplayRules } from '../../../shared/display/display-rules';
import { formatDateTime } from '../lib/format';
import { baseCoinDecimals, feeDecimals, priceDecimals, quoteDecimals } from '../lib/precision';
import { SideLabel } from './SideLabel';
import { OrderStatusChip } from './OrderStatusChip';

/** What an order's figures are shown with: its pair's steps and the quote currency's ledger scale (fees). */
export interface PairScales {
  priceScale: number;
  volumeScale: number;
  /** The quote currency's ledger scale; the ledger's eight digits while the currencies are loading. */
  quoteScale?: number;
}

/**
 * One order: side, pair, type and time; price, amount, filled, average price, fee and status. Tapping it
 * opens its fills; an open order also has a cancel button (outside the row's button, never nested).
 */
export function OrderRow({
  order,
  scales,
  onOpen,
  onCancel,
  cancelling,
}: {
  order: bibi.BibiOrder;
  scales: PairScales | undefined;
  onOpen: (order: bibi.BibiOrder) => void;
  onCancel?: (order: bibi.BibiOrder) => void;
  cancelling?: boolean;
}) {
  const { t } = useTranslation();
  const amount = useAmountFormat();
  const { amountDecimals } = useDisplayRules();
  const prices = priceDecimals(scales);
  const coins = baseCoinDecimals(scales);
  const usdt = quoteDecimals(amountDecimals, scales?.quoteScale);
  const limit = order.orderMethod === bibi.ORDER_METHOD.limit;
  const [base = '', quote = ''] = order.pair.split('/');
  return (
    <li className="bibi-order" data-testid="order-row" data-order-id={order.id} data-status={order.status}>
      <button
        type="button"
        className="bibi-order__open"
        onClick={() => onOpen(order)}
        data-testid={`order-open-${order.id}`}
      >
        <span className="bibi-order__head">
          <SideLabel direction={order.orderDirection} />
          <span className="bibi-order__pair" dir="ltr">
            {order.pair}
          </span>
          <span className="bibi-order__type">{limit ? t('bibi.limit') : t('bibi.market')}</span>
          <OrderStatusChip order={order} />
        </span>
        <span className="bibi-order__time numeric" dir="ltr">
          {formatDateTime(order.createTime)}
        </span>
        <span className="bibi-order__grid">
          <Cell
            label={t('bibi.price_unit', { coin: quote })}
            value={limit ? amount(order.productPrice, prices) : t('bibi.market')}
            unit=""
          />
          <Cell
            label={order.orderVolume !== null ? t('bibi.amount') : t('bibi.budget')}
            value={order.orderVolume !== null ? amount(order.orderVolume, coins) : amount(order.orderAmount, usdt)}
            unit={order.orderVolume !== null ? base : quote}
          />
          <Cell label={t('bibi.filled')} value={amount(order.filledVolume, coins)} unit={base} testId="order-filled" />
          <Cell
            label={t('bibi.average_price_unit', { coin: quote })}
            value={amount(order.averagePrice, prices)}
            unit=""
          />
          <Cell
            label={t('bibi.fee')}
            value={amount(order.feeAmount, feeDecimals(order.feeAmount, amountDecimals, scales?.quoteScale))}
            unit={quote}
            testId="order-fee"
          />
          <Cell label={t('bibi.filled_total')} value={amount(order.filledAmount, usdt)} unit={quote} />
        </span>
      </button>
      {onCancel && order.status === bibi.BIBI_ORDER_STATUS.open ? (
        <button
          type="button"
          className="bibi-order__cancel"
          onClick={() => onCancel(order)}
          disabled={cancelling}
          data-testid={`order-cancel-${order.id}`}
        >
          {cancelling ? <span className="spinner spinner--small" aria-hidden="true" /> : null}
          {t('bibi.cancel')}
        </button>
      ) : null}
    </li>
  );
}

function Cell({ label, value, unit, testId }: { label: string; value: string; unit: string; testId?: string }) {
  return (
    <span className="bibi-order__cell">
      <span className="bibi-order__label">{label}</span>
      <span className="bibi-order__value numeric" dir="ltr" data-testid={testId}>
        {value}
        {unit && value !== '--' ? <span className="bibi-order__unit"> {unit}</span> : null}
      </span>
    </span>
  );
}
