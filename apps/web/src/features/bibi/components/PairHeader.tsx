import type { bibi, TickerInfo } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useAmountFormat } from '../../../shared/display/display-rules';
import { ChangeRate } from '../../../shared/ui/ChangeRate';
import { PriceText } from '../../../shared/ui/PriceText';
import { fractionToPercent, pairName } from '../lib/format';
import { CoinIcon } from './CoinIcon';
import { CaretDown } from './Glyphs';
import { ReferenceQuote } from './ReferenceQuote';

/**
 * The pair (tap to switch), the last trade price on this exchange with its 24 h change, the 24 h high,
 * low, volume and turnover, and apart from them the reference price the market maker quotes around with
 * the feed's day range, labelled simulated while the simulator gives it.
 */
export function PairHeader({
  pair,
  ticker,
  reference,
  lastPrice,
  onSwitch,
}: {
  pair: bibi.BibiPair;
  ticker: bibi.BibiTicker | null;
  /** The price feed's ticker of the pair's product (useReferenceTicker). */
  reference: TickerInfo | null;
  lastPrice: string | null;
  onSwitch: () => void;
}) {
  const { t } = useTranslation();
  const amount = useAmountFormat();
  const percent = fractionToPercent(ticker?.changeRate24h);
  const direction =
    percent === null || /^-?0(\.0+)?$/.test(percent) ? 'flat' : percent.startsWith('-') ? 'fall' : 'rise';
  return (
    <section className="card bibi-head" data-testid="pair-header">
      <div className="bibi-head__top">
        <button
          type="button"
          className="k-instrument__switch"
          onClick={onSwitch}
          aria-haspopup="dialog"
          title={t('bibi.pair_switch')}
          data-testid="pair-switch"
        >
          <CoinIcon coin={pair.baseCurrencyName} size={36} />
          <span className="bibi-head__names">
            <span className="bibi-head__pair" dir="ltr" data-testid="pair-name">
              {pairName(pair)}
              <CaretDown className="k-instrument__caret" />
            </span>
            <span className="bibi-head__product">{pair.productName}</span>
          </span>
        </button>
      </div>
      <div className="k-instrument__price">
        {lastPrice !== null ? (
          <>
            <PriceText
              className="k-instrument__last"
              value={lastPrice}
              decimals={pair.priceScale}
              flash
              tone={direction === 'flat' ? undefined : direction}
            />
            <ChangeRate rate={percent} />
          </>
        ) : (
          <span className="bibi-head__no-trade">{t('bibi.trades_empty')}</span>
        )}
      </div>
      <dl className="bibi-head__stats k-instrument__stats">
        <div>
          <dt>{t('bibi.high_24h')}</dt>
          <dd>
            <PriceText value={ticker?.highPrice24h} decimals={pair.priceScale} />
          </dd>
        </div>
        <div>
          <dt>{t('bibi.low_24h')}</dt>
          <dd>
            <PriceText value={ticker?.lowPrice24h} decimals={pair.priceScale} />
          </dd>
        </div>
        <div>
          <dt>{t('bibi.volume_24h')}</dt>
          <dd className="numeric" dir="ltr">
            {amount(ticker?.volume24h, Math.min(pair.volumeScale, 4))} {pair.baseCurrencyName}
          </dd>
        </div>
        <div>
          <dt>{t('bibi.amount_24h')}</dt>
          <dd className="numeric" dir="ltr">
            {amount(ticker?.amount24h, 2)} {pair.quoteCurrencyName}
          </dd>
        </div>
      </dl>
      <ReferenceQuote pair={pair} ticker={reference} />
      {!pair.trading ? (
        <p className="bibi-head__halted" role="status">
          {t('bibi.halted')}
        </p>
      ) : null}
    </section>
  );
}
