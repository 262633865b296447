import { INTERVALS } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import type { Interval } from '../../../shared/realtime/message-types';
import type { ChartMode } from './KlineChart';

/** What the chart shows: the time-sharing line, or candles at one interval. */
export interface ChartView {
  mode: ChartMode;
  interval: Interval;
}

export const DEFAULT_VIEW: ChartView = { mode: 'candles', interval: '15m' };
/** The time-sharing line follows one-minute closes. */
export const TIME_SHARING_VIEW: ChartView = { mode: 'line', interval: '1m' };

/** The chart's interval chips, the time-sharing line first. */
export function IntervalChips({ view, onChange }: { view: ChartView; onChange: (view: ChartView) => void }) {
  const { t } = useTranslation();
  const chip = (key: string, label: string, active: boolean, next: ChartView) => (
    <button
      type="button"
      key={key}
      role="radio"
      aria-checked={active}
      className={`interval-chips__chip${active ? ' interval-chips__chip--active' : ''}`}
      onClick={() => onChange(next)}
      data-testid={`kline-interval-${key}`}
    >
      {label}
    </button>
  );
  return (
    <div className="interval-chips" role="radiogroup" aria-label={t('kline.interval')}>
      {chip('time', t('kline.time_sharing'), view.mode === 'line', TIME_SHARING_VIEW)}
      {INTERVALS.map((interval) =>
        chip(interval, t(`kline.${interval}`), view.mode === 'candles' && view.interval === interval, {
          mode: 'candles',
          interval,
        }),
      )}
    </div>
  );
}
