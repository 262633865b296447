import type { Candle, Product } from '@kestrel/contract/web';
import type {
  BarPrice,
  IChartApi,
  ISeriesApi,
  LineData,
  HistogramData,
  CandlestickData,
  UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { candleTopic } from '../../../shared/realtime/topics';
import { useTopic } from '../../../shared/realtime/use-topic';
import type { Interval } from '../../../shared/realtime/message-types';
import { useDisplayRules } from '../../../shared/display/display-rules';
import { useSettingsStore } from '../../../shared/store/settings';
import { useResolvedTheme } from '../../../shared/theme/use-document-theme';
import { afterNextPaint, usePaintedOnce } from '../../../shared/lazy/after-next-paint';
import { useProductKline } from '../api/product-kline';
import { chartColours, withAlpha, type ChartColours } from './chart-theme';
import { chartPriceText, priceAxisLabels } from './price-axis';

type ChartsModule = typeof import('lightweight-charts');

// lightweight-charts is about 60 kB gzipped: fetched when the first chart mounts, never up front, and
// only once the screen around it has painted (the trade header's price is that screen's largest paint).
let chartsModule: Promise<ChartsModule> | null = null;
function loadCharts(): Promise<ChartsModule> {
  chartsModule ??= afterNextPaint()
    .then(() => import('lightweight-charts'))
    .catch((error: unknown) => {
      chartsModule = null;
      throw error;
    });
  return chartsModule;
}

export type ChartMode = 'candles' | 'line';

const INTRADAY = new Set<Interval>(['1m', '5m', '15m', '30m', '1h', '4h']);

/** Candle times are UTC milliseconds; the chart shows wall-clock time, so shift by the local offset. */
export function toChartTime(ms: number): UTCTimestamp {
  return (Math.floor(ms / 1000) - new Date(ms).getTimezoneOffset() * 60) as UTCTimestamp;
}

interface Bars {
  candles: CandlestickData<UTCTimestamp>[];
  volumes: HistogramData<UTCTimestamp>[];
  closes: LineData<UTCTimestamp>[];
}

function toBars(candles: readonly Candle[], colours: ChartColours): Bars {
  const bars: Bars = { candles: [], volumes: [], closes: [] };
  let last = -Infinity;
  for (const candle of candles) {
    const time = toChartTime(candle.time);
    if (time <= last) continue; // the chart requires strictly increasing times
    last = time;
    const open = Number(candle.open);
    const close = Number(candle.close);
    bars.candles.push({ time, open, high: Number(candle.high), low: Number(candle.low), close });
    bars.volumes.push({
      time,
      value: Number(candle.volume),
      color: withAlpha(close >= open ? colours.rise : colours.fall, 0.45),
    });
    bars.closes.push({ time, value: close });
  }
  return bars;
}

interface ChartParts {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  line: ISeriesApi<'Area'>;
}

/**
 * The k-line chart (lightweight-charts 5): candlesticks with a volume histogram, or the time-sharing
 * line; a crosshair; rise/fall colours from the preference. Loads 500 candles, then moves the last
 * one (or appends) from `candle:<code>:<interval>`. `data-candles` tells how many are drawn.
 */
export function KlineChart({
  product,
  interval,
  mode,
  className,
}: {
  product: Product;
  interval: Interval;
  mode: ChartMode;
  className?: string;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [parts, setParts] = useState<ChartParts | null>(null);
  const [libraryFailed, setLibraryFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [drawn, setDrawn] = useState<number | null>(null);
  const lastTime = useRef<number | null>(null);
  /** The close of the newest bar: where the last-price tag sits on the axis. */
  const lastClose = useRef<number | null>(null);
  const rules = useDisplayRules();
  const colours = useSettingsStore((state) => state.riseFallColours);
  // The chart paints on a canvas, so a theme change must be pushed to it (the tokens are read again).
  const theme = useResolvedTheme();
  // The candles (about 18 kB) are asked for once the screen around the chart has painted: the
  // header's price, not the chart, is what the customer needs first.
  const painted = usePaintedOnce();
  const kline = useProductKline(product.productCode, interval, painted);
  const decimals = product.priceScale;

  // The chart itself: created once per mount, removed on unmount.
  useEffect(() => {
    let cancelled = false;
    let created: IChartApi | null = null;
    loadCharts()
      .then((charts) => {
        if (cancelled || !container.current) return;
        const palette = chartColours();
        const chart = charts.createChart(container.current, {
          autoSize: true,
          layout: {
            background: { type: charts.ColorType.Solid, color: 'transparent' },
            textColor: palette.text,
            fontSize: 11,
            fontFamily: getComputedStyle(document.body).fontFamily,
          },
          grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
          rightPriceScale: { borderVisible: false },
          timeScale: { borderVisible: false, rightOffset: 4, barSpacing: 7 },
          crosshair: { mode: charts.CrosshairMode.Normal },
          localization: { locale: 'en-US' },
        });
        created = chart;
        const candles = chart.addSeries(charts.CandlestickSeries, {
          borderVisible: false,
          priceLineVisible: true,
        });
        const line = chart.addSeries(charts.AreaSeries, {
          lineWidth: 2,
          visible: false,
          priceLineVisible: true,
        });
        const volume = chart.addSeries(charts.HistogramSeries, {
          priceScaleId: 'volume',
          priceFormat: { type: 'volume' },
          lastValueVisible: false,
          priceLineVisible: false,
        });
        chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
        chart.priceScale('right').applyOptions({ scaleMargins: { top: 0.08, bottom: 0.24 } });
        setParts({ chart, candles, volume, line });
      })
      .catch(() => {
        if (!cancelled) setLibraryFailed(true);
      });
    return () => {
      cancelled = true;
      created?.remove();
      setParts(null);
    };
  }, [attempt]);

  // Colours, price format, time axis and mode follow the product, the interval and the preference.
  useEffect(() => {
    if (!parts) return;
    const palette = chartColours();
    const priceFormat = { type: 'price' as const, precision: decimals, minMove: 1 / 10 ** decimals };
    parts.chart.applyOptions({
      layout: { textColor: palette.text },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    });
    parts.candles.applyOptions({
      upColor: palette.rise,
      downColor: palette.fall,
      wickUpColor: palette.rise,
      wickDownColor: palette.fall,
      priceFormat,
      visible: mode === 'candles',
    });
    parts.line.applyOptions({
      lineColor: palette.line,
      topColor: palette.lineTop,
      bottomColor: 'rgba(0, 170, 255, 0)',
      priceFormat,
      visible: mode === 'line',
    });
    parts.chart.applyOptions({ timeScale: { timeVisible: INTRADAY.has(interval), secondsVisible: false } });
  }, [parts, decimals, mode, interval, colours, theme]);

  // Prices on the axis, the crosshair and the tag read like the header's; no tick label hides under the tag.
  useEffect(() => {
    if (!parts) return;
    const format = (price: number) => chartPriceText(price, decimals, rules);
    const shown = mode === 'candles' ? parts.candles : parts.line;
    const offsetFromLast = (price: number) => {
      const last = lastClose.current;
      if (last === null) return null;
      const [at, lastAt] = [shown.priceToCoordinate(price), shown.priceToCoordinate(last)];
      return at === null || lastAt === null ? null : at - lastAt;
    };
    parts.chart.applyOptions({
      localization: {
        locale: 'en-US',
        priceFormatter: format,
        tickmarksPriceFormatter: (prices: BarPrice[]) => priceAxisLabels(prices, format, offsetFromLast),
      },
    });
  }, [parts, decimals, rules, mode]);

  // The loaded candles.
  const candles = kline.data?.candles;
  useEffect(() => {
    if (!parts || !candles) return;
    const bars = toBars(candles, chartColours());
    parts.candles.setData(bars.candles);
    parts.volume.setData(bars.volumes);
    parts.line.setData(bars.closes);
    lastTime.current = bars.candles.at(-1)?.time ?? null;
    lastClose.current = bars.candles.at(-1)?.close ?? null;
    parts.chart.timeScale().scrollToRealTime();
    setDrawn(bars.candles.length);
  }, [parts, candles, colours, theme]);

  // The forming candle, live.
  useTopic(parts && drawn !== null ? candleTopic(product.productCode, interval) : null, (candle) => {
    const last = lastTime.current;
    const time = toChartTime(candle.time);
    if (!parts || last === null || time < last) return;
    const bar = toBars([candle], chartColours());
    const [price, volume, close] = [bar.candles[0], bar.volumes[0], bar.closes[0]];
    if (!price || !volume || !close) return;
    parts.candles.update(price);
    parts.volume.update(volume);
    parts.line.update(close);
    lastClose.current = close.value;
    if (time > last) {
      lastTime.current = time;
      setDrawn((count) => (count ?? 0) + 1);
    }
  });

  const loading = !libraryFailed && (kline.isPending || !parts);
  const failed = libraryFailed || (kline.isError && !candles);
  const empty = !loading && !failed && drawn === 0;

  return (
    <div
      className={`kline-chart ${className ?? ''}`}
      data-testid="kline-chart"
      data-candles={drawn ?? undefined}
      dir="ltr"
    >
      <div className="kline-chart__canvas" ref={container} />
      {loading ? (
        <div className="kline-chart__overlay" role="status" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
        </div>
      ) : null}
      {failed ? (
        <div className="kline-chart__overlay">
          <p>{t('kline.load_failed')}</p>
          <button
            type="button"
            className="k-button k-button--soft"
            onClick={() => {
              if (libraryFailed) {
                setLibraryFailed(false);
                setAttempt((count) => count + 1);
              }
              if (kline.isError) void kline.refetch();
            }}
          >
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {empty ? (
        <div className="kline-chart__overlay">
          <p>{t('kline.no_candles')}</p>
        </div>
      ) : null}
    </div>
  );
}
