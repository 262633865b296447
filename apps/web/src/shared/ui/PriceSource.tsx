import { useTranslation } from 'react-i18next';
import { ltr } from '../display/bidi';
import { languageOf } from '../i18n/document-language';
import { useSettingsStore } from '../store/settings';
import { formatTimeOfDay, parseTickReference, SIMULATOR_TICK_SOURCE } from '../display/tick-reference';
import './price-source.css';

export interface PriceSourceProps {
  /** The tick id the record keeps (`X:BTCUSD#1156@1795561846000`); nothing renders without one. */
  tickId: string | null | undefined;
  /** Where the tick came from (`simulator`, `orderbook`, a provider's name). */
  source: string | null | undefined;
  /** The price that tick gave, already formatted for display; left out where the record has none. */
  price?: string | null;
  /** When the id carries no time (an order-book fill): the record's own time. */
  fallbackTime?: number | null;
  testId?: string;
  /** On the id behind the details tap: end-to-end tests read the exact tick there. */
  idTestId?: string;
}

/**
 * Which price decided a record, in words: "Price 105,026.47 at 23:10:04, simulated" (the time on the
 * customer's clock, "simulated" only for the simulator's ticks). The tick id itself means nothing to
 * a customer but lets support find the exact tick, so it waits behind a "Details" tap, labelled
 * "Reference", beside where the price came from in words (the raw source string is an internal name;
 * the contract carries no provider display name, so every source but the simulator reads "Market data feed").
 */
export function PriceSource({ tickId, source, price, fallbackTime, testId, idTestId }: PriceSourceProps) {
  const { t } = useTranslation();
  const locale = useSettingsStore((state) => state.locale);
  if (!tickId) return null;
  const reference = parseTickReference(tickId);
  const time = reference?.time ?? fallbackTime ?? null;
  const simulated = source === SIMULATOR_TICK_SOURCE;
  const params = {
    price: price ? ltr(price) : '',
    time: time === null ? '' : ltr(formatTimeOfDay(time, languageOf(locale).tag)),
  };
  const key = `price_source.${price ? 'price' : 'market_price'}${time === null ? '' : '_at'}${simulated ? '_simulated' : ''}`;
  return (
    <div className="price-source" data-testid={testId}>
      <span className="price-source__text" data-testid={testId ? `${testId}-text` : undefined}>
        {t(key, params)}
      </span>
      <details className="price-source__details">
        <summary>{t('price_source.details')}</summary>
        {source ? (
          <span className="price-source__id" data-testid={testId ? `${testId}-source` : undefined}>
            {t('price_source.source')} {simulated ? t('price_source.source_simulator') : t('price_source.source_feed')}
          </span>
        ) : null}
        <span className="price-source__id">
          {t('price_source.reference')}{' '}
          <code dir="ltr" data-testid={idTestId}>
            {tickId}
          </code>
        </span>
      </details>
    </div>
  );
}
