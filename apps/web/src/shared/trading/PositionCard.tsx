import { useTranslation } from 'react-i18next';
import { productDisplayCode } from '../display/product-name';
import { PriceSource, type PriceSourceProps } from '../ui/PriceSource';
import { SimulatedBadge } from '../ui/SimulatedBadge';
import type { Position } from './api/position-list';
import { parseScaled } from './decimals';
import { DemoTag, DirectionTag } from './DirectionTag';
import { FactList } from './FactList';
import { formatDateTime, toneOf, useMoneyText, usePriceOfRecord, useSignedMoneyText } from './format';
import { divide } from '@kestrel/domain';
import './trading.css';

const REASON_KEYS = {
  manual: 'trading.reason_manual',
  close_all: 'trading.reason_close_all',
  take_profit: 'trading.reason_take_profit',
  stop_loss: 'trading.reason_stop_loss',
  liquidation: 'trading.reason_liquidation',
  copy_trader: 'trading.reason_copy_trader',
  copy_stop_loss: 'trading.reason_copy_stop_loss',
} as const;

/** PnL / margin as a percentage with 2 decimals (display only), or null. */
export function returnOnMargin(pnl: string | null, margin: string): string | null {
  const gain = parseScaled(pnl);
  const base = parseScaled(margin);
  if (!gain || !base || base.units === 0n) return null;
  const scale = Math.max(gain.scale, base.scale);
  const gainUnits = gain.units * 10n ** BigInt(scale - gain.scale);
  const baseUnits = base.units * 10n ** BigInt(scale - base.scale);
  const percent = divide(gainUnits * 100n, scale, baseUnits, scale, 2, 'down');
  const negative = percent < 0n;
  const magnitude = negative ? -percent : percent;
  const text = `${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : percent > 0n ? `+${text}` : text;
}

/**
 * One contract position: product, direction and leverage, the PnL (floating while open, realized when
 * closed) with its return on margin, entry and current (or close) price, quantity, margin, levels,
 * liquidation price, fees, and for a closed one why and at which tick it closed.
 */
export function PositionCard({
  position,
  onEdit,
  onClose,
  compact = false,
}: {
  position: Position;
  onEdit?: () => void;
  onClose?: () => void;
  /** The trade tab's list: fewer facts. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const signed = useSignedMoneyText();
  const price = usePriceOfRecord();
  const open = position.status === 0;
  const tone = toneOf(position.profitAndLose);
  const rate = returnOnMargin(position.profitAndLose, position.marginAmount);
  const reason = position.closeReason ? REASON_KEYS[position.closeReason] : null;

  return (
    <article className="tr-position" data-testid="position-card" data-position-id={position.id}>
      <header className="tr-position__head">
        <div className="tr-position__names">
          <span className="tr-position__name">{position.productName}</span>
          <span className="tr-position__code" dir="ltr">
            {productDisplayCode(position.productCode)}
          </span>
        </div>
        <div className="tr-position__tags">
          <DirectionTag direction={position.orderDirection} leverage={position.orderLever} />
          {position.demo ? <DemoTag /> : null}
          {!open && reason ? (
            <span className={`tr-tag tr-tag--reason tr-tag--${position.closeReason}`} data-testid="close-reason">
              {t(reason)}
            </span>
          ) : null}
        </div>
      </header>

      <div className="tr-position__pnl">
        <span className="tr-position__pnl-label">
          {open ? t('trading.floating_pnl') : t('trading.realized_pnl')} (USDT)
        </span>
        <span className={`tr-position__pnl-value numeric ${tone}`} dir="ltr" data-testid="position-pnl">
          {signed(position.profitAndLose)}
        </span>
        {rate ? (
          <span className={`tr-position__pnl-rate numeric ${tone}`} dir="ltr">
            {rate}%
          </span>
        ) : null}
        <SimulatedBadge simulated={position.simulated} />
      </div>

      <FactList
        className="tr-position__facts"
        facts={[
          { label: t('trading.entry_price'), value: price(position.openPrice), ltr: true },
          open
            ? { label: t('trading.now_price'), value: price(position.nowPrice), ltr: true, testId: 'position-now' }
            : { label: t('trading.close_price'), value: price(position.closePrice), ltr: true },
          { label: t('trading.quantity'), value: position.orderNum, ltr: true },
          { label: t('trading.margin'), value: money(position.marginAmount), ltr: true },
          { label: t('trading.take_profit'), value: price(position.stopProfitPrice), ltr: true, testId: 'position-tp' },
          { label: t('trading.stop_loss'), value: price(position.stopLossPrice), ltr: true, testId: 'position-sl' },
          open && { label: t('trading.liquidation_price'), value: price(position.liquidationPrice), ltr: true },
          !compact && { label: t('trading.opening_fee'), value: money(position.openFee), ltr: true },
          !compact && !open && { label: t('trading.closing_fee'), value: money(position.closeFee), ltr: true },
          !compact && !open && { label: t('trading.settled'), value: money(position.settledAmount), ltr: true },
        ]}
      />

      {!compact ? (
        <div className="tr-position__ticks">
          <TickLine
            when={t('trading.opened_at', { time: formatDateTime(position.openTime) })}
            tickId={position.openTickId}
            source={position.openTickSource}
            price={price(position.openPrice)}
            idTestId="open-tick"
          />
          {!open ? (
            <TickLine
              when={t('trading.closed_at', { time: formatDateTime(position.closeTime) })}
              tickId={position.closeTickId}
              source={position.closeTickSource}
              price={price(position.closePrice)}
              idTestId="close-tick"
            />
          ) : null}
        </div>
      ) : null}

      {open && (onEdit || onClose) ? (
        <div className="tr-position__actions">
          {onEdit ? (
            <button
              type="button"
              className="k-action tr-button tr-button--small tr-button--outline"
              onClick={onEdit}
              data-testid="position-edit"
            >
              {t('trading.edit_tp_sl')}
            </button>
          ) : null}
          {onClose ? (
            <button
              type="button"
              className="k-action tr-button tr-button--small tr-button--dark"
              onClick={onClose}
              data-testid="position-close"
            >
              {t('trading.close')}
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/**
 * When a position opened or closed and the tick that priced it. A block (div): PriceSource holds a
 * <details>, which a <span> may not contain.
 */
function TickLine({ when, ...source }: { when: string } & PriceSourceProps) {
  return (
    <div>
      {when}
      <PriceSource {...source} />
    </div>
  );
}
