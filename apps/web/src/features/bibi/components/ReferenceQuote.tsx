import type { bibi, TickerInfo } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { PriceText } from '../../../shared/ui/PriceText';
import { SimulatedBadge } from '../../../shared/ui/SimulatedBadge';

/**
 * The price feed's figures for the pair, apart from this exchange's own: the reference price the market
 * maker quotes around and the feed's day range (high, low). Labelled as reference data, and as simulated
 * while the simulator gives it, so an empty trade list and a zero volume are never mistaken for a price.
 */
export function ReferenceQuote({ pair, ticker }: { pair: bibi.BibiPair; ticker: TickerInfo | null }) {
  const { t } = useTranslation();
  const simulated = ticker?.simulated ?? pair.simulated;
  const figures = [
    { key: 'price', label: t('bibi.reference_price'), value: ticker?.nowPrice ?? pair.referencePrice },
    { key: 'high', label: t('bibi.reference_day_high'), value: ticker?.day.max },
    { key: 'low', label: t('bibi.reference_day_low'), value: ticker?.day.min },
  ];
  return (
    <section className="bibi-reference" aria-labelledby="bibi-reference-title" data-testid="pair-reference">
      <div className="bibi-reference__head">
        <h2 id="bibi-reference-title" className="bibi-reference__title">
          {t('bibi.reference_title')}
        </h2>
        <SimulatedBadge simulated={simulated} />
      </div>
      <dl className="bibi-reference__figures">
        {figures.map((figure) => (
          <div key={figure.key} data-testid={`reference-${figure.key}`}>
            <dt>{figure.label}</dt>
            <dd>
              <PriceText value={figure.value} decimals={pair.priceScale} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="bibi-reference__note">
        {simulated ? t('bibi.reference_note_simulated') : t('bibi.reference_note')}
      </p>
    </section>
  );
}
