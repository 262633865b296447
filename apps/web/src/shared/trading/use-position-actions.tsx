import Toast from 'antd-mobile/es/components/toast';
import { CONSTANTS } from '@kestrel/contract/web';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Position } from './api/position-list';
import { usePositionSell } from './api/position-sell';
import { ConfirmSheet } from './ConfirmSheet';
import { toneOf, useMoneyText, usePriceOfRecord, useSignedMoneyText } from './format';
import { StopLevelsSheet } from './StopLevelsSheet';
import { SimulatedBadge } from '../ui/SimulatedBadge';

/**
 * Close (after a confirmation sheet) and edit TP/SL for a list of positions. Returns the two actions
 * and the sheets to render once next to the list.
 */
export function usePositionActions(): {
  close: (position: Position) => void;
  edit: (position: Position) => void;
  sheets: ReactNode;
} {
  const { t } = useTranslation();
  const money = useMoneyText();
  const signed = useSignedMoneyText();
  const price = usePriceOfRecord();
  const sell = usePositionSell();
  const [closing, setClosing] = useState<Position | null>(null);
  const [editing, setEditing] = useState<Position | null>(null);

  const confirmClose = async () => {
    if (!closing) return;
    try {
      const closed = await sell.mutateAsync(closing.id);
      Toast.show({
        content: t('trading.closed_toast', { pnl: `${signed(closed.profitAndLose)} USDT` }),
        duration: CONSTANTS.toastDurationMs,
      });
    } catch {
      // The request layer has shown the refusal; the position stays as it is.
    }
    setClosing(null);
  };

  const inHoldTime = closing !== null && Date.now() < closing.closableTime;
  const sheets = (
    <>
      <ConfirmSheet
        visible={closing !== null}
        title={closing ? t('trading.close_title', { product: closing.productName }) : ''}
        facts={
          closing
            ? [
                {
                  label: t('trading.direction'),
                  value: closing.orderDirection === 0 ? t('trading.long') : t('trading.short'),
                },
                { label: t('trading.leverage'), value: `${closing.orderLever}x`, ltr: true },
                { label: t('trading.entry_price'), value: price(closing.openPrice), ltr: true },
                {
                  label: (
                    <>
                      {t('trading.now_price')} <SimulatedBadge simulated={closing.simulated} />
                    </>
                  ),
                  value: price(closing.nowPrice),
                  ltr: true,
                },
                { label: t('trading.quantity'), value: closing.orderNum, ltr: true },
                { label: t('trading.margin'), value: `${money(closing.marginAmount)} USDT`, ltr: true },
                {
                  label: t('trading.floating_pnl'),
                  value: `${signed(closing.profitAndLose)} USDT`,
                  ltr: true,
                  strong: true,
                  tone: toneOf(closing.profitAndLose),
                },
              ]
            : []
        }
        note={inHoldTime ? t('trading.hold_time_note') : t('trading.close_note')}
        confirmText={t('trading.close')}
        confirmTone="danger"
        pending={sell.isPending}
        onConfirm={() => void confirmClose()}
        onClose={() => setClosing(null)}
        testId="close-sheet"
      />
      <StopLevelsSheet position={editing} onClose={() => setEditing(null)} />
    </>
  );
  return { close: setClosing, edit: setEditing, sheets };
}
