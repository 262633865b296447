import { fastTrade } from '@kestrel/contract/web';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { OTHER_VALUE_FLAGS, useOtherValueFlag } from '../../../shared/platform/other-value-flags';
import { DemoTag } from '../../../shared/trading/DirectionTag';
import { FactList } from '../../../shared/trading/FactList';
import { toneOf, useMoneyText, usePriceOfRecord, useSignedMoneyText } from '../../../shared/trading/format';
import { PriceSource } from '../../../shared/ui/PriceSource';
import { SimulatedBadge } from '../../../shared/ui/SimulatedBadge';
import { fastTradeDetailQuery } from '../api/fast-trade-detail';
import type { FastTradeOrder } from '../api/fast-trade-list';
import { countdownText, durationText, serverClock } from '../lib/fast-trade';
import { useCountdown } from '../lib/use-countdown';

/** Past this long after expiry without a settlement, the ticket offers a manual refresh (polls stop at 60 s). */
const SETTLE_STUCK_MS = 45_000;

const RESULT_KEYS = {
  [fastTrade.FAST_TRADE_RESULT.won]: 'trading.result_won',
  [fastTrade.FAST_TRADE_RESULT.lost]: 'trading.result_lost',
  [fastTrade.FAST_TRADE_RESULT.tied]: 'trading.result_tied',
} as const;

/**
 * A fast trade: while open, a countdown on the server's clock (from the answer's serverTime, carried
 * forward by the phone's monotonic clock) with a progress bar; when due, "settling" until the
 * WebSocket or the detail poll brings the settlement; then the result with the payout and both ticks.
 */
export function FastTradeTicket({ order, compact = false }: { order: FastTradeOrder; compact?: boolean }) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const money = useMoneyText();
  const signed = useSignedMoneyText();
  const price = usePriceOfRecord();
  // Display only (otherValue app_fast_fee): a hidden fee is still charged and still on the statement.
  const showFee = useOtherValueFlag(OTHER_VALUE_FLAGS.fastFee);
  const clock = useMemo(() => serverClock(order.serverTime), [order.serverTime]);
  const open = order.status === fastTrade.FAST_TRADE_STATUS.open;
  const left = useCountdown(order.expiryTime, clock, open);
  const detail = useQuery(fastTradeDetailQuery(token, order.id, open && left <= 0));
  const current = detail.data?.status === fastTrade.FAST_TRADE_STATUS.settled ? detail.data : order;
  const settled = current.status === fastTrade.FAST_TRADE_STATUS.settled;
  const up = current.orderDirection === fastTrade.FAST_TRADE_DIRECTION.up;
  const duration = Math.max(1, current.durationSeconds * 1000);
  const progress = settled ? 1 : Math.min(1, Math.max(0, 1 - left / duration));
  const resultKey = current.result !== null ? RESULT_KEYS[current.result as keyof typeof RESULT_KEYS] : undefined;
  const resultTone =
    current.result === fastTrade.FAST_TRADE_RESULT.won
      ? 'rise'
      : current.result === fastTrade.FAST_TRADE_RESULT.lost
        ? 'fall'
        : 'flat';

  return (
    <article
      className={`tf-ticket${compact ? ' tf-ticket--compact' : ''}${settled ? ` tf-ticket--${resultTone}` : ''}`}
      data-testid="fast-ticket"
      data-status={settled ? 'settled' : 'open'}
      data-result={current.result ?? ''}
    >
      <header className="tf-ticket__head">
        <span className={`tr-tag ${up ? 'tr-tag--rise' : 'tr-tag--fall'}`}>
          {up ? t('trading.up') : t('trading.down')} · {durationText(current)}
        </span>
        <span className="tf-ticket__stake numeric" dir="ltr">
          {money(current.orderPrice)} {current.currencyName}
        </span>
        {current.demo ? <DemoTag /> : null}
        <SimulatedBadge simulated={current.simulated} />
      </header>

      {settled ? (
        <div className="tf-ticket__result" aria-live="polite">
          <span className={`tf-ticket__verdict ${resultTone}`} data-testid="fast-result">
            {resultKey ? t(resultKey) : '--'}
          </span>
          <span className={`tf-ticket__profit numeric ${toneOf(current.profit)}`} dir="ltr" data-testid="fast-profit">
            {signed(current.profit)} {current.currencyName}
          </span>
        </div>
      ) : (
        <div className="tf-ticket__clock" aria-live="off">
          <span className="tf-ticket__countdown numeric" dir="ltr" data-testid="fast-countdown">
            {left > 0 ? countdownText(left) : t('trading.settling')}
          </span>
          <div
            className={`tf-ticket__bar ${up ? 'tf-ticket__bar--rise' : 'tf-ticket__bar--fall'}`}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
          >
            <span style={{ width: `${progress * 100}%` }} />
          </div>
        </div>
      )}

      {!compact || settled ? (
        <FactList
          facts={[
            { label: t('trading.open_price'), value: price(current.openPrice), ltr: true },
            settled && { label: t('trading.settle_price'), value: price(current.settlePrice), ltr: true },
            settled && {
              label: t('trading.payout'),
              value: `${money(current.payout)} ${current.currencyName}`,
              ltr: true,
              testId: 'fast-payout',
            },
            !compact &&
              showFee && {
                label: t('trading.fee'),
                value: `${money(current.fee)} ${current.currencyName}`,
                ltr: true,
                testId: 'fast-ticket-fee',
              },
          ]}
        />
      ) : null}
      {!compact ? (
        <div className="tf-ticket__ticks">
          <PriceSource tickId={current.openTickId} source={current.openTickSource} price={price(current.openPrice)} />
          <PriceSource
            tickId={current.settleTickId}
            source={current.settleTickSource}
            price={price(current.settlePrice)}
            idTestId="fast-settle-tick"
          />
        </div>
      ) : null}
      {open && left <= 0 && !settled && (detail.isError || clock.now() - order.expiryTime > SETTLE_STUCK_MS) ? (
        <button
          type="button"
          className="k-action tr-button tr-button--small tr-button--outline"
          onClick={() => void detail.refetch()}
        >
          {t('common.retry')}
        </button>
      ) : null}
    </article>
  );
}
