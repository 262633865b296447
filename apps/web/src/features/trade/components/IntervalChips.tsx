import { INTERVALS } from '@kestrel/contract/web';
import { useLayoutEffect, useRef } from 'react';
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

/** How far from the strip's faded ends (trade-screen.css) the chosen chip is kept, in CSS pixels. */
const FADE_PX = 28;

/**
 * Scrolls `strip` sideways just enough that `chip` is clear of the faded ends. Only the strip moves
 * (scrollIntoView would also scroll the page). scrollLeft grows towards the right in both directions of
 * writing in current engines, so the same arithmetic serves Arabic.
 */
export function revealChip(strip: HTMLElement, chip: HTMLElement): void {
  const box = strip.getBoundingClientRect();
  const place = chip.getBoundingClientRect();
  if (place.left < box.left + FADE_PX) strip.scrollLeft -= box.left + FADE_PX - place.left;
  else if (place.right > box.right - FADE_PX) strip.scrollLeft += place.right - (box.right - FADE_PX);
}

/** The chart's interval chips, the time-sharing line first. */
export function IntervalChips({ view, onChange }: { view: ChartView; onChange: (view: ChartView) => void }) {
  const { t } = useTranslation();
  const strip = useRef<HTMLDivElement>(null);
  const activeKey = view.mode === 'line' ? 'time' : view.interval;
  useLayoutEffect(() => {
    const chip = strip.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    if (strip.current && chip) revealChip(strip.current, chip);
  }, [activeKey]);
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
    <div className="interval-chips" role="radiogroup" aria-label={t('kline.interval')} ref={strip}>
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
