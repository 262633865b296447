import Popup from 'antd-mobile/es/components/popup';
import Toast from 'antd-mobile/es/components/toast';
import { CONSTANTS } from '@kestrel/contract/web';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField, FieldError } from '../ui/FormFields';
import type { Position } from './api/position-list';
import { useUpdateStopPrice } from './api/update-stop-price';
import { decimalsOf } from './decimals';
import { DirectionTag } from './DirectionTag';
import { usePriceOfRecord } from './format';
import { refusalField, refusalOf } from './refusal-field';
import { checkStopLevelText, levelSides } from './stop-levels';
import './trading.css';

/**
 * Edits a position's take-profit and stop-loss. Each field says which side of the current price it
 * belongs on and is checked as the customer types (the server checks again at the live price). An
 * empty field removes that level. A refusal shows under its field; what was typed stays.
 */
export function StopLevelsSheet({ position, onClose }: { position: Position | null; onClose: () => void }) {
  return (
    <Popup
      visible={position !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="k-sheet tr-sheet"
      destroyOnClose
    >
      {position ? <StopLevelsForm position={position} onDone={onClose} /> : null}
    </Popup>
  );
}

function StopLevelsForm({ position, onDone }: { position: Position; onDone: () => void }) {
  const { t } = useTranslation();
  const price = usePriceOfRecord();
  const update = useUpdateStopPrice();
  const titleId = useId();
  const [takeProfit, setTakeProfit] = useState(position.stopProfitPrice ?? '');
  const [stopLoss, setStopLoss] = useState(position.stopLossPrice ?? '');
  const [serverProblem, setServerProblem] = useState<{ field: string; text: string } | null>(null);
  const direction = position.orderDirection === 0 ? 'long' : 'short';
  const sides = levelSides(direction);
  const priceScale = Math.max(decimalsOf(position.openPrice), decimalsOf(position.nowPrice));
  const check = checkStopLevelText(direction, position.nowPrice, takeProfit, stopLoss, priceScale);
  const now = price(position.nowPrice);

  const save = async () => {
    if (!check.levels) return;
    setServerProblem(null);
    try {
      await update.mutateAsync({ positionId: position.id, ...check.levels });
      Toast.show({ content: t('trading.levels_saved'), duration: CONSTANTS.toastDurationMs });
      onDone();
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) setServerProblem({ field: refusalField(refusal.key), text: t(refusal.key, refusal.params) });
    }
  };

  const fieldError = (field: 'takeProfit' | 'stopLoss') => {
    const problem = check[field];
    if (problem) return t(problem.key, { ...problem.params, price: now });
    return serverProblem?.field === field ? serverProblem.text : null;
  };

  return (
    <div className="tr-sheet__content tr-fields" role="dialog" aria-labelledby={titleId} data-testid="levels-sheet">
      <div className="tr-sheet__grip" aria-hidden="true" />
      <h2 id={titleId} className="tr-sheet__title">
        {t('trading.edit_tp_sl')}
      </h2>
      <p className="tr-sheet__subtitle">
        {position.productName} <DirectionTag direction={position.orderDirection} leverage={position.orderLever} />{' '}
        <span className="numeric" dir="ltr">
          {t('trading.now_price')} {now}
        </span>
      </p>
      <LevelField
        label={t('trading.take_profit')}
        hint={t(sides.takeProfit === 'above' ? 'trading.level_above_hint' : 'trading.level_below_hint', { price: now })}
        value={takeProfit}
        onChange={setTakeProfit}
        error={fieldError('takeProfit')}
        testId="levels-tp"
      />
      <LevelField
        label={t('trading.stop_loss')}
        hint={t(sides.stopLoss === 'above' ? 'trading.level_above_hint' : 'trading.level_below_hint', { price: now })}
        value={stopLoss}
        onChange={setStopLoss}
        error={fieldError('stopLoss')}
        testId="levels-sl"
      />
      <FieldError message={serverProblem?.field === 'form' ? serverProblem.text : null} />
      <div className="tr-sheet__buttons">
        <button
          type="button"
          className="k-action tr-button k-action--neutral"
          onClick={onDone}
          disabled={update.isPending}
        >
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="k-action tr-button k-action--brand"
          onClick={() => void save()}
          disabled={update.isPending || !check.levels}
          data-testid="levels-save"
        >
          {update.isPending ? <span className="tr-spinner" aria-hidden="true" /> : null}
          {t('common.save')}
        </button>
      </div>
    </div>
  );
}

/** A take-profit or stop-loss price: an amount without a unit, empty meaning none, with a clear button. */
export function LevelField({
  label,
  hint,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <AmountField
      label={label}
      value={value}
      onChange={onChange}
      testId={testId}
      placeholder={t('trading.level_none')}
      hint={hint}
      error={error}
      trailing={
        value ? (
          <button type="button" className="tr-clear" onClick={() => onChange('')} aria-label={t('trading.clear')}>
            ×
          </button>
        ) : null
      }
    />
  );
}
