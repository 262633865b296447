import type { bibi } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { HeadedSheet } from '../../../shared/ui/HeadedSheet';
import { PriceText } from '../../../shared/ui/PriceText';
import { SimulatedBadge } from '../../../shared/ui/SimulatedBadge';
import { pairName } from '../lib/format';
import { CoinIcon } from './CoinIcon';
import { Cross } from './Glyphs';

/** The bottom sheet of every coin-to-coin pair with its last price (or the reference before a first trade). */
export function PairSwitcher({
  visible,
  pairs,
  current,
  onClose,
  onSelect,
}: {
  visible: boolean;
  pairs: readonly bibi.BibiPair[];
  current: string;
  onClose: () => void;
  onSelect: (productCode: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <HeadedSheet
      visible={visible}
      title={t('bibi.pairs_title')}
      onClose={onClose}
      closeIcon={<Cross />}
      className="bibi-sheet"
    >
      <ul className="bibi-pairs" data-testid="pair-list">
        {pairs.map((pair) => (
          <li key={pair.productCode}>
            <button
              type="button"
              className={`bibi-pairs__row${pair.productCode === current ? ' bibi-pairs__row--current' : ''}`}
              onClick={() => onSelect(pair.productCode)}
              data-testid={`pair-${pair.productCode}`}
            >
              <CoinIcon coin={pair.baseCurrencyName} size={32} />
              <span className="bibi-pairs__names">
                <span className="bibi-pairs__pair" dir="ltr">
                  {pairName(pair)}
                </span>
                <span className="bibi-pairs__product">{pair.productName}</span>
              </span>
              <span className="bibi-pairs__price">
                <PriceText value={pair.lastPrice ?? pair.referencePrice} decimals={pair.priceScale} />
                {pair.lastPrice === null ? <SimulatedBadge simulated={pair.simulated} /> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </HeadedSheet>
  );
}
